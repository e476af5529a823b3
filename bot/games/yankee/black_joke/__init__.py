"""Black Joke: the game (`game`), its AI (`ai`) where it has one."""

from bot.games.yankee.black_joke.game import GAME

__all__ = ["GAME"]
