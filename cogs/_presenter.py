"""The Discord presenter: keeps each table's one message up to date, and DMs hands.

The table service tells it of every change; it keeps only the latest change per table
and edits that table's message at most once per `min_interval_s` (the latest state
wins), so a burst of AI moves never trips Discord's rate limits. Pictures are rendered
in a worker thread, off the event loop. When a seat's own cards change, its player gets
the hand by DM if their DMs are open; a closed DM is remembered and never retried.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

import discord

from bot.games import scene as sc
from bot.games._rng import commitment
from bot.storage import table_rows as rows
from bot.tables import Event, Status, Table, Update
from cogs._render import rendered
from render import Picture, render_hand, render_patience, render_sympathy, render_table

if TYPE_CHECKING:
    from bot.client import ParlourBot

log = logging.getLogger(__name__)


def names_of(table: Table) -> list[str]:
    """The seat names, marking seats the AI holds for an absent player."""
    return [s.name + (" (AI)" if s.user_id is not None and s.is_ai else "") for s in table.seats]


def lobby_scene(table: Table) -> sc.Scene:
    """The lobby picture: who sits where and what they brought."""
    info = table.game.info
    seats = [
        sc.seat(
            chips=table.buy_in if table.buy_in else None,
            badge="host" if s.user_id == table.host_id else ("AI" if s.user_id is None else ""),
        )
        for s in table.seats
    ]
    counters = [("Players", f"{len(seats)} of {info.seat_range()}")]
    if table.buy_in:
        counters.append(("Buy-in", f"{table.buy_in:,} chips"))
    return sc.scene(info.pack, f"{info.title} - waiting for players", seats, (), counters)


def status_line(update: Update) -> str:
    """Whose turn, their clock, and the table's state, in one line."""
    table = update.table
    if update.event is Event.STOPPED:
        return f"**{table.game.info.title}** - the table was stopped; every stake went home."
    if table.status is Status.LOBBY:
        return (
            f"**{table.game.info.title}** - waiting for players. Join, add AI players, "
            "and the host starts the game."
        )
    if update.outcome is not None:
        return f"**{table.game.info.title}** - game over. {update.outcome.summary}"
    waiting = sorted(table.game.awaiting(table.state))
    names = " and ".join(table.seats[i].name for i in waiting)
    clock = f" - clock runs out <t:{int(table.deadline_at)}:R>" if table.deadline_at else ""
    proof = ""
    if update.public and update.public.get("commitment"):
        # the hash of this deal's seed, shown as it is dealt; the seed comes at the end
        proof = f"\nDeal seed hash: `{update.public['commitment']}`"
    hint = ""
    if update.public and update.public.get("hint"):
        found = str(update.public["hint"])
        words = "no move makes progress" if found == "none" else table.game.describe_action(found)
        hint = f"\nHint: {words}."
    return f"**{table.game.info.title}** - waiting for {names}{clock}.{hint}{proof}"


def result_lines(update: Update) -> str:
    """The end of a game: each seat's result, and the seeds that prove the deals."""
    table, outcome = update.table, update.outcome
    assert outcome is not None
    unit = " chips" if table.is_chip_game else " points"
    lines = [f"{s.name}: {p:+,}{unit}" for s, p in zip(table.seats, outcome.points, strict=True)]
    seeds = update.detail.get("seeds", [])
    if seeds:
        proofs = ", ".join(f"`{commitment(seed)}` <- `{seed}`" for seed in seeds[:6])
        more = f" and {len(seeds) - 6} more" if len(seeds) > 6 else ""
        lines.append(f"Deal seeds (hash shown at each deal <- seed): {proofs}{more}")
    return "\n".join(lines)


async def picture_of(update: Update) -> Picture:
    """The table picture for an update, drawn in a worker process."""
    table = update.table
    if update.public and table.game.info.family == "patience":
        # patience draws its own layout (the book's figures), not a table of seats
        if "players" in update.public:
            return await rendered(render_sympathy, update.public, names_of(table))
        return await rendered(render_patience, update.public)
    scene = update.public["scene"] if update.public else lobby_scene(table)
    return await rendered(render_table, scene, names_of(table))


class DiscordPresenter:
    """Edits table messages (coalesced) and DMs hands."""

    def __init__(self, bot: ParlourBot, *, min_interval_s: float = 1.0) -> None:
        self.bot = bot
        self.min_interval_s = min_interval_s
        self.message_ids: dict[int, int] = {}
        self.dm_open: dict[int, bool] = {}
        self._latest: dict[int, Update] = {}
        self._last_edit: dict[int, float] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._hands: dict[tuple[int, int], tuple[str, ...]] = {}
        self._dms: set[asyncio.Task[None]] = set()

    async def load(self, table_ids: list[int]) -> None:
        """Read the table messages and DM statuses stored before a restart."""
        self.message_ids.update(await rows.messages_of(self.bot.db, table_ids))
        self.dm_open.update({u: s[0] for u, s in (await rows.dm_statuses(self.bot.db)).items()})

    async def table_updated(self, update: Update) -> None:
        """Remember the latest change and make sure an edit is on its way."""
        table_id = update.table.id
        self._latest[table_id] = update
        task = self._tasks.get(table_id)
        if task is None or task.done():
            self._tasks[table_id] = asyncio.create_task(
                self._flush(table_id), name=f"parlour-edit-{table_id}"
            )
        if update.private:
            # DMs go out in the background: this is called under the table's lock
            dm = asyncio.create_task(self._dm_hands(update), name=f"parlour-dm-{table_id}")
            self._dms.add(dm)
            dm.add_done_callback(self._dms.discard)

    async def close(self) -> None:
        """Cancel edits still waiting (a restart re-renders every table anyway)."""
        tasks = [t for t in [*self._tasks.values(), *self._dms] if not t.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()

    async def refresh(self, update: Update) -> None:
        """Show an update now (used after a restart)."""
        await self.table_updated(update)

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
        if message_id is None:
            return  # the cog sends the first message; later updates edit it
        content, file, view = await self.message_parts(update)
        channel = self.bot.get_partial_messageable(update.table.channel_id)
        await channel.get_partial_message(message_id).edit(
            content=content, attachments=[file], view=view
        )

    async def message_parts(self, update: Update) -> tuple[str, discord.File, discord.ui.View]:
        """The content, picture and buttons of a table's message."""
        from cogs.table import table_buttons  # the buttons live with their callbacks

        picture = await picture_of(update)
        content = status_line(update)
        if update.outcome is not None:
            content += "\n" + result_lines(update)
        file = discord.File(_bytes(picture), filename=picture.filename)
        table = update.table
        if (
            table.game.info.family == "patience"
            and table.status is Status.PLAYING
            and update.outcome is None
            and update.event is not Event.STOPPED
        ):
            from cogs.patience import patience_controls

            return content, file, patience_controls(update)
        return content, file, table_buttons(update)

    async def _dm_hands(self, update: Update) -> None:
        """DM each player whose own cards changed, if their DMs are open."""
        table = update.table
        for index, view in update.private.items():
            seat = table.seats[index]
            if seat.user_id is None or self.dm_open.get(seat.user_id) is False:
                continue
            cards = tuple(
                view.get("scene", {}).get("seats", [{}] * (index + 1))[index].get("cards", [])
            )
            key = (table.id, index)
            if not cards or self._hands.get(key) == cards:
                self._hands[key] = cards
                continue
            self._hands[key] = cards
            await self.send_hand(seat.user_id, table, cards)

    async def send_hand(self, user_id: int, table: Table, cards: tuple[str, ...]) -> bool:
        """DM a hand picture; False (and remembered) if the player's DMs are closed."""
        title = f"Your hand at {table.game.info.title}"
        picture = await rendered(render_hand, cards, str(table.game.info.pack), title=title)
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(
                f"Your cards at **{table.game.info.title}** in <#{table.channel_id}>.",
                file=discord.File(_bytes(picture), filename=picture.filename),
            )
        except discord.Forbidden:
            await self.remember_dm(user_id, False)
            return False
        except discord.HTTPException:
            log.warning("could not DM user %d", user_id, exc_info=True)
            return False
        return True

    async def remember_dm(self, user_id: int, is_open: bool) -> None:
        """Store whether a player's DMs are open."""
        self.dm_open[user_id] = is_open
        await self.bot.db.write(lambda tx: rows.set_dm_status(tx, user_id, is_open, True))

    async def remember_message(self, table_id: int, message_id: int) -> None:
        """Store which message shows a table."""
        self.message_ids[table_id] = message_id
        await self.bot.db.write(lambda tx: rows.set_message(tx, table_id, message_id))


def _bytes(picture: Picture) -> Any:
    import io

    return io.BytesIO(picture.data)
