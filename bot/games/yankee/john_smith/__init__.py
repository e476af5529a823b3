"""John Smith: the game (`game`), its AI (`ai`) where it has one."""

from bot.games.yankee.john_smith.game import GAME

__all__ = ["GAME"]
