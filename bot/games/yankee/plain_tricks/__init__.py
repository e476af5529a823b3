"""Plain Tricks: the game (`game`), its AI (`ai`)."""

from bot.games.yankee.plain_tricks.game import GAME

__all__ = ["GAME"]
