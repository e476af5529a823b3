"""Tilters: the game (`game`), its AI (`ai`) where it has one."""

from bot.games.yankee.tilters.game import GAME

__all__ = ["GAME"]
