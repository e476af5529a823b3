"""Plain Tricks (`plain-tricks`): tricks for their own sake with the 50-card Yankee
Notion pack, 3 or 4 players (4 as two partnerships): no trumps, follow suit, a point a trick.

Source: rules.md (our own simple game, on the trick rules of §1.2-§1.3 without trumps).
Option holding our choice: `rounds` (how many times each seat deals). Choices without an
option: seat 0 deals first; the Faces are a plain fifth suit; the two undealt cards stay
hidden; a tie at the top shares the win. The state and the flow of a deal live in
`flow.py`, what every trick game object does alike in bot/games/tricks/base.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.games.base import GameInfo, Outcome
from bot.games.cards import Pack, stacked_deck
from bot.games.errors import IllegalAction
from bot.games.options import Option
from bot.games.rules_text import rules_page
from bot.games.scene import Scene, scene
from bot.games.tricks.base import TrickGame, check_card, trick_groups, trick_seats
from bot.games.tricks.facts import TrickView
from bot.games.tricks.rules import follow_refusal, required_suit, team_of
from bot.games.yankee.plain_tricks.flow import PACK, PlainState, first_state, legal, play, to_play
from bot.games.yankee.tricks import SUIT_NAMES

__all__ = ["GAME", "PlainState", "PlainTricks"]

KEY = "plain-tricks"
MAX_ROUNDS = 5


def _refusal(st: PlainState) -> IllegalAction:
    """The refusal of a card that does not follow suit, naming the suit to play."""
    need = required_suit(st.hands[to_play(st)], st.trick[0], None)
    assert need is not None
    return follow_refusal(need, st.trick[0], None, SUIT_NAMES)


class PlainTricks(TrickGame[PlainState]):
    """Plain Tricks (rules.md): no trumps, follow suit, a point a trick."""

    pack = Pack.YANKEE
    pack_cards = PACK
    state_class = PlainState

    info = GameInfo(
        key=KEY,
        title="Plain Tricks",
        family="trick",
        min_seats=3,
        max_seats=4,
        options=(
            Option("rounds", 1, "How many times each seat deals.", minimum=1, maximum=MAX_ROUNDS),
        ),
        source="Parlour's own game, on the Yankee Notion trick rules",
        summary="No trumps, follow suit, every trick a point.",
        rules=rules_page(__package__),
        pack=Pack.YANKEE,
        # At most 5 rounds of 4 deals of 48 cards.
        max_actions=MAX_ROUNDS * 4 * 48,
    )

    def new(
        self,
        seats: int,
        seed: int,
        options: Mapping[str, object] | None = None,
        deck: Sequence[str] | None = None,
        stacks: Sequence[int] | None = None,
    ) -> PlainState:
        """A new game: seat 0 deals the first hand, shuffled (or stacked with `deck`)."""
        self.check_seats(seats)
        rounds = int(self.options(options)["rounds"])
        stacked = stacked_deck(deck, PACK, Pack.YANKEE) if deck is not None else None
        return first_state(seats, seed, rounds, stacked)

    def to_play(self, state: PlainState) -> int:
        """The seat to play next, -1 when the game is over."""
        return to_play(state)

    def legal_actions(self, state: PlainState, seat: int) -> list[str]:
        """The seat's playable cards as 'play XX', sorted; empty if it is not its turn."""
        if seat != to_play(state):
            return []
        return sorted(f"play {card}" for card in legal(state.hands[seat], state.trick))

    def apply(self, state: PlainState, seat: int, action: str) -> PlainState:
        """The state after the seat plays a card (ending the deal or game when due)."""
        card = self.parse(action)
        self.check_turn(state, seat)
        hand = state.hands[seat]
        check_card(hand, card, legal(hand, state.trick), Pack.YANKEE, _refusal, state)
        return play(state, seat, card)

    def view(self, state: PlainState, seat: int | None) -> TrickView:
        """The table as the seat sees it: its hand, the trick, tricks and scores."""
        out = self.trick_facts(state, seat, KEY)
        out["scene"] = _scene(state, seat)
        return out

    def outcome(self, state: PlainState) -> Outcome | None:
        """Once over: each seat's side's score, and the seats of the winning sides."""
        if not state.winners:
            return None
        n = state.seats
        points = tuple(state.scores[team_of(s, n)] for s in range(n))
        winners = tuple(s for s in range(n) if team_of(s, n) in state.winners)
        who = " and ".join(f"seat {s}" for s in winners)
        return Outcome(points=points, winners=winners, summary=f"{who.capitalize()} won.")

    def cards(self, state: PlainState) -> list[str]:
        """Hands, the trick, the won tricks and the undealt cards: always the whole pack."""
        return [*super().cards(state), *state.undealt]


GAME = PlainTricks()


def _scene(st: PlainState, viewer: int | None) -> Scene:
    """The table picture: every seat, the trick with its owners, and the deal count."""
    seats = trick_seats(st, viewer, to_play(st))
    title = f"Plain Tricks - deal {st.deal}" if not st.winners else "Plain Tricks - over"
    return scene(Pack.YANKEE, title, seats, trick_groups(st), [("Deal", f"{st.deal}/{st.deals}")])
