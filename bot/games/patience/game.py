"""A patience spec as a Parlour game (DESIGN.md "The game contract", one seat), with undo,
redo, hints, auto-play and resigning.

The state keeps the opening order of the cards and the moves that made the layout, so
undo is a replay of all but the last move: exact even across reshuffles, whose order comes
from the seed and the reshuffle's number. Hints are actions too (they are counted, and a
win with no undo, no hint and no assist is "perfect"); so are the answers of "Can I
still win?" that the table service records (assist.py), and a known winning line is
the hint. The game ends when it is won, when the player
resigns, or at the move limit. A position with no move left is not yet over: the player
may still undo, or resign.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from bot.games.base import Game, GameInfo, Outcome
from bot.games.cards import Pack, stacked_deck
from bot.games.errors import IllegalAction
from bot.games.options import Option, OptionValue
from bot.games.patience import assist
from bot.games.patience.engine import Ctx, Kind, Layout, Spec, name
from bot.games.patience.facts import PatienceView, Pile, Zone
from bot.games.patience.odds import odds_footer, odds_words
from bot.games.patience.solver import hint
from bot.games.rng import deal_commitment, deal_seed
from bot.games.state import Dumped, JsonDict, dump_frozen, load_frozen

PLAYING, WON, LOST, RESIGNED = "", "won", "lost", "resigned"
CONTROLS = ("undo", "redo", "hint", "auto", "resign")
AUTO_LIMIT = 500
MOVE_LIMIT = Option(
    "move_limit",
    3000,
    "Actions (undo and hints included) after which an unfinished game ends.",
    minimum=100,
    maximum=20000,
)


@dataclass(frozen=True, slots=True)
class PatienceState:
    """A game of patience: the opening deal, the moves since, and the counters."""

    seed: int
    deck: tuple[str, ...]
    """The cards in their opening order, top first."""
    options: tuple[tuple[str, OptionValue], ...]
    layout: Layout
    log: tuple[str, ...]
    """The moves that made the layout from the deal (an 'auto' stands for its moves)."""
    redo: tuple[str, ...]
    """Moves undone, most recent last."""
    undos: int
    hints: int
    hint: str
    end: str
    actions: int
    assists: int = 0
    """Answers of "Can I still win?" recorded (assist.py): a game with one is assisted."""
    line: tuple[str, ...] = ()
    """A line known to win from the layout (the last "won" answer, while it holds)."""


class PatienceGame(Game[PatienceState]):
    """One of Cheney's games, played by one player."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.info = GameInfo(
            key=spec.key,
            title=spec.title,
            family="patience",
            solitary=True,
            at_leisure=True,
            together=True,
            picture="patience",
            piles=tuple(spec.index),
            min_seats=1,
            max_seats=1,
            options=(*spec.options, MOVE_LIMIT),
            source=_source(spec.source),
            summary=spec.summary,
            rules=spec.rules,
            pack=Pack.FRENCH,
            max_actions=int(MOVE_LIMIT.default) + AUTO_LIMIT,
            odds=odds_words(spec.key),
            odds_short=odds_footer(spec.key),
        )

    # -- the contract ----------------------------------------------------------------------

    def new(
        self,
        seats: int,
        seed: int,
        options: Mapping[str, object] | None = None,
        deck: Sequence[str] | None = None,
        stacks: Sequence[int] | None = None,
    ) -> PatienceState:
        """A new game: the pack shuffled from the seed (or stacked), laid out."""
        self.check_seats(seats)
        opts = self.options(options)
        pack = self.spec.pack()
        ctx = Ctx(seed, opts)
        cards = (
            stacked_deck(deck, pack, Pack.FRENCH)
            if deck is not None
            else self.spec.shuffled_pack(seed, ctx)
        )
        layout = self.spec.settle(self.spec.deal(cards, ctx), ctx)
        state = PatienceState(
            seed, cards, tuple(sorted(opts.items())), layout, (), (), 0, 0, "", PLAYING, 0
        )
        return self._judge(state)

    def awaiting(self, state: PatienceState) -> frozenset[int]:
        """The player, until the game ends."""
        return frozenset() if state.end else frozenset((0,))

    def legal_actions(self, state: PatienceState, seat: int) -> list[str]:
        """The moves, and undo / redo / hint / auto / resign when they apply."""
        if state.end or seat != 0:
            return []
        ctx = self._ctx(state)
        moves = self.spec.moves(state.layout, ctx)
        out = list(moves)
        if state.log:
            out.append("undo")
        if state.redo:
            out.append("redo")
        if moves:
            out.append("hint")
            if self._auto_moves(state.layout, ctx):
                out.append("auto")
        out.append("resign")
        return sorted(out)

    def apply(self, state: PatienceState, seat: int, action: str) -> PatienceState:
        """The state after an action, or IllegalAction with the reason."""
        if state.end:
            raise IllegalAction("This game is over: start a new one to play again.")
        if seat != 0:
            raise IllegalAction("Patience is played by one player, at seat 0.")
        if not isinstance(action, str) or (len(action) > 40 and not assist.is_assist(action)):
            raise IllegalAction(self.spec.usage())  # an answer carries a line: it may be long
        ctx = self._ctx(state)
        counted = replace(state, actions=state.actions + 1, hint="")
        if action == "undo":
            return self._undo(state, counted)
        if action == "redo":
            return self._redo(state, counted, ctx)
        if action == "hint":
            return self._hint(state, counted, ctx)
        if action == "resign":
            return replace(counted, end=RESIGNED)
        if assist.is_assist(action):
            return self._told(state, counted, action, ctx)
        if action == "auto" and not self._auto_moves(state.layout, ctx):
            raise IllegalAction("No card can safely go home by itself now.")
        layout = self._step(state.layout, action, ctx)
        after = replace(counted, layout=layout, log=(*state.log, action), redo=())
        return self._judge(self._follow(state, after, action))

    def _undo(self, state: PatienceState, counted: PatienceState) -> PatienceState:
        """Take back the last move: the layout replayed from the deal without it."""
        if not state.log:
            raise IllegalAction("There is nothing to undo.")
        layout = self._replay(state, state.log[:-1])
        after = replace(
            counted,
            layout=layout,
            log=state.log[:-1],
            redo=(*state.redo, state.log[-1]),
            undos=state.undos + 1,
        )
        return self._judge(self._follow(state, after, "undo", state.log[-1]))

    def _redo(self, state: PatienceState, counted: PatienceState, ctx: Ctx) -> PatienceState:
        """Play again the last move taken back."""
        if not state.redo:
            raise IllegalAction("There is nothing to redo.")
        layout = self._step(state.layout, state.redo[-1], ctx)
        after = replace(
            counted, layout=layout, log=(*state.log, state.redo[-1]), redo=state.redo[:-1]
        )
        return self._judge(self._follow(state, after, state.redo[-1]))

    def _hint(self, state: PatienceState, counted: PatienceState, ctx: Ctx) -> PatienceState:
        """The state with the solver's suggested move shown."""
        if not self.spec.moves(state.layout, ctx):
            raise IllegalAction("No move is left: undo, or resign.")
        found = state.line[0] if state.line else hint(self.spec, state.layout, ctx)
        return replace(counted, hints=state.hints + 1, hint=found or "none")

    def _told(
        self, state: PatienceState, counted: PatienceState, action: str, ctx: Ctx
    ) -> PatienceState:
        """The state with an answer of "Can I still win?" recorded (a won line checked
        by playing it through to a win) and its line, if any, as the hint."""
        told = assist.checked(assist.read(action), lambda line: self._wins(state, line, ctx))
        line = told.line
        after = replace(counted, assists=state.assists + 1, line=line, hint=line[0] if line else "")
        return self._judge(after)

    def _follow(
        self, before: PatienceState, after: PatienceState, played: str, undone: str | None = None
    ) -> PatienceState:
        """The state after a move with the known winning line kept while it still wins:
        its rest when the move was its next one; else the line as it was, or after an
        undo the undone move and the line, whichever wins from the new layout."""
        line = before.line
        if not line or played == line[0]:
            return replace(after, line=line[1:])
        candidates = [line] if undone is None else [(undone, *line), line]
        ctx = self._ctx(after)
        held = next((c for c in candidates if self._wins(after, c, ctx)), ())
        return replace(after, line=held)

    def _wins(self, state: PatienceState, line: Sequence[str], ctx: Ctx) -> bool:
        """Whether the moves, played from the state's layout by the rules, win."""
        layout = state.layout
        try:
            for move in line:
                if move in CONTROLS:
                    return False
                layout = self._step(layout, move, ctx)
        except IllegalAction:
            return False
        return self.spec.won(layout)

    def view(self, state: PatienceState, seat: int | None) -> PatienceView:
        """The layout as anyone may see it: face-down cards as backs (and, in games where
        the player may not look beneath the top card, only the top of each pile)."""
        spec, lay = self.spec, state.layout
        zones: list[Zone] = []
        for zone in spec.zones:
            piles: list[Pile] = []
            for pid in zone.ids():
                i = spec.index[pid]
                cards, down = lay.piles[i], lay.down[i]
                shown: list[str | None] = [None] * down + list(cards[down:])
                if zone.hidden and len(shown) > 1:
                    shown = [*([None] * (len(shown) - 1)), shown[-1]]
                piles.append({"id": pid, "cards": shown})
            zones.append(
                {"name": zone.name, "kind": str(zone.kind), "label": zone.label, "piles": piles}
            )
        out: PatienceView = {
            "game": spec.key,
            "title": spec.title,
            "figure": spec.figure,
            "zones": zones,
            "passes": lay.passes,
            "redeals": spec.redeals,
            "privileges": {p: uses - lay.used[k] for k, (p, uses) in enumerate(spec.privileges)},
            "marks": list(lay.marks),
            "moves": len(state.log),
            "undos": state.undos,
            "hints": state.hints,
            "hint": state.hint or None,
            "end": state.end or None,
            "stuck": not state.end and not spec.moves(lay, self._ctx(state)),
            "score": spec.score(lay),
            "commitment": deal_commitment(state.seed, 0),
        }
        if state.assists:  # shown only once asked, so an unassisted game's view is as it was
            out["assists"] = state.assists
            out["news"] = assist.assisted_words(state.assists)
        if state.end:
            out["result"] = self._summary(state)
            out["seed"] = deal_seed(state.seed, 0)
        return out

    def outcome(self, state: PatienceState) -> Outcome | None:
        """Once over: the score, whether it was won, and in words."""
        if not state.end:
            return None
        won = state.end == WON
        return Outcome(
            points=(self.spec.score(state.layout),),
            winners=(0,) if won else (),
            summary=self._summary(state),
        )

    def dump(self, state: PatienceState) -> JsonDict:
        """The state as JSON-safe data."""
        data = dump_frozen(state)
        data["layout"] = dump_frozen(state.layout)
        data["options"] = [list(kv) for kv in state.options]
        return data

    def load(self, data: Dumped) -> PatienceState:
        """The state dumped by dump."""
        fields = dict(data)
        fields["layout"] = load_frozen(Layout, data["layout"])
        fields["options"] = [tuple(kv) for kv in data["options"]]
        return load_frozen(PatienceState, fields)

    def cards(self, state: PatienceState) -> list[str]:
        """Every card, wherever it lies."""
        return [c for pile in state.layout.piles for c in pile]

    def private_cards(self, state: PatienceState, seat: int) -> frozenset[str]:
        """Nothing: the player sees just what onlookers see."""
        return frozenset()

    def describe_action(self, action: str) -> str:
        """'move t3 f1' -> 'Move pile t3 to family f1'."""
        if assist.is_assist(action):
            return assist.ASKED
        words = action.split(" ")
        if (
            words[0] == "move"
            and len(words) in (3, 4)
            and words[1] in self.spec.index
            and words[2] in self.spec.index
        ):
            src, dst = self.spec.index[words[1]], self.spec.index[words[2]]
            count = f"{words[3]} cards" if len(words) == 4 else "a card"
            return f"Move {count} from {self.spec.label(src)} to {self.spec.label(dst)}"
        return self.spec.describe(action)

    def stats(self, state: PatienceState) -> dict[str, int] | None:
        """The counters a player's statistics keep: moves made, undos, hints, score."""
        return {
            "moves": len(state.log),
            "undos": state.undos,
            "hints": state.hints,
            "assists": state.assists,
            "score": self.spec.score(state.layout),
        }

    # -- helpers ---------------------------------------------------------------------------

    def _ctx(self, state: PatienceState) -> Ctx:
        return Ctx(state.seed, dict(state.options))

    def _replay(self, state: PatienceState, log: Sequence[str]) -> Layout:
        ctx = self._ctx(state)
        layout = self.spec.settle(self.spec.deal(state.deck, ctx), ctx)
        for action in log:
            layout = self._step(layout, action, ctx)
        return layout

    def _step(self, layout: Layout, action: str, ctx: Ctx) -> Layout:
        if action != "auto":
            return self.spec.apply(layout, action, ctx)
        for _ in range(AUTO_LIMIT):
            moves = self._auto_moves(layout, ctx)
            if not moves:
                break
            layout = self.spec.apply(layout, moves[0], ctx)
        return layout

    def _auto_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        spec = self.spec
        moves = sorted(spec.moves(layout, ctx))
        if spec.forced:
            return moves[:1] if len(moves) == 1 else []
        if not spec.auto_ok:
            return []
        return [m for m in moves if spec.safe(layout, m, ctx)]

    def _judge(self, state: PatienceState) -> PatienceState:
        if self.spec.won(state.layout):
            return replace(state, end=WON)
        limit = int(dict(state.options).get("move_limit", MOVE_LIMIT.default))
        if state.actions >= limit:
            return replace(state, end=LOST)
        return state

    def _summary(self, state: PatienceState) -> str:
        words = self.spec.result_words(state.layout, state.end == WON)
        helped = f" {assist.assisted_words(state.assists)}" if state.assists else ""
        if state.end == WON:
            clean = not state.undos and not state.hints and not state.assists
            perfect = " A perfect game: no undo, no hint." if clean else ""
            return f"{words} {len(state.log)} moves.{perfect}{helped}"
        if state.end == RESIGNED:
            return f"Resigned. {words}{helped}"
        return f"Out of moves. {words}{helped}"

    def layouts(self, state: PatienceState) -> list[Layout]:
        """The layout after each prefix of the moves, from the deal's to the current one
        (for looking back along the game)."""
        ctx = self._ctx(state)
        layout = self.spec.settle(self.spec.deal(state.deck, ctx), ctx)
        out = [layout]
        for action in state.log:
            layout = self._step(layout, action, ctx)
            out.append(layout)
        return out


def _source(text: str) -> str:
    """A spec's source as players read it: the book and page ("Cheney, Patience (1869),
    p. 66"). Our notes on the game are its rules page, beside its module."""
    parts = [p.strip() for p in text.split(";") if p.strip()]
    return "; ".join(p for p in parts if not p.startswith("rules/")) or "Cheney, Patience (1869)"


def pile_top(layout: Layout, spec: Spec, pid: str) -> str | None:
    """The top card of a pile, if any (for tests and hooks)."""
    pile = layout.piles[spec.index[pid]]
    return pile[-1] if pile else None


__all__ = ["Kind", "PatienceGame", "PatienceState", "name", "pile_top"]
