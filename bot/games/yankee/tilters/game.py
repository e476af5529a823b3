"""Tilters (`tilters`): whist with a trump turned from the dealer's hand and the Faces as a
permanent second trump, for the 50-card Yankee Notion pack, 2 to 4 players.

Source: rules.md (the game, §2.2 how the Face restriction is applied, §2.3 open
questions) and §1.2-§1.3 (seating, trump, following, trick winner, four-handed odd cards).
Options holding our choices: `tilters_3p_extra_cards` (S2's three-handed deal: two odd
cards to elder and dealer and a final two-card trick, which the dealer leads if the third
player won the trick before), `tilters_house_scoring` (§2.3's house rule: tilters score
Faces captured less five) and `target` (0 keeps the book's target for the player count).
Choices without an option: seat 0 deals first; every deal after the first reshuffles the
whole pack; undealt cards stay hidden; when two sides tie at the top of the target the
game plays another deal, so, strictly, a run of exact ties could outlast `max_actions`.
The state and the flow of a deal live in `flow.py`, the trick rules in
bot/games/tricks/rules.py (with the Yankee values in bot/games/yankee/tricks.py), and what
every trick game object does alike in bot/games/tricks/base.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.games.base import GameInfo, Outcome
from bot.games.cards import YANKEE_SUIT_NAMES, Pack, stacked_deck
from bot.games.errors import IllegalAction
from bot.games.options import Option
from bot.games.rng import deal_commitment, deal_seed
from bot.games.rules_text import rules_page
from bot.games.scene import Scene, scene
from bot.games.tricks.base import TrickGame, check_card, trick_groups, trick_seats
from bot.games.tricks.facts import TrickView
from bot.games.tricks.rules import required_suit, team_of
from bot.games.yankee.tilters.flow import (
    BOOK,
    PACK,
    TARGET,
    TiltersState,
    first_state,
    play,
    to_play,
)
from bot.games.yankee.tricks import FACES, yankee_legal, yankee_refusal

__all__ = ["GAME", "Tilters", "TiltersState"]

KEY = "tilters"

RULES_TEXT = rules_page(__package__)
"""The rules as every front end shows them, from rules.md in this folder."""


def _refusal(st: TiltersState) -> IllegalAction:
    """The refusal of a card the follow rules forbid, naming the suit to play instead."""
    hand = st.hands[to_play(st)]
    need = required_suit(hand, st.trick[0], st.trump, FACES)
    assert need is not None
    return yankee_refusal(need, st.trick[0], st.trump)


class TiltersView(TrickView, total=False):
    """Tilters' facts: the trick table's, with the Faces each side has won and the book."""

    faces_won: list[int]
    book: int
    last_deal: list[list[int]]
    """Per deal: each side's tricks, Faces and points."""


class Tilters(TrickGame[TiltersState]):
    """Tilters (rules.md): whist with a turned trump and the Faces as a second trump."""

    pack = Pack.YANKEE
    pack_cards = PACK
    state_class = TiltersState

    info = GameInfo(
        key=KEY,
        title="Tilters",
        family="trick",
        min_seats=2,
        max_seats=4,
        options=(
            Option(
                "tilters_3p_extra_cards",
                False,
                "Three players: two odd cards to elder and dealer and a final two-card trick.",
            ),
            Option(
                "tilters_house_scoring",
                False,
                "House rule: tilters score like tricks, Faces captured less five.",
            ),
            Option(
                "target",
                0,
                "Points to win; 0 keeps the book's (10, 15 or 20 by player count).",
                minimum=0,
                maximum=99,
            ),
        ),
        source='Hoyle\'s Games (1857), as retold in "yankee notion cards"',
        summary="Whist with a turned trump and the ten Faces as a second trump; win on tricks.",
        rules=RULES_TEXT,
        pack=Pack.YANKEE,
        # Every deal scores at least one trick point (two sides can't both pass a book of 6
        # in 13 tricks; three books of 4 leave a 13th), so without exact ties at the top a
        # game lasts at most 39 deals (4 players: 19 + 19 + 1) of at most 50 cards.
        max_actions=39 * 50,
    )

    def new(
        self,
        seats: int,
        seed: int,
        options: Mapping[str, object] | None = None,
        deck: Sequence[str] | None = None,
        stacks: Sequence[int] | None = None,
    ) -> TiltersState:
        """A new game: seat 0 deals the first hand, shuffled (or stacked with `deck`)."""
        self.check_seats(seats)
        opts = self.options(options)
        target = int(opts["target"]) or TARGET[seats]
        extra = bool(opts["tilters_3p_extra_cards"]) and seats == 3
        rules = (target, BOOK[seats], extra, bool(opts["tilters_house_scoring"]))
        return first_state(
            seats, seed, rules, stacked_deck(deck, PACK, Pack.YANKEE) if deck is not None else None
        )

    def to_play(self, state: TiltersState) -> int:
        """The seat to play next, -1 when the game is over."""
        return to_play(state)

    def legal_actions(self, state: TiltersState, seat: int) -> list[str]:
        """The seat's playable cards as 'play XX', sorted; empty if it is not its turn."""
        if seat != to_play(state):
            return []
        cards = yankee_legal(state.hands[seat], state.trick, state.trump)
        return sorted(f"play {card}" for card in cards)

    def apply(self, state: TiltersState, seat: int, action: str) -> TiltersState:
        """The state after the seat plays a card (scoring the deal when it ends)."""
        card = self.parse(action)
        self.check_turn(state, seat)
        hand = state.hands[seat]
        legal = yankee_legal(hand, state.trick, state.trump)
        check_card(hand, card, legal, Pack.YANKEE, _refusal, state)
        return play(state, seat, card)

    def view(self, state: TiltersState, seat: int | None) -> TiltersView:
        """The table as the seat sees it: its hand, the trick, trump, tricks and scores."""
        st = state
        out: TiltersView = {
            **self.trick_facts(st, seat, KEY),
            "faces_won": [sum(1 for c in pile if c[-1] == FACES) for pile in st.won],
            "target": st.target,
            "book": st.book,
            "last_deal": [list(row) for row in st.last_deal],
            "commitment": deal_commitment(st.seed, st.deal - 1),
        }
        if st.winners:
            out["deal_seeds"] = [deal_seed(st.seed, d) for d in range(st.deal)]
        out["scene"] = _scene(st, seat)
        return out

    def outcome(self, state: TiltersState) -> Outcome | None:
        """Once over: each seat's side's score, and the seats of the winning side."""
        if not state.winners:
            return None
        points = tuple(state.scores[team_of(s, state.seats)] for s in range(state.seats))
        winners = tuple(s for s in range(state.seats) if team_of(s, state.seats) in state.winners)
        who = " and ".join(f"seat {s}" for s in winners)
        best = state.scores[state.winners[0]]
        return Outcome(points=points, winners=winners, summary=f"{who.capitalize()} won {best}.")

    def cards(self, state: TiltersState) -> list[str]:
        """Hands, the trick, the won tricks and the undealt cards: always the whole pack."""
        return [*super().cards(state), *state.undealt]


GAME = Tilters()


def _scene(st: TiltersState, viewer: int | None) -> Scene:
    """The table picture: every seat (its own hand face up, the dealer's turned cards face
    up for all), the trick with its owners, and the trump, target and book."""
    seats = trick_seats(st, viewer, to_play(st))
    title = f"Tilters - deal {st.deal}" if not st.winners else "Tilters - over"
    counters = [("Trump", YANKEE_SUIT_NAMES[st.trump]), ("Target", st.target), ("Book", st.book)]
    return scene(Pack.YANKEE, title, seats, trick_groups(st), counters)
