"""The Plain Tricks AI: always legal, and against two random players it wins well over
its fair third of the games."""

from __future__ import annotations

import random

from bot.games.yankee.plain_tricks.ai import POLICY
from bot.games.yankee.plain_tricks.game import GAME


def ai_wins(seed: int) -> bool:
    """Whether the AI in seat 0 wins (alone at the top) against two random players."""
    rng = random.Random(seed)
    state = GAME.new(3, seed)
    while GAME.awaiting(state):
        (seat,) = GAME.awaiting(state)
        legal = GAME.legal_actions(state, seat)
        if seat == 0:
            action = POLICY.choose(GAME.ai_view(state, seat), seat, rng)
            assert action in legal
        else:
            action = rng.choice(legal)
        state = GAME.apply(state, seat, action)
    outcome = GAME.outcome(state)
    assert outcome is not None
    return outcome.winners == (0,)


def test_the_ai_wins_well_over_its_fair_third_against_random_play() -> None:
    wins = sum(ai_wins(seed) for seed in range(40))
    assert wins >= 18, wins  # a random seat wins about 13 of 40
