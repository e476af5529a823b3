"""Pick Nick: the game (`game`), its AI (`ai`) where it has one."""

from bot.games.yankee.pick_nick.game import GAME

__all__ = ["GAME"]
