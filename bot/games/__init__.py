"""Pure rules: cards, the game contract, every game, and the AI players.

Nothing here does I/O, uses asyncio or the clock, or imports another part of Parlour.
"""

from bot.games import registry
from bot.games.base import ChipGame, Game, GameInfo, Outcome, View
from bot.games.cards import Pack
from bot.games.chips import POT, Transfer
from bot.games.errors import IllegalAction
from bot.games.messages import Message, Text, english, message
from bot.games.options import Option, OptionValue

__all__ = [
    "POT",
    "ChipGame",
    "Game",
    "GameInfo",
    "IllegalAction",
    "Message",
    "Option",
    "OptionValue",
    "Outcome",
    "Pack",
    "Text",
    "Transfer",
    "View",
    "english",
    "message",
    "registry",
]
