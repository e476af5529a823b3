"""The Plain Tricks AI: from its seat's view alone, it leads its highest card, takes a
trick with its cheapest winning card, and otherwise throws its cheapest card (following
suit when it must, as the game's own rules say)."""

from __future__ import annotations

import random

from bot.games.ai import Policy
from bot.games.tricks.facts import TrickView
from bot.games.yankee.plain_tricks.flow import legal, winner_of
from bot.games.yankee.tricks import YANKEE_STRENGTH


class PlainTricksPolicy:
    """Chooses a Plain Tricks seat's card from its view."""

    def choose(self, view: TrickView, seat: int, rng: random.Random) -> str:
        """The seat's action: 'play XX' with a card the rules allow."""
        trick = view["trick"]
        cards = legal(view["hand"], trick)
        assert cards, "the AI was asked to play with no card to play"
        strength = YANKEE_STRENGTH.__getitem__
        if not trick:
            return f"play {max(cards, key=strength)}"
        owners, teams = view["trick_owners"], view["teams"]
        leader = owners[winner_of(trick)]
        winning = [c for c in cards if winner_of([*trick, c]) == len(trick)]
        if winning and teams[leader] != teams[seat]:
            return f"play {min(winning, key=strength)}"
        return f"play {min(cards, key=strength)}"


POLICY: Policy[TrickView] = PlainTricksPolicy()
