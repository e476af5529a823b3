"""Quinto: the game (`game`), its flow, picture, pure rules and AI (`ai`)."""

from bot.games.french.quinto.game import GAME

__all__ = ["GAME"]
