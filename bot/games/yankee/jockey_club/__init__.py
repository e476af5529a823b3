"""Jockey Club: the game (`game`), its AI (`ai`) where it has one."""

from bot.games.yankee.jockey_club.game import GAME

__all__ = ["GAME"]
