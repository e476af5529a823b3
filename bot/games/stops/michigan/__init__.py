"""Michigan: the game (`game`) and its AI (`ai`)."""

from bot.games.stops.michigan.game import GAME

__all__ = ["GAME"]
