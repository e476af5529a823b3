"""Newmarket (2011): the game (`game`) and its AI (`ai`)."""

from bot.games.stops.newmarket.game import GAME

__all__ = ["GAME"]
