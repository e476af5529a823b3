"""The terminal front end of `parlour play`: a presenter of the table service that prints
what happens at the table for the one human seat, and a loop that reads that seat's
actions from standard input. `style` writes cards, `table` and `patience` lay out the
views, `screen` puts them together with the prompt and the result, `presenter` tells the
other seats' moves as the table hears of them, and `_loop` runs the game."""

from bot.console._loop import CONSOLE_CHANNEL, CONSOLE_GUILD, new_table, play_console, play_main
from bot.console.presenter import CONSOLE_USER, ConsolePresenter
from bot.console.screen import Screen, format_actions
from bot.console.style import Style

__all__ = [
    "CONSOLE_CHANNEL",
    "CONSOLE_GUILD",
    "CONSOLE_USER",
    "ConsolePresenter",
    "Screen",
    "Style",
    "format_actions",
    "new_table",
    "play_console",
    "play_main",
]
