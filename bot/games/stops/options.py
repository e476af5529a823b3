"""The options every Stops game shares, and the bound on a game's actions."""

from __future__ import annotations

from bot.games.options import Option

ROUNDS = Option(
    "rounds",
    1,
    "Rounds of deals; in each round every seat deals once.",
    minimum=1,
    maximum=10,
)
STAKE_AFTER_DEAL = Option(
    "stake_after_deal",
    False,
    "Spread the stakes after seeing your cards, instead of before the deal as the rules have it.",
)


def max_actions(seats: int, rounds: int = 1) -> int:
    """The most actions a game can last at default options: per deal a spread and a bid
    from each seat, the widow, and at most one lead per card."""
    return rounds * seats * (2 * seats + 1 + 52)
