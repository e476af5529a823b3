"""Newmarket (1885): the game (`game`) and its AI (`ai`)."""

from bot.games.stops.newmarket_1885.game import GAME

__all__ = ["GAME"]
