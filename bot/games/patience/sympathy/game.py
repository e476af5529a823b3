"""Sympathy (`sympathy`): Cheney's patience for two players working together.

Source: Cheney, *Patience* (1869), p. 151; its rules page beside it (rules.md). Each player
lays her own shuffled pack in seventeen piles of three, face down, and lays the last
card aside as her grace card. The second player (seat 1, Cheney's B) turns up the top
card of each of her piles. Then the first player (seat 0, A) turns up the top card of
one of her piles; if it corresponds to one of B's face-up cards, both are thrown out and
she turns up the card beneath, and so on; a card that matches nothing stays face up.
When A has a face-up card on every pile, B takes her turn the same way, and so on
alternately. A player with no card face up may turn up her grace card to match. The game
is won, by both, when every card is thrown out.

Our choices (Cheney leaves these open; rules.md marks each one):
- `sympathy_match` (default "rank"): "corresponding" means a card of the same rank, as in
  Little Lots, which Cheney says the game resembles; the partner's card thrown out is her
  face-up card of that rank on her lowest-numbered pile. With "card" only the same card,
  rank and suit, corresponds (each player has a whole pack, so every card has exactly one
  partner): a game with almost no choice that comes out about once in 250 deals.
- A player whose piles all show a face-up card (or are empty) and who cannot use her
  grace card passes the turn at once; when neither player can turn a card, the game is
  over and lost.
- A grace card that matches nothing stays face up in its own place and can be matched
  later like any face-up card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TypedDict

from bot.games.base import Game, GameInfo, Outcome, View
from bot.games.cards import Pack, french_pack, stacked_deck
from bot.games.errors import IllegalAction
from bot.games.options import Option
from bot.games.patience import assist
from bot.games.patience.odds import odds_footer, odds_words
from bot.games.rng import deal_commitment, deal_seed, shuffled
from bot.games.rules_text import rules_page
from bot.games.state import Dumped, JsonDict, dump_frozen, load_frozen

PILES = 17
GRACE = PILES  # the grace card's place, after the piles


class SympathySide(TypedDict):
    """One player's side as the view shows it: its piles and its grace pile, bottom card
    first, a face-down card as None."""

    piles: list[list[str | None]]
    grace: list[str | None]


class SympathyView(View, total=False):
    """Sympathy's facts: both sides, the cards thrown out, the last move in words."""

    players: list[SympathySide]
    last: str
    by_rank: bool


@dataclass(frozen=True, slots=True)
class SympathyState:
    """Both players' piles (bottom first, 17 piles then the grace card's place), how
    many cards of each are face down, whose turn it is, and the cards thrown out."""

    seed: int
    by_rank: bool
    piles: tuple[tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...]]
    down: tuple[tuple[int, ...], tuple[int, ...]]
    turn: int
    """The seat to act; -1 when the game is over."""
    out: tuple[str, ...]
    """Cards thrown out, in pairs, in order."""
    last: str
    """What the last action did, in words."""
    assists: int = 0
    """Answers of "Can I still win?" recorded (bot/games/patience/assist.py)."""


class Sympathy(Game[SympathyState]):
    """Sympathy: two players, one pack each, matching face-up cards together."""

    info = GameInfo(
        key="sympathy",
        title="Sympathy",
        family="patience",
        solitary=True,
        at_leisure=True,
        together=True,
        picture="sympathy",
        sources_prompt="Turn up a pile...",
        min_seats=2,
        max_seats=2,
        options=(
            Option(
                "sympathy_match",
                "rank",
                "What corresponds: any card of the same rank (rank) or only the same card (card).",
                choices=("card", "rank"),
            ),
        ),
        source="Cheney, Patience (1869), p. 151",
        summary="Two players, a pack each: turn up cards together and throw out the pairs.",
        rules=rules_page(__package__),
        pack=Pack.FRENCH,
        # every action turns up at least one card (52 + 52), plus at most one pass each,
        # and the answers of "Can I still win?" recorded beside them (one a turn at most)
        max_actions=2 * (2 * 52 + 2),
        odds=odds_words("sympathy"),
        odds_short=odds_footer("sympathy"),
    )

    def new(
        self,
        seats: int,
        seed: int,
        options: Mapping[str, object] | None = None,
        deck: Sequence[str] | None = None,
        stacks: Sequence[int] | None = None,
    ) -> SympathyState:
        """Both packs shuffled (or stacked with `deck`, 104 cards top first: the first copy
        of each card is A's, the second B's) and laid out; B's top cards turned up."""
        self.check_seats(seats)
        opts = self.options(options)
        pack = french_pack()
        if deck is not None:
            cards = tuple(deck)
            if len(cards) != 104:
                raise IllegalAction("A stacked Sympathy deck holds both packs: 104 cards.")
            first: list[str] = []
            second: list[str] = []
            for card in stacked_deck(cards, pack * 2, Pack.FRENCH):
                (second if card in first else first).append(card)
            packs = (tuple(first), tuple(second))
        else:
            packs = (shuffled(pack, seed, 0), shuffled(pack, seed, 1))
        piles = tuple(_lay(p) for p in packs)
        down = tuple(tuple(len(p) for p in side) for side in piles)
        # B turns up the top card of each of her piles
        b_down = tuple(max(n - 1, 0) if i < PILES else n for i, n in enumerate(down[1]))
        st = SympathyState(
            seed,
            opts["sympathy_match"] == "rank",
            (piles[0], piles[1]),
            (down[0], b_down),
            0,
            (),
            "The second player has turned up her top cards.",
        )
        return _advance(st)

    def awaiting(self, state: SympathyState) -> frozenset[int]:
        """The player whose turn it is."""
        return frozenset() if state.turn < 0 else frozenset((state.turn,))

    def legal_actions(self, state: SympathyState, seat: int) -> list[str]:
        """`turn N` for each pile of hers with no face-up card, and `grace` when allowed."""
        if seat != state.turn:
            return []
        return sorted(_choices(state, seat))

    def apply(self, state: SympathyState, seat: int, action: str) -> SympathyState:
        """Turn up a pile's top card (or the grace card), throwing out the pairs."""
        if state.turn < 0:
            raise IllegalAction("This game of Sympathy is over.")
        if seat != state.turn:
            raise IllegalAction("It is your partner's turn to turn up cards.")
        if assist.is_assist(action):
            assist.checked(assist.read(action), lambda line: self._wins(state, line))
            return replace(state, assists=state.assists + 1)
        choices = _choices(state, seat)
        if action == "grace":
            if "grace" not in choices:
                raise IllegalAction(
                    "You may turn up your grace card only when no card of yours is face up"
                    " (and only once)."
                )
            return _advance(_turn_up(state, seat, GRACE))
        words = action.split(" ") if isinstance(action, str) else []
        if len(words) != 2 or words[0] != "turn" or not words[1].isdigit():
            raise IllegalAction(
                "Write 'turn 5' to turn up the top card of your pile 5, or 'grace'."
            )
        pile = int(words[1]) - 1
        if not 0 <= pile < PILES:
            raise IllegalAction(f"Your piles are numbered 1 to {PILES}.")
        if action not in choices:
            cards = state.piles[seat][pile]
            if not cards:
                raise IllegalAction(f"Your pile {pile + 1} is empty.")
            raise IllegalAction(
                f"Your pile {pile + 1} already shows a card; turn a pile that shows none."
            )
        return _advance(_turn_up(state, seat, pile))

    def _wins(self, state: SympathyState, line: Sequence[str]) -> bool:
        """Whether the turns, played in order by whoever's turn it is, win."""
        try:
            for action in line:
                if state.turn < 0 or assist.is_assist(action):
                    return False
                state = self.apply(state, state.turn, action)
        except IllegalAction:
            return False
        return len(state.out) == 104

    def view(self, state: SympathyState, seat: int | None) -> SympathyView:
        """Both players' piles: face-up cards, and face-down cards as None."""
        sides: list[SympathySide] = []
        for s in (0, 1):
            piles: list[list[str | None]] = []
            for i, cards in enumerate(state.piles[s]):
                down = state.down[s][i]
                piles.append([None] * down + list(cards[down:]))
            sides.append({"piles": piles[:PILES], "grace": piles[GRACE]})
        out: SympathyView = {
            "game": "sympathy",
            "turn": state.turn if state.turn >= 0 else None,
            "players": sides,
            "out": len(state.out),
            "last": state.last,
            "by_rank": state.by_rank,
            "commitment": deal_commitment(state.seed, 0),
        }
        if state.assists:
            out["news"] = assist.assisted_words(state.assists)
        if state.turn < 0:
            out["result"] = _summary(state)
            out["seeds"] = [deal_seed(state.seed, 0), deal_seed(state.seed, 1)]
        return out

    def outcome(self, state: SympathyState) -> Outcome | None:
        """Both win, or neither: the cards thrown out are the score."""
        if state.turn >= 0:
            return None
        won = len(state.out) == 104
        return Outcome(
            points=(len(state.out), len(state.out)),
            winners=(0, 1) if won else (),
            summary=_summary(state),
        )

    def dump(self, state: SympathyState) -> JsonDict:
        """The state as JSON-safe data."""
        return dump_frozen(state)

    def load(self, data: Dumped) -> SympathyState:
        """The state dumped by dump."""
        return load_frozen(SympathyState, data)

    def cards(self, state: SympathyState) -> list[str]:
        """Both packs, wherever their cards lie."""
        return [c for side in state.piles for pile in side for c in pile] + list(state.out)

    def private_cards(self, state: SympathyState, seat: int) -> frozenset[str]:
        """Nothing: face-down cards are hidden from both players alike."""
        return frozenset()

    def stats(self, state: SympathyState) -> dict[str, int] | None:
        """The counters both players' statistics keep: the cards thrown out count as the
        moves made and as the score; Sympathy has no undo and no hint."""
        moves = len(state.out)
        return {"moves": moves, "undos": 0, "hints": 0, "assists": state.assists, "score": moves}

    def describe_action(self, action: str) -> str:
        """'turn 5' -> 'Turn up pile 5'."""
        if assist.is_assist(action):
            return assist.ASKED
        if action == "grace":
            return "Turn up the grace card"
        words = action.split(" ")
        if len(words) == 2 and words[0] == "turn":
            return f"Turn up pile {words[1]}"
        return action.capitalize()


def _lay(pack: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """Seventeen piles of three (top card of the pack first, so the first card dealt to a
    pile lies at its bottom) and the last card as the grace card."""
    piles = tuple(tuple(pack[3 * i : 3 * i + 3]) for i in range(PILES))
    return (*piles, (pack[51],))


def _shows(state: SympathyState, seat: int, pile: int) -> bool:
    cards = state.piles[seat][pile]
    return bool(cards) and state.down[seat][pile] < len(cards)


def _choices(state: SympathyState, seat: int) -> set[str]:
    out = {
        f"turn {i + 1}" for i in range(PILES) if state.piles[seat][i] and not _shows(state, seat, i)
    }
    grace = state.piles[seat][GRACE]
    any_up = any(_shows(state, seat, i) for i in range(GRACE + 1))
    if grace and state.down[seat][GRACE] and not any_up:
        out.add("grace")
    return out


def _turn_up(state: SympathyState, seat: int, pile: int) -> SympathyState:
    """Turn up the top card of a pile; while it pairs with a partner's face-up card, throw
    both out and turn up the next card of the same pile."""
    piles = [list(map(tuple, side)) for side in state.piles]
    down = [list(side) for side in state.down]
    out = list(state.out)
    other = 1 - seat
    thrown = 0
    down[seat][pile] -= 1
    while True:
        card = piles[seat][pile][-1]
        partner = _partner(piles[other], down[other], card, state.by_rank)
        if partner is None:
            break
        out += [card, piles[other][partner][-1]]
        piles[other][partner] = piles[other][partner][:-1]
        piles[seat][pile] = piles[seat][pile][:-1]
        thrown += 1
        if not piles[seat][pile] or pile == GRACE:
            break
        down[seat][pile] = len(piles[seat][pile]) - 1
    who = "The first player" if seat == 0 else "The second player"
    last = f"{who} turned up {'the grace card' if pile == GRACE else f'pile {pile + 1}'}"
    last += f" and threw out {thrown} pair{'s' if thrown != 1 else ''}." if thrown else "."
    return replace(
        state,
        piles=(tuple(piles[0]), tuple(piles[1])),
        down=(tuple(down[0]), tuple(down[1])),
        out=tuple(out),
        last=last,
    )


def _partner(piles: list[tuple[str, ...]], down: list[int], card: str, by_rank: bool) -> int | None:
    """The partner's pile whose face-up card corresponds to `card`, if any."""
    for i, cards in enumerate(piles):
        if cards and down[i] < len(cards):
            top = cards[-1]
            if top == card or (by_rank and top[:-1] == card[:-1]):
                return i
    return None


def _advance(state: SympathyState) -> SympathyState:
    """Pass the turn while the player to act has nothing to turn; end the game when
    neither has."""
    if len(state.out) == 104:
        return replace(state, turn=-1)
    for _ in range(2):
        if _choices(state, state.turn):
            return state
        state = replace(state, turn=1 - state.turn)
    return replace(state, turn=-1)


def _summary(state: SympathyState) -> str:
    helped = f" {assist.assisted_words(state.assists)}" if state.assists else ""
    if len(state.out) == 104:
        return f"Won together: every card is thrown out.{helped}"
    left = 104 - len(state.out)
    return f"The game is stuck with {left} cards left; {len(state.out)} thrown out.{helped}"


GAME = Sympathy()
