"""Quien Sabe: the game (`game`), its AI (`ai`) where it has one."""

from bot.games.yankee.quien_sabe.game import GAME

__all__ = ["GAME"]
