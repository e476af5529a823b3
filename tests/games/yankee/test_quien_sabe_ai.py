"""The Quien Sabe AI: always legal, calling at sensible totals from its own view only, and
far ahead of random play."""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence

from bot.games.cards import yankee_pack
from bot.games.yankee.quien_sabe.ai import POLICY, call_value
from bot.games.yankee.quien_sabe.game import GAME, QuienSabeState
from tests.games.dealing import by_dealer

PACK = yankee_pack()
LOW_0 = ["5E", "1E", "2E", "3E", "4E", "6E"]


def two(elder: Sequence[str], dealer: Sequence[str]) -> QuienSabeState:
    """A two-handed game: seat 1 (elder) and seat 0 (dealer) hold these cards."""
    top = [*elder[:3], *dealer[:3], *elder[3:], *dealer[3:]]
    return by_dealer(GAME, GAME.new(2, 1, deck=[*top, *(c for c in PACK if c not in top)]))


def choose(state: QuienSabeState, seat: int, seed: int = 0) -> str:
    """The AI's action for the seat, from its AI view."""
    return POLICY.choose(GAME.ai_view(state, seat), seat, random.Random(seed))


def test_the_ai_always_plays_legally() -> None:
    rng = random.Random(2)
    for seed in range(150):
        seats = rng.randint(2, 8)
        options: Mapping[str, object] = {
            "rate": rng.choice((1, 2, 5)),
            "exact_bonus": rng.choice((0, 0, 3)),
            "quien_sabe_soft_score": rng.random() < 0.2,
        }
        stacks = [rng.choice((0, 1, 3, 20, 100)) for _ in range(seats)]
        state = GAME.new(seats, seed, options, stacks=stacks)
        while GAME.awaiting(state):
            (seat,) = GAME.awaiting(state)
            action = choose(state, seat, seed)
            assert action in GAME.legal_actions(state, seat)
            state = GAME.apply(state, seat, action)


def test_the_ai_plays_its_most_ordinary_card_face_up() -> None:
    state = two(["0L", "1L", "5L", "9L", "2L", "8L"], LOW_0)
    assert choose(state, 1) == "play 5L"


def test_the_ai_does_not_void_the_deal_when_it_can_help_it() -> None:
    state = two(["0L", "0E", "0S", "0H", "0F", "1L"], LOW_0)
    assert choose(state, 1) == "play 1L"


def test_the_ai_plays_a_card_that_takes_the_total_over_and_calls() -> None:
    # 9 and 9 face up: 18 of 20. A zero face down makes 28, which only seat 1 knows.
    state = two(["9L", "0L", "1L", "2L", "3L", "4L"], ["9E", "1E", "2E", "3E", "4E", "6E"])
    state = GAME.apply(GAME.apply(state, 1, "play 9L"), 0, "play 9E")
    assert choose(state, 1) == "play 0L"
    state = GAME.apply(state, 1, "play 0L")
    assert choose(state, 1) == "call"


def test_the_ai_plays_low_and_passes_when_the_total_is_short() -> None:
    state = two(["5L", "1L", "2L", "3L", "4L", "6L"], LOW_0)
    state = GAME.apply(GAME.apply(state, 1, "play 5L"), 0, "play 5E")
    assert choose(state, 1) == "play 1L"  # 11 of 20: no call is worth it yet
    state = GAME.apply(state, 1, "play 1L")
    assert choose(state, 1) == "pass"
    state = GAME.apply(state, 1, "pass")
    assert choose(state, 0) == "pass"  # seat 0 expects about 16: still short


def test_the_ai_calls_on_a_likely_total_it_cannot_see_whole() -> None:
    # 9 + 9 face up and the other player's face-down card, about 5.5 on average: 23.5 > 20.
    state = two(["9L", "1L", "2L", "3L", "4L", "6L"], ["9E", "1E", "2E", "3E", "4E", "6E"])
    state = GAME.apply(GAME.apply(state, 1, "play 9L"), 0, "play 9E")
    state = GAME.apply(state, 1, "play 1L")  # 19: seat 1 knows it is short, so it passes
    assert choose(state, 1) == "pass"
    state = GAME.apply(state, 1, "pass")
    view = GAME.ai_view(state, 0)
    assert call_value(view, 0) > 0
    assert choose(state, 0) == "call"  # seat 0 cannot see the 1 and reckons it good


def test_the_ai_uses_only_its_view() -> None:
    a = two(["5L", "1L", "2L", "3L", "4L", "6L"], LOW_0)
    b = two(["5L", "1L", "2L", "3L", "4L", "6L"], ["5E", "9E", "0E", "9S", "0S", "9H"])
    a, b = (GAME.apply(s, 1, "play 5L") for s in (a, b))
    a = GAME.apply(a, 0, "play 5E")
    b = GAME.apply(b, 0, "play 5E")
    a, b = (GAME.apply(s, 1, "play 6L") for s in (a, b))
    assert a != b
    view = GAME.ai_view(a, 1)
    assert view == GAME.ai_view(b, 1)
    for seed in range(10):
        assert choose(a, 1, seed) == choose(b, 1, seed)
    frozen = copy.deepcopy(view)
    POLICY.choose(view, 1, random.Random(0))
    assert view == frozen


def test_the_ai_beats_random_play() -> None:
    rng = random.Random(5)
    ai_total = random_total = 0
    for game in range(120):
        seats = 2 + game % 5
        ai_seats = set(rng.sample(range(seats), max(1, seats // 2)))
        state = GAME.new(seats, game)
        while GAME.awaiting(state):
            (seat,) = GAME.awaiting(state)
            if seat in ai_seats:
                action = choose(state, seat, game)
            else:
                action = rng.choice(GAME.legal_actions(state, seat))
            state = GAME.apply(state, seat, action)
        outcome = GAME.outcome(state)
        assert outcome is not None
        for seat, points in enumerate(outcome.points):
            if seat in ai_seats:
                ai_total += points
            else:
                random_total += points
    assert ai_total > 0 > random_total
    assert ai_total > 1000
