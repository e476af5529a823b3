"""The AI of this Stops game: the family's player (bot/games/stops/ai.py)."""

from bot.games.stops.ai import POLICY

__all__ = ["POLICY"]
