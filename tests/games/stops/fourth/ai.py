"""The AI of the fourth page: the family's player, found beside the page like any game's."""

from bot.games.stops.ai import POLICY

__all__ = ["POLICY"]
