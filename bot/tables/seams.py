"""The front ends' seam: what every front end (Discord, the terminal, a web table later)
shows of a table, worked out once here from the game, one seam per family, chosen from a
static table by the game's capabilities (`GameInfo`), never by its name or family.

A seam answers, for its family:
- `hand(table, seat)`: a seat's private parts (the cards it holds, or the exposed dummy's
  on the dummy's turn; whether it is awaited; the moves it may make now with their words,
  or out of turn its optional ones; its stake to spread over the board's cards);
- `controls(update)`: the controls of the table's own message (the lobby's verbs, "My
  hand", a rematch but not at a tournament's table; for a patience in play, the piles
  that have a move and its one-word actions);
- `standing(game, state, outcome)`: each seat's result in the unit its game keeps (chips,
  points, or a patience's score with its counters);
and each front end draws a table as its game's `GameInfo.picture` says. Front ends turn
these plain values into their own widgets and lines; none of them asks the game. Words
name seats "seat N", as the games write them; each front end names them its own way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from bot.games import Game, GameInfo, Outcome, View, english
from bot.games.messages import Text
from bot.games.patience.search import solvable
from bot.games.scene import HAND
from bot.tables.events import Event
from bot.tables.models import Status, Table, TableError
from bot.tables.moves import Move
from bot.tables.still import STILL
from bot.tables.updates import TableFacts, Update

Unit = Literal["chips", "points", "score"]

LOBBY_VERBS = ("join", "leave", "ai", "start")
PLAYING_VERBS = ("hand", "back")
AFTER_VERBS = ("rematch",)
PATIENCE_CONTROLS = ("auto", "hint", "undo", "redo", "resign")
"""A patience's one-word actions that are not moves of the game; they come after its own."""


@dataclass(frozen=True, slots=True)
class Stake:
    """A stake to spread over the board's cards (the Stops games): the chips, the cards,
    whether the dealer doubles it, and the common spreads offered now, in words."""

    total: int
    cards: tuple[str, ...]
    double: bool
    spreads: tuple[Move, ...]


@dataclass(frozen=True, slots=True)
class Hand:
    """A seat's private parts, as every front end shows them."""

    table_id: int
    version: int
    seat: int
    pack: str
    title: str
    """'seat 2's hand', or 'The dummy's hand, played by seat 2'."""
    cards: tuple[str, ...]
    turn: bool
    """Whether the game awaits this seat now."""
    moves: tuple[Move, ...]
    """On the seat's turn its legal moves; out of turn the optional ones it may make now."""
    dummy: bool = False
    """Whether the seat plays the exposed dummy's hand now (the cards are the dummy's)."""
    stake: Stake | None = None
    decline_words: str = "Not now"
    """The words that pass on optional moves, in the game's own terms."""

    @property
    def actions(self) -> list[str]:
        """The moves as listed."""
        return [m.action for m in self.moves]


@dataclass(frozen=True, slots=True)
class Pile:
    """A patience pile that has a move: its id, its label, and its moves."""

    source: str
    label: Text
    moves: tuple[Move, ...]


@dataclass(frozen=True, slots=True)
class Controls:
    """The controls of a table's own message: verbs for its buttons, and for a patience
    in play the piles with a move (under the game's prompt) and its one-word actions."""

    table_id: int
    version: int
    verbs: tuple[str, ...] = ()
    piles: tuple[Pile, ...] = ()
    words: tuple[str, ...] = ()
    prompt: str = ""


@dataclass(frozen=True, slots=True)
class Standing:
    """One seat's result in its game's unit (a patience's counters beside its score)."""

    seat: int
    amount: int
    unit: Unit
    counters: tuple[tuple[str, int], ...] = ()


def seated(table: Table | TableFacts, seat: int) -> str:
    """The seat as the games write it, for front ends to name."""
    return table.seats[seat].name


def own_hand_title(table: Table | TableFacts, seat: int) -> str:
    """The title of a picture of the seat's own hand, the same in its private answer and
    its DM, so that both show one picture, drawn once."""
    return f"{seated(table, seat)}'s hand"


def cards_in(view: View, index: int) -> tuple[str, ...]:
    """The cards a seat's own view shows in its hand: its seat's cards, unless the game
    draws the hand apart (a group whose role is `HAND`, its seats showing the cards laid before
    them: Quien Sabe's face-up cards, the Stops games' played ones) or says it is empty;
    then the view's `hand`."""
    hand = view.get("hand")
    scene = view.get("scene", {})
    apart = any(g.get("role") == HAND for g in scene.get("groups", []))
    if isinstance(hand, list) and (apart or not hand):
        return tuple(c for c in hand if isinstance(c, str))
    seats = scene.get("seats", [])
    return tuple(seats[index].get("cards", [])) if index < len(seats) else ()


class TableSeam:
    """A game of seats round a table: the lobby's verbs, "My hand", points at the end."""

    unit: Unit = "points"

    def hand(self, table: Table, seat: int) -> Hand:
        """The seat's private parts now (the table is playing)."""
        game, state = table.game, table.state
        mine = game.view(state, seat)
        turn = seat in game.awaiting(state)
        cards, title, dummy = self.shown(mine, table, seat, turn)
        if turn:
            listed = game.legal_actions(state, seat)
        else:
            listed = game.optional_actions(state, seat) if game.info.out_of_turn else []
        return Hand(
            table_id=table.id,
            version=table.version,
            seat=seat,
            pack=str(game.info.pack),
            title=title,
            cards=cards,
            turn=turn,
            moves=moves_of(game, listed),
            dummy=dummy,
            stake=self.stake(mine, listed) if turn else None,
            decline_words=english(game.info.decline_words),
        )

    def shown(
        self, mine: View, table: Table, seat: int, turn: bool
    ) -> tuple[tuple[str, ...], str, bool]:
        """The cards the private message shows, its title, and whether they are the
        dummy's: the seat's own hand here."""
        return cards_in(mine, seat), own_hand_title(table, seat), False

    def stake(self, mine: View, listed: Sequence[str]) -> Stake | None:
        """The stake the seat spreads now: none in this family."""
        return None

    def controls(self, update: Update) -> Controls:
        """The table message's buttons for where the table is."""
        table = update.table
        verbs: tuple[str, ...] = ()
        if update.event is Event.STOPPED:
            verbs = ()
        elif update.outcome is not None:
            # a tournament's table is not rematched: its tournament seats the next round
            verbs = AFTER_VERBS if table.tournament_id is None else ()
        elif table.status is Status.LOBBY:
            verbs = LOBBY_VERBS
        elif table.status is Status.PLAYING:
            verbs = PLAYING_VERBS
        return Controls(table.id, table.version, verbs=verbs)

    def standing(self, game: Game[Any], state: Any, outcome: Outcome) -> list[Standing]:
        """Each seat's result: the outcome's points in the family's unit."""
        return [Standing(i, p, self.unit) for i, p in enumerate(outcome.points)]


class TrickSeam(TableSeam):
    """Trick games: a seat may play an exposed dummy's hand on the dummy's turn."""

    def shown(
        self, mine: View, table: Table, seat: int, turn: bool
    ) -> tuple[tuple[str, ...], str, bool]:
        """The dummy's cards on the dummy's turn, else the seat's own."""
        if table.game.info.dummy and turn and bool(mine.get("from_dummy")):
            cards = tuple(c for c in mine.get("dummy") or [] if isinstance(c, str))
            return cards, f"The dummy's hand, played by {seated(table, seat)}", True
        return super().shown(mine, table, seat, turn)


class ChipSeam(TableSeam):
    """Chip games: results in chips won or lost, unless played for points on paper."""

    unit: Unit = "chips"

    def standing(self, game: Game[Any], state: Any, outcome: Outcome) -> list[Standing]:
        """Chips won or lost; a game kept on paper (Quien Sabe's soft score) gives each
        seat's score in points."""
        if outcome.scores:
            return [Standing(i, p, "points") for i, p in enumerate(outcome.scores)]
        return super().standing(game, state, outcome)


class StopsSeam(ChipSeam):
    """The Stops games: a deal opens with stakes spread over the board's cards."""

    def stake(self, mine: View, listed: Sequence[str]) -> Stake | None:
        """The stake the seat's view asks it to spread, with the common spreads it may
        choose now."""
        staking = mine.get("staking")
        if not staking:
            return None
        quick = staking["quick"]
        spreads = tuple(Move(a, label) for label, a in quick.items() if a in listed)
        return Stake(
            total=staking["total"],
            cards=tuple(staking["cards"]),
            double=staking["double"],
            spreads=spreads,
        )


class PatienceSeam(TableSeam):
    """Patience (and Sympathy): the moves are controls on the table's own message, as
    piles with a move and one-word actions; the result is a score with its counters."""

    unit: Unit = "score"

    def controls(self, update: Update) -> Controls:
        """The piles and one-word actions while the game is on; else the table's verbs."""
        table = update.table
        playing = table.status is Status.PLAYING and update.event is not Event.STOPPED
        if not playing or update.outcome is not None:
            return super().controls(update)
        awaiting = update.awaiting
        if not awaiting:
            return Controls(table.id, table.version)
        game, state = update.moment.game, update.moment.state
        piles, words = split_actions(game, game.legal_actions(state, awaiting[0]))
        return Controls(
            table.id,
            table.version,
            piles=piles,
            words=with_still(game, words),
            prompt=english(game.info.sources_prompt),
        )

    def standing(self, game: Game[Any], state: Any, outcome: Outcome) -> list[Standing]:
        """The score, with the moves, undos and hints it took."""
        stats = game.stats(state) or {}
        counters = tuple((k, stats[k]) for k in ("moves", "undos", "hints") if k in stats)
        return [Standing(i, p, "score", counters) for i, p in enumerate(outcome.points)]


def moves_of(game: Game[object], listed: Sequence[str]) -> tuple[Move, ...]:
    """The moves, their words made when a control shows them."""
    describe = game.describe_action
    return tuple(Move(a, describe=describe) for a in listed)


def source_of(action: str) -> str | None:
    """The pile (or card) an action starts from: its first argument ('move t3 f1' -> t3)."""
    words = action.split(" ")
    return words[1] if len(words) > 1 else None


def split_actions(game: Game[object], legal: list[str]) -> tuple[tuple[Pile, ...], tuple[str, ...]]:
    """The legal actions by the pile they start from, and the one-word actions in button
    order. An action of several words whose first argument is not one of the game's piles
    ('take next card') stands alone among the piles, under its own words."""
    piles = set(game.info.piles)
    sources: dict[str, list[str]] = {}
    words: list[str] = []
    for action in legal:
        source = source_of(action)
        if source is None:
            words.append(action)
        elif piles and source not in piles:
            sources[action] = [action]
        else:
            sources.setdefault(source, []).append(action)
    order = {"deal": 0, "redeal": 1} | {c: 3 + i for i, c in enumerate(PATIENCE_CONTROLS)}
    words.sort(key=lambda w: (order.get(w, 2), w))
    found = tuple(
        Pile(s, _pile_label(game, s, acts), moves_of(game, acts)) for s, acts in sources.items()
    )
    return found, tuple(words)


def _pile_label(game: Game[object], source: str, actions: list[str]) -> Text:
    """'t3 (2 moves)', or the move itself when the pile has only one."""
    if len(actions) == 1:
        return game.describe_action(actions[0])
    return f"{source} ({len(actions)} moves)"


PATIENCE, STOPS, CHIPS, TRICKS = PatienceSeam(), StopsSeam(), ChipSeam(), TrickSeam()
SEAMS: tuple[tuple[Callable[[GameInfo], bool], TableSeam], ...] = (
    (lambda info: info.solitary, PATIENCE),
    (lambda info: info.staking, STOPS),
    (lambda info: info.chips, CHIPS),
    (lambda info: True, TRICKS),
)
"""Which seam serves a game, by its capabilities: the first that fits."""


def seam_of(info: GameInfo) -> TableSeam:
    """The seam of a game."""
    return next(seam for fits, seam in SEAMS if fits(info))


def hand_of(table: Table, user_id: int) -> Hand:
    """A seated player's private parts now, or TableError saying why there are none."""
    seat = table.seat_of(user_id)
    if seat is None or table.seats[seat].left:
        raise TableError("You are not seated at this table; you can watch.")
    if table.status is not Status.PLAYING:
        raise TableError("The game has not started yet.")
    return seam_of(table.game.info).hand(table, seat)


def controls_of(update: Update) -> Controls:
    """The controls of a table's own message, as the update leaves it."""
    return seam_of(update.table.info).controls(update)


def hand_controls(table: Table, hand: Hand) -> Controls:
    """A patience hand's moves as its table message offers them: the piles that have a
    move, under the game's prompt, and the one-word actions."""
    piles, words = split_actions(table.game, hand.actions)
    prompt = english(table.game.info.sources_prompt)
    words = with_still(table.game, words)
    return Controls(table.id, hand.version, piles=piles, words=words, prompt=prompt)


def with_still(game: Game[Any], words: tuple[str, ...]) -> tuple[str, ...]:
    """A patience's one-word controls and, where the solver takes the game, "Can I still
    win?" last (asked of the service, not played: `bot.tables.still`)."""
    return (*words, STILL) if words and solvable(game) else words


def piles_of(table: Table, seat: int) -> dict[str, Pile]:
    """A patience's piles that have a move for the seat now, by id."""
    piles, _ = split_actions(table.game, table.game.legal_actions(table.state, seat))
    return {p.source: p for p in piles}


def standing_of(table: Table, outcome: Outcome) -> list[Standing]:
    """Each seat's result in the unit its game keeps."""
    return seam_of(table.game.info).standing(table.game, table.state, outcome)


def results_of(update: Update) -> list[Standing]:
    """Each seat's result at the end a finished update tells of, in its game's unit."""
    outcome = update.outcome
    assert outcome is not None, "only a finished game has results"
    moment = update.moment
    return seam_of(update.table.info).standing(moment.game, moment.state, outcome)
