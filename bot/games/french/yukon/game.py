"""Yukon (`yukon`): a point-trick game for 2 to 5 with the 52-card pack, where the Jacks
are Yukons, the Jack of spades the Grand Yukon, and four play as two partnerships.

Source: rules.md (Fosdick's "Quinto, Yukon, Pip-Pip", pagat.com's Yukon and Parlett's
Penguin Book of Card Games; RULES.md §14, §16). Options holding our choices:
`yukon_strict_jacks` (a Yukon only when the hand can't follow suit, or leads),
`yukon_parlett_trump_suit` (a Yukon lead is followed by a Yukon, Parlett's reading; off
follows the Jack's printed suit, Fosdick's), `yukon_tie_plays_on` (sides level at the top
past the target play another hand; off, they share the win) and `target` (250).
Choices without an option: seat 0 deals first and the deal passes left; every hand
reshuffles the whole pack; the 2 of clubs goes with three players, the 2s of clubs and
diamonds with five; partners sit opposite at four and pool their points. The state and
the flow live in `flow.py`; what every trick game object does alike, in
bot/games/tricks/base.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import chain

from bot.games.base import GameInfo, Outcome
from bot.games.cards import FRENCH_SUIT_NAMES, Pack, french_pack, stacked_deck
from bot.games.errors import IllegalAction
from bot.games.french.yukon.flow import (
    YUKONS,
    YukonState,
    first_state,
    legal,
    pack,
    play,
    to_play,
)
from bot.games.options import Option
from bot.games.rng import deal_commitment, deal_seed
from bot.games.rules_text import rules_page
from bot.games.scene import Scene, scene
from bot.games.tricks.base import TrickGame, check_card, trick_groups, trick_seats
from bot.games.tricks.facts import TrickView
from bot.games.tricks.rules import team_of

__all__ = ["GAME", "Yukon", "YukonState"]

KEY = "yukon"
SUIT_NAMES = {suit: name[:-1] for suit, name in FRENCH_SUIT_NAMES.items()}

RULES_TEXT = rules_page(__package__)
"""The rules as every front end shows them, from rules.md in this folder."""


def _refusal(st: YukonState) -> IllegalAction:
    """The refusal of a card the following rules forbid, naming what to play instead."""
    hand = st.hands[to_play(st)]
    lead = st.trick[0]
    if lead in YUKONS and st.parlett:
        return IllegalAction("A Yukon was led: you must play a Yukon (a Jack), as you hold one.")
    led = lead[-1]
    if any(c[-1] == led and c not in YUKONS for c in hand):
        name = SUIT_NAMES[led]
        if lead in YUKONS:
            return IllegalAction(f"A Yukon was led: you must follow its suit with a {name}.")
        jack = " (a Jack is a Yukon and does not follow suit)" if st.strict else ""
        return IllegalAction(f"You must follow suit: you hold a {name}{jack}.")
    return IllegalAction("You can't follow suit: you must play a Yukon (a Jack), as you hold one.")


class YukonPlay(TrickView, total=False):
    """What Yukon's AI reads: the trick table's facts, the stock's count, the rules."""

    stock: int
    parlett: bool
    strict: bool


class YukonView(YukonPlay, total=False):
    """Yukon's facts: what its AI reads, with the last deal's points."""

    last_deal: list[int]
    """Each side's points in the last deal."""


class Yukon(TrickGame[YukonState]):
    """Yukon (rules.md): Jacks are Yukons, the Jack of spades the Grand Yukon."""

    pack = Pack.FRENCH
    pack_cards = french_pack()
    state_class = YukonState
    usage = "Write 'play' and a card from your hand, like 'play 10H' or 'play JS'."

    info = GameInfo(
        key=KEY,
        title="Yukon",
        family="trick",
        min_seats=2,
        max_seats=5,
        options=(
            Option(
                "yukon_strict_jacks",
                True,
                "A Yukon (Jack) may be played only when you can't follow suit, or lead.",
            ),
            Option(
                "yukon_parlett_trump_suit",
                False,
                "Parlett: the Yukons are a suit of their own, so a Yukon lead asks a Yukon.",
            ),
            Option(
                "yukon_tie_plays_on",
                True,
                "Sides level at the top past the target play another hand (off: they share).",
            ),
            Option(
                "target",
                250,
                "Points to win, checked at the end of a hand.",
                minimum=50,
                maximum=1000,
            ),
        ),
        source='Fosdick, "Quinto, Yukon, Pip-Pip"; pagat.com; Parlett\'s Penguin Book',
        summary="Five-card tricks with Jacks as Yukons; draw from the stock; 250 card points wins.",
        rules=RULES_TEXT,
        pack=Pack.FRENCH,
        # Every hand shares out 125 points, so the leading side gains at least 125 / 5 a
        # hand: 1,000 points take at most 40 hands of at most 52 cards (ties aside).
        max_actions=40 * 52,
    )

    def new(
        self,
        seats: int,
        seed: int,
        options: Mapping[str, object] | None = None,
        deck: Sequence[str] | None = None,
        stacks: Sequence[int] | None = None,
    ) -> YukonState:
        """A new game: seat 0 deals the first hand, shuffled (or stacked with `deck`)."""
        self.check_seats(seats)
        opts = self.options(options)
        rules = (
            int(opts["target"]),
            bool(opts["yukon_parlett_trump_suit"]),
            bool(opts["yukon_strict_jacks"]),
            bool(opts["yukon_tie_plays_on"]),
        )
        stacked = stacked_deck(deck, pack(seats), Pack.FRENCH) if deck is not None else None
        return first_state(seats, seed, rules, stacked)

    def to_play(self, state: YukonState) -> int:
        """The seat to play next, -1 when the game is over."""
        return to_play(state)

    def legal_actions(self, state: YukonState, seat: int) -> list[str]:
        """The seat's playable cards as 'play XX', sorted; empty if it is not its turn."""
        if seat != to_play(state):
            return []
        cards = legal(state.hands[seat], state.trick, state.parlett, state.strict)
        return sorted(f"play {card}" for card in cards)

    def apply(self, state: YukonState, seat: int, action: str) -> YukonState:
        """The state after the seat plays a card (drawing and scoring as they fall due)."""
        card = self.parse(action)
        self.check_turn(state, seat)
        hand = state.hands[seat]
        allowed = legal(hand, state.trick, state.parlett, state.strict)
        check_card(hand, card, allowed, Pack.FRENCH, _refusal, state)
        return play(state, seat, card)

    def trick_ai_view(self, state: YukonState, seat_no: int) -> YukonPlay:
        """The AI's view: the trick table's, with the rules it follows and the cards out."""
        return {
            **super().trick_ai_view(state, seat_no),
            "parlett": state.parlett,
            "strict": state.strict,
            "stock": len(state.stock),
            "played": sorted(chain.from_iterable(state.won)),
        }

    def ai_view(self, state: YukonState, seat: int) -> YukonPlay:
        """The part of the seat's view the AI reads (the same values as view's)."""
        return self.trick_ai_view(state, seat)

    def view(self, state: YukonState, seat: int | None) -> YukonView:
        """The table as the seat sees it: its hand, the trick, the stock's count, scores."""
        st = state
        out: YukonView = {
            **self.trick_facts(st, seat, KEY),
            "stock": len(st.stock),
            "target": st.target,
            "parlett": st.parlett,
            "strict": st.strict,
            "played": sorted(chain.from_iterable(st.won)),
            "last_deal": list(st.last_deal),
            "commitment": deal_commitment(st.seed, st.deal - 1),
        }
        if st.winners:
            out["deal_seeds"] = [deal_seed(st.seed, d) for d in range(st.deal)]
        out["scene"] = _scene(st, seat)
        return out

    def outcome(self, state: YukonState) -> Outcome | None:
        """Once over: each seat's side's score, and the seats of the winning side(s)."""
        if not state.winners:
            return None
        seats = len(state.hands)
        points = tuple(state.scores[team_of(s, seats)] for s in range(seats))
        winners = tuple(s for s in range(seats) if team_of(s, seats) in state.winners)
        who = " and ".join(f"seat {s}" for s in winners)
        best = state.scores[state.winners[0]]
        return Outcome(points=points, winners=winners, summary=f"{who.capitalize()} won {best}.")

    def cards(self, state: YukonState) -> list[str]:
        """Hands, the trick, the won cards and the stock: always the whole pack."""
        return [*super().cards(state), *state.stock]


GAME = Yukon()


def _scene(st: YukonState, viewer: int | None) -> Scene:
    """The table picture: seats (partnership colours at four) with their side's score, the
    trick and the last trick, and the stock's count, the target and the last hand."""
    seats = trick_seats(st, viewer, to_play(st))
    title = f"Yukon - hand {st.deal}" if not st.winners else "Yukon - over"
    counters = [("Stock", len(st.stock)), ("Target", st.target)]
    # Partners are named ("Seat 0 & seat 2" reads "Alice & Carol" in every front end).
    counters += [
        (f"Seat {t} & seat {t + 2}" if len(st.hands) == 4 else f"Seat {t}", p)
        for t, p in enumerate(st.scores)
    ]
    lines = []
    if st.last_deal:
        parts = ", ".join(str(p) for p in st.last_deal)
        lines.append(f"Last hand's card points: {parts}.")
    return scene(Pack.FRENCH, title, seats, trick_groups(st), counters, lines)
