"""The terminal's presenter: what happens at the table as lines for the one human seat.

Other seats' actions are told as the table hears of them (`Game.announce`, asked of the
state before the action, so a card played face down is not named); results say chips for
chip games, points for trick games and a score for patience, never one for another.
A game's news line (the view's `news`: a Stops deal's end, "Seat 1 is out! ...") is told
once when it changes, unless the move's own words already said it.
"""

from __future__ import annotations

import re
from typing import TextIO

from bot.console.screen import Screen
from bot.console.table import seat_words
from bot.games import english
from bot.tables import Event, Table, TableFacts, Update
from bot.tables.events import Acted, Started, Stopped
from bot.tables.updates import Moment
from bot.tables.winnable import CHOSEN

CONSOLE_USER = 1
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def seat_names(table: Table | TableFacts) -> list[str]:
    """The names of the table's seats, by seat index."""
    return [seat.name for seat in table.seats]


class ConsolePresenter:
    """Prints table events for one human player."""

    def __init__(self, out: TextIO, user_id: int = CONSOLE_USER, screen: Screen | None = None):
        """Print to `out` for the player `user_id`, in the screen's style."""
        self.out = out
        self.user_id = user_id
        self.screen = screen or Screen.for_stream(out)
        self._before: Moment | None = None
        """The game before the latest change: announcements are made from it."""
        self._news: str | None = None
        """The public view's news line as last told or heard."""

    def remember(self, update: Update) -> None:
        """Take the update's table as it stands now (when resuming a stored game)."""
        self._before = update.moment.bare()

    async def table_updated(self, update: Update) -> None:
        """Print a line (or a result block) for the change."""
        table, detail = update.table, update.detail
        before, self._before = self._before, update.moment.bare()
        if isinstance(detail, Acted) and detail.kind == "act":
            said = self._acted(update, detail, before)
            self._tell_news(update, said)
        elif isinstance(detail, Started):
            chosen = f" ({CHOSEN})" if table.winnable else ""
            self._say(f"{table.title} begins. Deal commitment: {detail.commitment}{chosen}")
        elif update.event is Event.FINISHED and update.outcome is not None:
            me = table.seat_of(self.user_id)
            for line in self.screen.result(update, me):
                self._say(line)
        elif isinstance(detail, Stopped):
            stakes = "; every stake went home" if table.is_chip_game else ""
            self._say(f"The table is closed ({detail.reason}){stakes}.")

    def _tell_news(self, update: Update, said: str) -> None:
        """Print the game's news line when it changed, unless the game is over (the
        result tells the last deal) or the move's words began it already."""
        news = update.public.get("news") if update.public else None
        if news == self._news:
            return
        self._news = news
        if not news or update.outcome is not None:
            return
        named = seat_words(news, seat_names(update.table))
        if _SENTENCE.split(named, maxsplit=1)[0] not in said:
            self._say(named)

    def _acted(self, update: Update, detail: Acted, before: Moment | None) -> str:
        """'AI 1: Play a card face down' for others; the player's own move in full."""
        table, seat, action = update.table, detail.seat, detail.action
        mine = table.seats[seat].user_id == self.user_id
        announced = update.announce(before)
        heard = None if announced is None else english(announced)
        if mine or heard is None:
            text = english(update.describe(action)) if mine else "Moves"
            if mine and heard is not None:
                # what the table heard, when it only adds to the move (a Stops lead's run)
                text = heard if heard.startswith(text) else text
        else:
            text = heard
        names = seat_names(table)
        how = " (timed out)" if detail.actor == "timeout" else ""
        said = f"{names[seat]}{how}: {seat_words(text, names)}"
        self._say(said)
        return said

    def _say(self, text: str) -> None:
        """Print one line at once (the player may be waiting on it)."""
        print(text, file=self.out, flush=True)
