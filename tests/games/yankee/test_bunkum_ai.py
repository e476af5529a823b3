"""The Bunkum AI: always legal, bidding by a card's expected worth from its own view only,
and clearly better than random play."""

from __future__ import annotations

import copy
import random

from bot.games.cards import yankee_pack
from bot.games.yankee.bunkum.ai import POLICY, card_worth, limit
from bot.games.yankee.bunkum.game import GAME, BunkumState
from tests.games.dealing import dealing

PACK = yankee_pack()
new = dealing(GAME)
LOW = ["0F", "0L", "0E", "0S", "0H", "1F", "1L", "1E", "1S", "1H"]
TENS = ["2F", "2L", "2E", "2S", "2H", "3F", "3L", "3E", "3S", "3H"]


def two_hands(elder: list[str], dealer: list[str]) -> list[str]:
    """A two-player deck dealing these hands (elder's card first), the rest below."""
    top = [c for pair in zip(elder, dealer, strict=True) for c in pair]
    return [*top, *(c for c in PACK if c not in top)]


def random_game(rng: random.Random, seed: int) -> BunkumState:
    """A game with a random table: seats, options, and stacks from broke to rich."""
    seats = rng.randint(2, 4)
    options = {
        "ante": rng.choice((1, 1, 2, 5)),
        "rate": rng.choice((1, 2, 10)),
        "bunkum_split_ties": rng.random() < 0.3,
        "rounds": rng.randint(1, 2),
    }
    stacks = [rng.choice((0, 1, 2, 5, 20, 100, 1000)) for _ in range(seats)]
    return GAME.new(seats, seed, options=options, stacks=stacks)


def test_the_ai_always_plays_legally_within_its_limit() -> None:
    rng = random.Random(1)
    bids = 0
    for seed in range(200):
        state = random_game(rng, seed)
        while GAME.awaiting(state):
            (seat,) = GAME.awaiting(state)
            view = GAME.ai_view(state, seat)
            action = POLICY.choose(view, seat, rng)
            assert action in GAME.legal_actions(state, seat)
            if action not in ("pass", "deal"):
                bids += 1
                assert int(action.split()[1]) == view["bid"] + 1 <= limit(view, seat)
            state = GAME.apply(state, seat, action)
        assert GAME.outcome(state) is not None
    assert bids > 200


def test_the_ai_bids_for_a_hand_a_card_can_mend() -> None:
    # Five 2s and five 3s keep 10 after the threes' fifteen: a 5, a 9 (9+2+2+2) and more
    # bring it down; the AI bids. A hand of zeros and ones keeps 5: any card costs.
    assert card_worth((2, 2, 2, 2, 2, 3, 3, 3, 3, 3)) > 0
    assert card_worth((0, 0, 0, 0, 0, 1, 1, 1, 1, 1)) < 0
    state = new(2, 1, options={"rate": 4}, deck=two_hands(TENS, LOW))
    assert POLICY.choose(GAME.ai_view(state, 1), 1, random.Random(0)) == "bid 1"
    state = GAME.apply(state, 1, "bid 1")
    assert POLICY.choose(GAME.ai_view(state, 0), 0, random.Random(0)) == "pass"


def test_the_ai_stops_at_half_the_card_s_worth() -> None:
    state = new(2, 1, options={"rate": 4}, deck=two_hands(TENS, LOW))
    top = limit(GAME.ai_view(state, 1), 1)
    assert top == int(card_worth((2, 2, 2, 2, 2, 3, 3, 3, 3, 3)) * 4 * 0.5)
    state = GAME.apply(state, 1, "bid 1")
    state = GAME.apply(state, 0, f"bid {top}")
    assert POLICY.choose(GAME.ai_view(state, 1), 1, random.Random(0)) == "pass"


def test_the_ai_uses_only_the_view() -> None:
    # Two deals that differ in every card the seat cannot see: the same view, the same move.
    deck_a = two_hands(TENS, LOW)
    rest = [c for c in PACK if c not in deck_a[:20]]
    deck_b = [*deck_a[:20], *reversed(rest)]
    state_a = GAME.new(2, 1, deck=deck_a)
    state_b = GAME.new(2, 1, deck=deck_b)
    assert state_a != state_b
    view = GAME.ai_view(state_a, 1)
    assert view == GAME.ai_view(state_b, 1)
    frozen = copy.deepcopy(view)
    assert POLICY.choose(view, 1, random.Random(0)) == POLICY.choose(
        GAME.ai_view(state_b, 1), 1, random.Random(0)
    )
    assert view == frozen


def test_the_ai_beats_random_play() -> None:
    totals = {"ai": 0, "random": 0}
    for number in range(300):
        rng = random.Random(number)
        ai_seats = {number % 2, number % 2 + 2}
        state = GAME.new(4, number)
        while GAME.awaiting(state):
            (seat,) = GAME.awaiting(state)
            if seat in ai_seats:
                action = POLICY.choose(GAME.ai_view(state, seat), seat, rng)
            else:
                action = rng.choice(GAME.legal_actions(state, seat))
            state = GAME.apply(state, seat, action)
        outcome = GAME.outcome(state)
        assert outcome is not None
        for seat, points in enumerate(outcome.points):
            totals["ai" if seat in ai_seats else "random"] += points
    assert totals["ai"] == -totals["random"]
    assert totals["ai"] / 600 > 20  # chips a seat a game, of 100 brought
