"""Pip-Pip!: the game (`game`), its card rules (`cards`), flow, picture and AI (`ai`)."""

from bot.games.french.pip_pip.game import GAME

__all__ = ["GAME"]
