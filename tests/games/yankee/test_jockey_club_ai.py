"""The Jockey Club AI: always legal, sensible in stacked situations, deciding from its own
view only, and clearly better than random play."""

from __future__ import annotations

import copy
import random

from bot.games.cards import yankee_pack
from bot.games.yankee.jockey_club.ai import POLICY
from bot.games.yankee.jockey_club.game import GAME, JockeyClubState
from tests.games.dealing import dealing

PACK = yankee_pack(without_ranks=(0,))
new = dealing(GAME)


def stacked(*hands: str, turn: str = "") -> list[str]:
    """A deck dealing these hands (elder's first), then `turn`, then the rest of the pack."""
    cards = [h.split() for h in hands]
    top = [hand[i] for i in range(len(cards[0])) for hand in cards] + turn.split()
    return [*top, *(c for c in PACK if c not in top)]


def choose(state: JockeyClubState, seat: int, seed: int = 0) -> str:
    return POLICY.choose(GAME.ai_view(state, seat), seat, random.Random(seed))


def test_the_ai_always_plays_legally() -> None:
    rng = random.Random(1)
    offers = 0
    for seed in range(300):
        seats = rng.randint(2, 5)
        options = {
            "ante": rng.choice((1, 5, 20)),
            "dealer_may_console": rng.random() < 0.7,
            "jockey_remove_fives": rng.random() < 0.3,
            "rounds": rng.randint(1, 2),
        }
        stacks = [rng.choice((0, 3, 10, 40, 100, 500)) for _ in range(seats)]
        state = GAME.new(seats, seed, options, stacks=stacks)
        while GAME.awaiting(state):
            (seat,) = GAME.awaiting(state)
            action = POLICY.choose(GAME.view(state, seat), seat, rng)
            assert action in GAME.legal_actions(state, seat)
            offers += action != "pass"
            state = GAME.apply(state, seat, action)
    assert offers > 500


def test_a_completing_card_draws_the_whole_stack_as_a_bid() -> None:
    # Seat 1 holds 14 in three; the turn-up 6L makes 20 in four: a sure claim.
    state = new(2, 1, deck=stacked("9L 1L 4L", "2L 3L 7L", turn="6L"))
    assert choose(state, 1) == "bid 95"


def test_a_claiming_hand_passes_on_a_card_that_spoils_it() -> None:
    state = new(2, 1, deck=stacked("5L 4L 6L", "2L 3L 9L", turn="1E"))
    assert all(choose(state, 1, s) == "pass" for s in range(30))


def test_a_useless_card_is_consoled_for_then_undercut() -> None:
    state = new(3, 1, deck=stacked("1L 2L 3L 4L", "1E 2E 3E 4E", "9L 9E 8L 8E", turn="1S"))
    assert choose(state, 1) == "console 15"  # the whole pot
    state = GAME.apply(state, 1, "console 15")
    assert choose(state, 2) == "console 7"  # half of what would still better it
    state = GAME.apply(state, 2, "bid 1")
    assert choose(state, 0, 5) in ("pass", "bid 2")  # no console now: pass or a small jockey


def test_last_in_with_no_offer_consoles_for_the_whole_pot() -> None:
    state = new(2, 1, deck=stacked("5L 4L 6L", "2L 3L 9L", turn="1E"))
    state = GAME.apply(state, 1, "pass")
    assert choose(state, 0) == "console 10"
    strict = new(2, 1, {"dealer_may_console": False}, deck=stacked("5L 4L 6L", "2L 3L 9L"))
    assert choose(GAME.apply(strict, 1, "pass"), 0) == "pass"


def test_the_ai_jockeys_now_and_then() -> None:
    state = new(3, 1, deck=stacked("1L 2L 3L 4L", "1E 2E 3E 4E", "9L 9E 8L 8E", turn="1S"))
    state = GAME.apply(state, 1, "bid 1")
    picks = {choose(state, 2, s) for s in range(200)}
    assert picks == {"pass", "bid 2"}


def test_the_ai_uses_only_the_view() -> None:
    base = stacked("9L 1L 4L", "2L 3L 7L", turn="6L")
    other = [*base[:7], *reversed(base[7:])]
    a, b = new(2, 1, deck=base), new(2, 1, deck=other)
    assert a != b and GAME.ai_view(a, 1) == GAME.ai_view(b, 1)
    view = GAME.ai_view(a, 1)
    frozen = copy.deepcopy(view)
    for seed in range(20):
        assert choose(a, 1, seed) == choose(b, 1, seed)
    POLICY.choose(view, 1, random.Random(0))
    assert view == frozen


def test_the_ai_beats_random_play() -> None:
    for seats in (2, 3, 5):
        ai_total = deals = 0
        for game in range(120):
            rng = random.Random(game)
            ai_seats = {s for s in range(seats) if (s + game) % 2 == 0}
            state = GAME.new(seats, game)
            while GAME.awaiting(state):
                (seat,) = GAME.awaiting(state)
                if seat in ai_seats:
                    action = POLICY.choose(GAME.ai_view(state, seat), seat, rng)
                else:
                    action = rng.choice(GAME.legal_actions(state, seat))
                state = GAME.apply(state, seat, action)
            outcome = GAME.outcome(state)
            assert outcome is not None
            ai_total += sum(outcome.points[s] for s in ai_seats)
            deals += GAME.deal_number(state)
        assert ai_total / deals > 3, (seats, ai_total / deals)
