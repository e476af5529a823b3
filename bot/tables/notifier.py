"""How the presenters hear of a table's changes: an `Update` of the table as the change
left it, told to each in turn; a presenter's failure is logged and never undoes what was
stored."""

from __future__ import annotations

import logging
from collections.abc import Iterable

from bot.tables.events import Detail, Event
from bot.tables.models import Table
from bot.tables.updates import Presenter, Update, update_of

log = logging.getLogger(__name__)


class Notifier:
    """The presenters of the tables, told of every change in order."""

    def __init__(self, presenters: Iterable[Presenter] = ()) -> None:
        self.presenters: list[Presenter] = list(presenters)

    def snapshot(self, table: Table, event: Event, detail: Detail | None = None) -> Update:
        """The table as presenters see it now (its views built when read)."""
        return update_of(table, event, detail)

    async def notify(self, table: Table, event: Event, detail: Detail | None = None) -> None:
        """Tell every presenter of a change at a table."""
        update = self.snapshot(table, event, detail)
        for presenter in self.presenters:
            try:
                await presenter.table_updated(update)
            except Exception:  # a front end's failure must not undo a stored move
                log.exception("presenter %r failed on %s", presenter, event)
