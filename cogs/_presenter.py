"""The Discord presenter: keeps each table's one message up to date, and DMs hands.

The table service tells it of every change; it keeps only the latest change per table
and edits that table's message at most once per `min_interval_s` (the latest state
wins: `bot.front.latest`), so a burst of AI moves never trips Discord's rate limits.
What the message says and draws is every front end's (`bot.front`); this module sends
it, through Discord and the render workers. No picture is drawn in
vain: an edit's picture still waiting for a render worker when a newer change comes is
taken back and the newest drawn in its place; while the workers are behind, the interval
grows with their queue; and a table nobody sits at any more shows its game's end, not
the AI's moves before it. A table a command opened has
its first message posted by that command; a tournament's table, opened by the service in
a thread, has it posted here, from its first update. Pictures are rendered
in worker processes, off the event loop. Hand DMs go through `HandMailer` (cogs/_dms.py):
coalesced per player, and only when a hand changed by more than the player's own play.

The games write seats as "seat N"; every sentence and every text drawn in the picture
has its seats named (`bot.front.seats`), so people read names.
"""

from __future__ import annotations

import io
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from bot.front.latest import Coalescer
from bot.front.picture import Drawing, drawing_of, drawing_of_view
from bot.front.seats import named
from bot.games import View
from bot.games.info import Picture as PictureKind
from bot.tables import Event, Status, Table, Update
from bot.tables.seams import Controls, Hand, controls_of
from cogs._activity import play_button
from cogs._dms import HandMailer
from cogs._render import POOL, Superseded, Ticket, hand_picture, rendered
from cogs._table_words import result_lines, status_line
from cogs._watch import watch_button, watch_link
from render import Picture, render_patience, render_sympathy, render_table

if TYPE_CHECKING:
    from bot.client import ParlourBot

log = logging.getLogger(__name__)

QUEUE_STEP = 25
"""Pictures waiting for a render worker per extra `min_interval_s` between two edits of
one table: when the workers are behind, table edits coalesce harder (the latest state
still wins), leaving the workers to the answers people wait on."""
MOST_INTERVALS = 15
"""The longest wait between two edits of a table, in `min_interval_s`, however long the
queue."""
UNWATCHED_INTERVALS = 30
"""The wait between two edits, in `min_interval_s`, of a table nobody sits at any more
(the AI plays every seat) before its game ends: nobody waits on those moves, and its
final picture goes at once."""


def unwatched(update: Update) -> bool:
    """Whether nobody waits on this update's picture: no person sits at the table any
    more (or none ever did), and its game goes on."""
    table = update.table
    if update.outcome is not None or table.status is not Status.PLAYING:
        return False
    if update.event in (Event.FINISHED, Event.STOPPED):
        return False
    return all(s.user_id is None or s.left for s in table.seats)


async def picture_of(
    update: Update, *, urgent: bool = False, ticket: Ticket | None = None
) -> Picture:
    """The table picture for an update (`urgent` when a person waits on it, not an edit
    of the table message; a `ticket` when a newer edit may take the drawing back)."""
    return await drawn(drawing_of(update), urgent=urgent, ticket=ticket)


async def drawn_view(
    kind: PictureKind, public: View, names: list[str], labels: list[str], *, urgent: bool
) -> Picture:
    """A public view drawn as a table's message draws it (`drawing_of_view`)."""
    return await drawn(drawing_of_view(kind, public, names, labels), urgent=urgent)


async def drawn(drawing: Drawing, *, urgent: bool, ticket: Ticket | None = None) -> Picture:
    """A drawing made a picture in a render worker, as its kind says."""
    labels = list(drawing.labels)
    if drawing.kind == "table":
        return await rendered(render_table, drawing.shown, labels, urgent=urgent, ticket=ticket)
    if drawing.kind == "sympathy":
        return await rendered(render_sympathy, drawing.shown, labels, urgent=urgent, ticket=ticket)
    return await rendered(render_patience, drawing.shown, urgent=urgent, ticket=ticket)


@dataclass(frozen=True, slots=True)
class Widgets:
    """How the Discord front end turns the seam's plain values into components: the
    controls of a table's message, and a private hand's words and controls. The table
    cog, which imports every control, builds it; so this module imports no cog."""

    table: Callable[[Controls], discord.ui.View]
    hand: Callable[[Table, Hand], tuple[str, discord.ui.View | None]]


EDIT_METRIC = "parlour_table_edit_seconds"


def presenter_of(bot: ParlourBot) -> DiscordPresenter:
    """The Discord presenter the table cog installed."""
    # load_extension imports the module afresh, so compare by attribute, not class
    presenter: DiscordPresenter = getattr(bot.get_cog("Tables"), "presenter")  # noqa: B009
    return presenter


class DiscordPresenter:
    """Edits table messages (coalesced), draws private hands, and hands hand DMs to its
    mailer; the seam's values become components through its `widgets`."""

    def __init__(self, bot: ParlourBot, widgets: Widgets, *, min_interval_s: float = 1.0) -> None:
        self.bot = bot
        self.widgets = widgets
        self.min_interval_s = min_interval_s
        self.message_ids: dict[int, int] = {}
        self.mailer = HandMailer(bot)
        self.edits_due = Coalescer(self._edit_latest, self.edit_interval, name="parlour-edit")
        """Each table's latest update, edited in at most once per `edit_interval`."""
        self._tickets: dict[int, Ticket] = {}
        self._changed: dict[int, float] = {}
        """When each table's oldest change not shown yet came: the edit is timed from it."""
        self.edits = bot.web.metrics.histogram(
            EDIT_METRIC, "Seconds from a table's change to its message edited."
        )

    @property
    def dm_open(self) -> dict[int, bool]:
        """Whose DMs are known open (True) or closed (False)."""
        return self.mailer.dm_open

    async def load(self, table_ids: list[int]) -> None:
        """Read the table messages and DM statuses stored before a restart."""
        notes = self.bot.tables.notes
        self.message_ids.update(await notes.messages_of(table_ids))
        self.mailer.load(await notes.dm_statuses())

    async def table_updated(self, update: Update) -> None:
        """Remember the latest change and make sure an edit is on its way; queue DMs.
        Called under the table's lock, so nothing here waits."""
        self._show(update)
        self.mailer.seen(update)

    def _show(self, update: Update) -> None:
        """Keep the update as the table's latest, its edit on its way."""
        table_id = update.table.id
        self._changed.setdefault(table_id, time.monotonic())
        ticket = self._tickets.get(table_id)
        if ticket is not None:
            # its picture, if still waiting for a worker, would be replaced before it
            # was seen: the newest is drawn in its place instead
            POOL.withdraw(ticket)
        self.edits_due.offer(table_id, update)

    def edit_interval(self, update: Update) -> float:
        """The least time between two edits of the update's table: `min_interval_s`,
        longer while the render workers are behind, and much longer while nobody sits
        at the table (`unwatched`)."""
        if unwatched(update):
            return self.min_interval_s * UNWATCHED_INTERVALS
        return self.min_interval_s * min(1 + POOL.queued / QUEUE_STEP, MOST_INTERVALS)

    async def close(self) -> None:
        """Cancel edits still waiting (a restart re-renders every table anyway)."""
        await self.edits_due.close()
        await self.mailer.close()

    async def refresh(self, update: Update) -> None:
        """Show an update now without DMing anyone (after a restart: players already
        have their hands, and a DM is sent again only when a hand changes)."""
        waited = update.table.id in self._changed
        self._show(update)
        if not waited:  # not a change: the same table drawn again, not timed
            del self._changed[update.table.id]
        self.mailer.seen(update, quiet=True)

    async def _edit_latest(self, table_id: int, update: Update) -> bool:
        """Edit a table's message to its latest update (timed from the oldest change it
        shows); False when a newer update took its picture back while it waited (the
        newer is drawn instead)."""
        changed = self._changed.pop(table_id, None)
        ticket = self._tickets.setdefault(table_id, Ticket(home=table_id))
        try:
            await self._edit(update, ticket)
        except Superseded:
            if changed is not None:  # still the oldest change not shown
                self._changed[table_id] = changed
            return False
        except Exception:  # an edit that fails is redone by the next change or restart
            log.warning("could not edit the message of table %d", table_id, exc_info=True)
        else:
            # not timed: a redraw, or no message yet (the command posts the first)
            if changed is not None and table_id in self.message_ids:
                self.edits.observe(time.monotonic() - changed)
        del self._tickets[table_id]
        return True

    async def _edit(self, update: Update, ticket: Ticket | None = None) -> None:
        message_id = self.message_ids.get(update.table.id)
        if message_id is None and update.table.tournament_id is None:
            return  # the cog that opened it sends the first message; updates edit it
        # a tournament table's first message is urgent: its players cannot play until
        # its buttons are there, so it goes before the coalesced edits and DMs
        urgent = message_id is None
        content, file, view = await self.message_parts(update, urgent=urgent, ticket=ticket)
        channel = self.bot.get_partial_messageable(update.table.channel_id)
        if message_id is None:
            # a tournament's table, opened by the service in its thread: no command
            # posts its message, so its first update does
            message = await channel.send(content, file=file, view=view)
            await self.remember_message(update.table.id, message.id)
            return
        await channel.get_partial_message(message_id).edit(
            content=content, attachments=[file], view=view
        )

    async def message_parts(
        self, update: Update, *, urgent: bool = True, ticket: Ticket | None = None
    ) -> tuple[str, discord.File, discord.ui.View]:
        """The content, picture and buttons of a table's message (`urgent` unless it is
        a coalesced edit that nobody waits on, whose `ticket` a newer edit may take
        back)."""
        picture = await picture_of(update, urgent=urgent, ticket=ticket)
        content = status_line(update)
        if update.outcome is not None:
            content += "\n" + result_lines(update)
        file = discord.File(_bytes(picture), filename=picture.filename)
        view = self.widgets.table(controls_of(update))
        link = await watch_link(self.bot, update.table.id)
        if link is not None:
            view.add_item(watch_button(link))
        play = play_button(self.bot.web.activity.on)
        if play is not None:
            view.add_item(play)
        return content, file, view

    async def hand_message(
        self, table: Table, hand: Hand
    ) -> tuple[str, discord.File, discord.ui.View | None]:
        """A player's private message: the picture of their cards (or the dummy's on the
        dummy's turn), and the words and controls of their moves."""
        title = named(table, hand.title)
        picture = await hand_picture(hand.cards, hand.pack, title, urgent=True)
        file = discord.File(_bytes(picture), filename=picture.filename)
        content, view = self.widgets.hand(table, hand)
        return content, file, view

    async def remember_message(self, table_id: int, message_id: int) -> None:
        """Store which message shows a table."""
        self.message_ids[table_id] = message_id
        await self.bot.tables.notes.set_message(table_id, message_id)


def _bytes(picture: Picture) -> io.BytesIO:
    """The picture's bytes as a file to attach."""
    return io.BytesIO(picture.data)
