"""Bunkum: the game (`game`), its AI (`ai`) where it has one."""

from bot.games.yankee.bunkum.game import GAME

__all__ = ["GAME"]
