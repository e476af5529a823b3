"""Quinto (`quinto`): Professor Hoffmann's partnership trick game with the 52 cards and a
joker (the Quint Royal), a five-card cachette for the last trick, a round of doubling,
and quints (fives, ace and four, two and three of a suit in one trick) scored by suit.

Source: rules.md (Hoffmann's Quinto after Fosdick's "Quinto, Yukon, Pip-Pip" and
Parlett; RULES.md §13). Options holding our choices: `quinto_games` (3: a rubber, best
of three games with its 100 bonus; 1: a single game) and `target` (250). Choices without
an option: seat 0 deals first and the deal passes left; one pass of doubling from
eldest, each seat after a doubler speaking once more; the cachette scores as a trick
with its own quints; at three the lone dealer's opponents add 25 at every hand's
total, and each player keeps his own score. The state and the flow live in `flow.py`,
the picture in `view.py`; what every trick game object does alike, in
bot/games/tricks/base.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import chain

from bot.games.base import GameInfo, Outcome
from bot.games.cards import FRENCH_SUIT_NAMES, Pack, stacked_deck, suit_of
from bot.games.errors import IllegalAction
from bot.games.french.quinto.doubling import check_call, legal_calls
from bot.games.french.quinto.flow import (
    PACK,
    QuintoState,
    call,
    dummy_to_play,
    first_state,
    hand_of,
    play,
    playing_hand,
    to_play,
)
from bot.games.french.quinto.match import RUBBER_BONUS
from bot.games.french.quinto.rules import legal_plays
from bot.games.french.quinto.view import QuintoPlay, QuintoView, ai_facts, facts, holders
from bot.games.options import Option
from bot.games.rules_text import rules_page
from bot.games.tricks.base import TrickGame, check_card

__all__ = ["GAME", "Quinto", "QuintoState"]

KEY = "quinto"
CALLS = ("double", "pass", "redouble")
RULES_TEXT = rules_page(__package__)
"""The rules as every front end shows them, from rules.md in this folder."""


def _refusal(st: QuintoState) -> IllegalAction:
    """The refusal of a card that does not follow suit, naming what to play instead."""
    name = FRENCH_SUIT_NAMES[suit_of(st.trick[0])][:-1]
    article = "an" if name[0] in "aeiou" else "a"
    return IllegalAction(f"You must follow suit: play {article} {name} (or the joker).")


class Quinto(TrickGame[QuintoState]):
    """Quinto (rules.md): partnerships, the cachette, doubling and quints."""

    pack = Pack.FRENCH
    pack_cards = PACK
    state_class = QuintoState
    usage = "Write 'play' and a card, like 'play 10H' or 'play JK', or pass, double or redouble."

    info = GameInfo(
        key=KEY,
        title="Quinto",
        family="trick",
        dummy=True,
        min_seats=3,
        max_seats=4,
        options=(
            Option(
                "quinto_games",
                3,
                "3: a rubber, the best of three games, with 100 to its winner; 1: one game.",
                choices=(3, 1),
            ),
            Option(
                "target",
                250,
                "Points to pass to win a game, checked at the end of a hand.",
                minimum=50,
                maximum=1000,
            ),
        ),
        source='Hoffmann\'s Quinto (1907); Fosdick, "Quinto, Yukon, Pip-Pip"; Parlett',
        summary="Partnership tricks with a joker and a cachette; quints, doubling; 250 a game.",
        rules=RULES_TEXT,
        pack=Pack.FRENCH,
        # A hand shares out at least 140 points (65 for tricks, 25 the joker, 50 for
        # the fives), so at four a side gains 70 a hand and a game of 250 lasts at most
        # 4 hands; at three the players share at least 190 (the partners' 25 each), so
        # at most 4 hands too (ties at the top aside). A hand is 48 cards and at most 7
        # calls; a rubber is at most three games: 3 * 4 * 55, doubled for ties.
        max_actions=3 * 8 * 55,
    )

    def new(
        self,
        seats: int,
        seed: int,
        options: Mapping[str, object] | None = None,
        deck: Sequence[str] | None = None,
        stacks: Sequence[int] | None = None,
    ) -> QuintoState:
        """A new match: seat 0 deals the first hand, shuffled (or stacked with `deck`)."""
        self.check_seats(seats)
        opts = self.options(options)
        needed = 2 if opts["quinto_games"] == 3 else 1
        stacked = stacked_deck(deck, PACK, Pack.FRENCH) if deck is not None else None
        return first_state(seats, seed, int(opts["target"]), needed, stacked)

    def to_play(self, state: QuintoState) -> int:
        """The seat to act next, -1 when the match is over."""
        return to_play(state)

    def check_turn(self, state: QuintoState, seat_no: object) -> None:
        """Refuse a finished game, a seat not at the table, or a seat not awaited (in the
        doubling, 'seat N speaks next')."""
        turn = to_play(state)
        seated = isinstance(seat_no, int) and 0 <= seat_no < len(state.hands)
        if state.bidding and seated and seat_no != turn and turn >= 0:
            raise IllegalAction(f"It is not your turn: seat {turn} speaks next.")
        super().check_turn(state, seat_no)

    def legal_actions(self, state: QuintoState, seat: int) -> list[str]:
        """The seat's calls, or its playable cards as 'play XX' (from the dummy when the
        dummy is to play), sorted; empty if it is not its turn."""
        if seat != to_play(state):
            return []
        st, seats = state, len(state.hands)
        if st.bidding:
            return list(legal_calls((st.dealer + 1) % seats, st.calls, seat, seats, st.dealer))
        cards = legal_plays(hand_of(st, playing_hand(st)), st.trick)
        return sorted(f"play {card}" for card in cards)

    def apply(self, state: QuintoState, seat: int, action: str) -> QuintoState:
        """The state after the seat's call or card (tricks, the cachette and the scores
        following as they fall due)."""
        st = state
        if action in CALLS:
            self.check_turn(st, seat)
            if not st.bidding:
                raise IllegalAction("The doubling is over: play a card, like 'play 10H'.")
            seats = len(st.hands)
            check_call((st.dealer + 1) % seats, st.calls, seat, action, seats, st.dealer)
            return call(st, seat, action)
        card = self.parse(action)
        self.check_turn(st, seat)
        if st.bidding:
            raise IllegalAction("No card is played before the doubling is over: pass or double.")
        hand = hand_of(st, playing_hand(st))
        from_dummy = len(st.hands) == 3 and dummy_to_play(st)
        if from_dummy and card in st.hands[seat]:
            raise IllegalAction("It is the dummy's turn: play one of the dummy's cards.")
        if not from_dummy and card in st.dummy:
            raise IllegalAction("It is your own hand's turn, not the dummy's: play from it.")
        check_card(hand, card, legal_plays(hand, st.trick), Pack.FRENCH, _refusal, st)
        return play(st, card)

    def ai_view(self, state: QuintoState, seat: int) -> QuintoPlay:
        """The part of the seat's view the AI reads (no picture)."""
        return ai_facts(state, seat)

    def view(self, state: QuintoState, seat: int | None) -> QuintoView:
        """The table as the seat sees it: its hand, the exposed dummy, the trick, the
        doubling, the cachette's count, the scores and the games won."""
        return facts(state, seat)

    def outcome(self, state: QuintoState) -> Outcome | None:
        """Once over: each seat's side's (at three, its own) points over the match, the
        rubber's winner with 100 more; the winning seats."""
        if not state.winners:
            return None
        seats, won = len(state.hands), state.winners[0]
        bonus = RUBBER_BONUS if state.games_needed > 1 else 0
        totals = [t + (bonus if h == won else 0) for h, t in enumerate(state.totals)]
        side = [s % 2 if seats == 4 else s for s in range(seats)]
        points = tuple(totals[side[s]] for s in range(seats))
        winners = tuple(s for s in range(seats) if side[s] == won)
        kind = "rubber" if state.games_needed > 1 else "game"
        summary = f"{holders(state)[won]} won the {kind} with {totals[won]}."
        return Outcome(points=points, winners=winners, summary=summary)

    def cards(self, state: QuintoState) -> list[str]:
        """Hands, the dummy, the cachette, the trick and the won cards: the whole pack."""
        st = state
        return [
            *chain.from_iterable(st.hands),
            *st.dummy,
            *st.cachette,
            *st.trick,
            *chain.from_iterable(st.won),
        ]

    def private_cards(self, state: QuintoState, seat: int) -> frozenset[str]:
        """The seat's own hand less the last trick's codes (which everyone has seen). The
        cachette and, during the doubling, the dummy are nobody's to see."""
        return frozenset(state.hands[seat]).difference(state.last)


GAME = Quinto()
