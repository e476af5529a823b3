"""The words of a table's message in Discord's markup: the shared words (`bot.front.words`)
with the title in bold, seeds as code and the clock as Discord's relative time."""

from __future__ import annotations

from bot.front import words
from bot.tables import Update

DISCORD = words.Markup(
    bold=lambda text: f"**{text}**",
    code=lambda text: f"`{text}`",
    clock=lambda at: f" - clock runs out <t:{int(at)}:R>",
)
"""Discord's markdown: bold, inline code, and a timestamp its clients count down."""


def status_line(update: Update) -> str:
    """Whose turn, their clock, and the table's state, in one line of Discord markdown."""
    return words.status_line(update, DISCORD)


def result_lines(update: Update) -> str:
    """The end of a game in Discord markdown: each seat's result and the deal seeds."""
    return words.result_lines(update, DISCORD)
