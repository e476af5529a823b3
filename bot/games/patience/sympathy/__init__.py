"""Sympathy: the game (`game`), its AI (`ai`) where it has one."""

from bot.games.patience.sympathy.game import GAME

__all__ = ["GAME"]
