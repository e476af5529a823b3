"""Yukon: the game (`game`) and its AI (`ai`)."""

from bot.games.french.yukon.game import GAME

__all__ = ["GAME"]
