"""How the presenters hear of a table's changes: a snapshot of the table as they see it
(its public and private views, its outcome), told to each in turn; a presenter's failure
is logged and never undoes what was stored."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from bot.tables.models import Event, Presenter, SeatViews, Table, Update

log = logging.getLogger(__name__)
NO_HINT = "no move makes progress"


class Notifier:
    """The presenters of the tables, told of every change in order."""

    def __init__(self, presenters: Iterable[Presenter] = ()) -> None:
        self.presenters: list[Presenter] = list(presenters)

    def snapshot(self, table: Table, event: Event, detail: dict[str, Any] | None = None) -> Update:
        """The table as presenters see it: its views (public, and each player's as a
        presenter reads it) and outcome."""
        if table.state is None:
            return Update(table, event, detail or {}, None, {})
        game, state = table.game, table.state
        public = game.view(state, None)
        people = tuple(i for i, s in enumerate(table.seats) if s.user_id is not None and not s.left)
        private = SeatViews(game, state, people)
        found = public.get("hint")
        hint = None if not found else NO_HINT if found == "none" else game.describe_action(found)
        return Update(
            table,
            event,
            detail or {},
            public,
            private,
            game.outcome(state),
            awaiting=tuple(sorted(game.awaiting(state))),
            hint=hint,
        )

    async def notify(self, table: Table, event: Event, detail: dict[str, Any]) -> None:
        """Tell every presenter of a change at a table."""
        update = self.snapshot(table, event, detail)
        for presenter in self.presenters:
            try:
                await presenter.table_updated(update)
            except Exception:  # a front end's failure must not undo a stored move
                log.exception("presenter %r failed on %s", presenter, event)
