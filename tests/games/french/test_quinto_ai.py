"""The Quinto AI (bot/games/french/quinto/ai.py): it doubles on strength and never
redoubles its partner, saves the joker and its quints for a trick its side surely takes,
plays only legal actions from its own view, and beats random play."""

from __future__ import annotations

import random

from bot.games.french.quinto.ai import POLICY, strength
from bot.games.french.quinto.game import GAME
from tests.games.french.test_quinto import PASSES, new
from tests.helpers import moves_of

play, refusal = moves_of(GAME)
RNG = random.Random(0)
STRONG = ("AH", "KH", "QH", "JH", "10H", "9H", "AD", "KD", "QD", "AC", "KC", "AS")
WEAK = ("2S", "3S", "4S", "6S", "7S", "2C", "3C", "4C", "6C", "7C", "2D", "3D")


def choose(st: object, seat: int) -> str:
    """The AI's action for the seat."""
    return POLICY.choose(GAME.ai_view(st, seat), seat, RNG)  # type: ignore[arg-type]


def test_strength_counts_high_cards_and_length_in_the_high_suits() -> None:
    """A hand of aces and long hearts counts many tricks; a hand of low cards none."""
    assert strength(STRONG) > 7 and strength(WEAK) == 0


def test_doubles_a_strong_hand_and_passes_a_weak_one() -> None:
    """Elder doubles with a strong hand; a weak opponent passes."""
    st = new({1: STRONG, 2: WEAK})
    assert choose(st, 1) == "double"
    assert choose(play(st, (1, "double")), 2) == "pass"


def test_redoubles_an_opponent_but_never_its_partner() -> None:
    """With a strong hand seat 3 redoubles seat 2's double, but not partner 1's."""
    st = play(new({3: STRONG}), (1, "pass"), (2, "double"))
    assert choose(st, 3) == "redouble"
    st = play(new({3: STRONG}), (1, "double"), (2, "pass"))
    assert choose(st, 3) == "pass"


def test_throws_the_joker_on_its_partners_trick_and_keeps_it_from_the_opponents() -> None:
    """Last to play, partner winning: the joker goes on. Opponent winning: it stays."""
    hands = {1: ("2S",), 2: ("AS",), 3: ("3S",), 0: ("JK", "4S", "5H")}
    st = play(new(hands), *PASSES, (1, "play 2S"), (2, "play AS"), (3, "play 3S"))
    assert choose(st, 0) == "play JK"
    hands = {1: ("2S",), 2: ("3S",), 3: ("AS",), 0: ("JK", "4S", "6H")}
    st = play(new(hands), *PASSES, (1, "play 2S"), (2, "play 3S"), (3, "play AS"))
    assert choose(st, 0) == "play 4S"


def test_puts_a_five_on_a_sure_trick_and_keeps_it_from_the_opponents() -> None:
    """Partner's ace of hearts will hold: the 5 of hearts goes on it; behind an
    opponent's winning card the AI keeps its 5 and throws another heart."""
    hearts = ("5H", "7H", "2S")
    hands = {1: ("AH",), 2: ("3H",), 3: hearts, 0: ("4D",)}
    st = play(new(hands), *PASSES, (1, "play AH"), (2, "play 3H"))
    assert choose(st, 3) == "play 5H"
    hands = {1: ("2H",), 2: ("AH",), 3: hearts, 0: ("4D",)}
    st = play(new(hands), *PASSES, (1, "play 2H"), (2, "play AH"))
    assert choose(st, 3) == "play 7H"


def test_the_ai_side_beats_random_play() -> None:
    """Over 24 single games the AI partnership wins most against random partners."""
    won = 0
    for match in range(24):
        rng = random.Random(match)
        mine = {match % 2, match % 2 + 2}
        st = GAME.new(4, match, {"quinto_games": 1})
        while GAME.awaiting(st):
            seat = min(GAME.awaiting(st))
            if seat in mine:
                action = POLICY.choose(GAME.ai_view(st, seat), seat, rng)
            else:
                action = rng.choice(GAME.legal_actions(st, seat))
            st = GAME.apply(st, seat, action)
        out = GAME.outcome(st)
        assert out is not None
        won += any(s in mine for s in out.winners)
    assert won >= 16
