"""The Discord presenter: keeps each table's one message up to date, and DMs hands.

The table service tells it of every change; it keeps only the latest change per table
and edits that table's message at most once per `min_interval_s` (the latest state
wins), so a burst of AI moves never trips Discord's rate limits. A table a command opened has
its first message posted by that command; a tournament's table, opened by the service in
a thread, has it posted here, from its first update. Pictures are rendered
in worker processes, off the event loop. Hand DMs go through `HandMailer` (cogs/_dms.py):
coalesced per player, and only when a hand changed by more than the player's own play.

The games write seats as "seat N"; every sentence and every text drawn in the picture
passes through `name_seats`, so people read names.
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.games import View
from bot.games import scene as sc
from bot.games.rng import commitment
from bot.tables import Event, Status, Table, Update
from bot.tables.names import name_seats, names_of
from bot.tables.seams import Controls, Hand, controls_of, standing_of
from cogs._dms import HandMailer
from cogs._render import hand_picture, rendered
from render import Picture, render_patience, render_sympathy, render_table

if TYPE_CHECKING:
    from bot.client import ParlourBot

log = logging.getLogger(__name__)


def named(table: Table, text: str) -> str:
    """A game's sentence with each "seat N" replaced by that seat's name."""
    return name_seats(text, [s.name for s in table.seats])


def named_texts(value: Any, names: list[str]) -> Any:
    """A view or scene with "seat N" named in every text it holds (card codes, numbers
    and keys hold no such words and come through unchanged)."""
    if isinstance(value, str):
        return name_seats(value, names)
    if isinstance(value, dict):
        return {k: named_texts(v, names) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [named_texts(v, names) for v in value]
    return value


def lobby_scene(table: Table) -> sc.Scene:
    """The lobby picture: who sits where and what they brought."""
    min_seats, max_seats = table.seat_counts
    seats = [
        sc.seat(
            chips=table.buy_in if table.buy_in else None,
            badge="host" if s.user_id == table.host_id else ("AI" if s.user_id is None else ""),
        )
        for s in table.seats
    ]
    # "12 of 3-12", not "12 of 3-12 players": the counter must fit a twelve-seat table.
    span = f"{min_seats}" if min_seats == max_seats else f"{min_seats}-{max_seats}"
    counters = [("Players", f"{len(seats)} of {span}")]
    if table.buy_in:
        counters.append(("Buy-in", f"{table.buy_in:,} chips"))
    return sc.scene(table.pack, f"{table.title} - waiting for players", seats, (), counters)


def status_line(update: Update) -> str:
    """Whose turn, their clock, and the table's state, in one line."""
    table = update.table
    if update.event is Event.STOPPED:
        return f"**{table.title}** - the table was stopped; every stake went home."
    if table.status is Status.LOBBY:
        return (
            f"**{table.title}** - waiting for players. Join, add AI players, "
            "and the host starts the game."
        )
    news = news_of(update)
    if update.outcome is not None:
        summary = named(table, update.outcome.summary)
        return f"**{table.title}** - game over. {summary}{news}"
    names = " and ".join(table.seats[i].name for i in update.awaiting)
    clock = f" - clock runs out <t:{int(table.deadline_at)}:R>" if table.deadline_at else ""
    proof = ""
    if update.public and update.public.get("commitment"):
        # the hash of this deal's seed, shown as it is dealt; the seed comes at the end
        proof = f"\nDeal seed hash: `{update.public['commitment']}`"
    hint = f"\nHint: {named(table, update.hint)}." if update.hint else ""
    return f"**{table.title}** - waiting for {names}{clock}.{news}{hint}{proof}"


def news_of(update: Update) -> str:
    """The public view's news on a line of its own, seats named ("Stop: the 9♠ is dead.
    alice leads."), or nothing when the game has none."""
    news = update.public.get("news") if update.public else None
    return f"\n{named(update.table, news)}" if news else ""


def result_lines(update: Update) -> str:
    """The end of a game: each seat's result in its game's unit, and the seeds that
    prove the deals."""
    table, outcome = update.table, update.outcome
    assert outcome is not None
    lines = [
        f"{table.seats[r.seat].name}: {r.amount:+,} {r.unit}"
        if r.unit != "score"
        else f"{table.seats[r.seat].name}: score {r.amount:,}"
        for r in standing_of(table, outcome)
    ]
    seeds = update.detail.get("seeds", [])
    if seeds:
        proofs = ", ".join(f"`{commitment(seed)}` <- `{seed}`" for seed in seeds[:6])
        more = f" and {len(seeds) - 6} more" if len(seeds) > 6 else ""
        lines.append(f"Deal seeds (hash shown at each deal <- seed): {proofs}{more}")
    return "\n".join(lines)


async def picture_of(update: Update, *, urgent: bool = False) -> Picture:
    """The table picture for an update, drawn in a worker process as its game's picture
    says (`urgent` when a person waits on it, not an edit of the table message)."""
    table = update.table
    if update.public is None:
        return await rendered(render_table, lobby_scene(table), names_of(table), urgent=urgent)
    names = [s.name for s in table.seats]
    return await drawn_view(table.picture, update.public, names, names_of(table), urgent=urgent)


async def drawn_view(
    kind: str, public: View, names: list[str], labels: list[str], *, urgent: bool
) -> Picture:
    """A public view drawn as a table's message draws it (its game's picture `kind`),
    with every "seat N" in its texts named and the seats labelled (a name, and "(AI)"
    for an absent player's seat the AI holds)."""
    shown = named_texts(public, names)
    if kind == "table":
        return await rendered(render_table, shown["scene"], labels, urgent=urgent)
    if kind == "sympathy":
        return await rendered(render_sympathy, shown, labels, urgent=urgent)
    # a patience draws its own layout (the book's figures), not a table of seats
    return await rendered(render_patience, shown, urgent=urgent)


@dataclass(frozen=True, slots=True)
class Widgets:
    """How the Discord front end turns the seam's plain values into components: the
    controls of a table's message, and a private hand's words and controls. The table
    cog, which imports every control, builds it; so this module imports no cog."""

    table: Callable[[Controls], discord.ui.View]
    hand: Callable[[Table, Hand], tuple[str, discord.ui.View | None]]


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
        self._latest: dict[int, Update] = {}
        self._last_edit: dict[int, float] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}

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
        """Keep the update as the table's latest and start its edit task if none runs."""
        table_id = update.table.id
        self._latest[table_id] = update
        task = self._tasks.get(table_id)
        if task is None or task.done():
            self._tasks[table_id] = asyncio.create_task(
                self._flush(table_id), name=f"parlour-edit-{table_id}"
            )

    async def close(self) -> None:
        """Cancel edits still waiting (a restart re-renders every table anyway)."""
        tasks = [t for t in self._tasks.values() if not t.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()
        await self.mailer.close()

    async def refresh(self, update: Update) -> None:
        """Show an update now without DMing anyone (after a restart: players already
        have their hands, and a DM is sent again only when a hand changes)."""
        self._show(update)
        self.mailer.seen(update, quiet=True)

    async def _flush(self, table_id: int) -> None:
        while table_id in self._latest:
            wait = self._last_edit.get(table_id, 0.0) + self.min_interval_s - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            update = self._latest.pop(table_id)
            try:
                await self._edit(update)
            except Exception:  # an edit that fails is redone by the next change or restart
                log.warning("could not edit the message of table %d", table_id, exc_info=True)
            self._last_edit[table_id] = time.monotonic()

    async def _edit(self, update: Update) -> None:
        message_id = self.message_ids.get(update.table.id)
        if message_id is None and update.table.tournament_id is None:
            return  # the cog that opened it sends the first message; updates edit it
        # a tournament table's first message is urgent: its players cannot play until
        # its buttons are there, so it goes before the coalesced edits and DMs
        content, file, view = await self.message_parts(update, urgent=message_id is None)
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
        self, update: Update, *, urgent: bool = True
    ) -> tuple[str, discord.File, discord.ui.View]:
        """The content, picture and buttons of a table's message (`urgent` unless it is
        a coalesced edit that nobody waits on)."""
        picture = await picture_of(update, urgent=urgent)
        content = status_line(update)
        if update.outcome is not None:
            content += "\n" + result_lines(update)
        file = discord.File(_bytes(picture), filename=picture.filename)
        return content, file, self.widgets.table(controls_of(update))

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
