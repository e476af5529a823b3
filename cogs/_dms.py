"""Hand DMs: a courtesy, not a stream (DESIGN.md "Presentation").

The presenter shows the mailer every change at a table. The mailer remembers the cards
each seat last held and queues a DM only when a hand changed by more than its player's
own play: a new deal, cards received, cards taken by someone else. Queued hands are
coalesced per player: at most one DM every `interval_s`, the latest hand of a table
winning, so a burst of changes (reserve buys back to back, a fast trick) costs one DM,
not ten, and Discord's rate limits are never met.

A player whose DMs are closed is remembered as such, with the time of the last probe,
in the database (so across restarts too); a later join probes again once `reprobe_s`
has passed since then (a day), so someone who opens their DMs is not told "closed" for
ever.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from collections import Counter
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import discord

from bot.front.seats import named
from bot.tables import Actor, Event, TableFacts, Update
from bot.tables.events import Acted
from bot.tables.notes import DmStatus
from bot.tables.seams import cards_in, own_hand_title
from cogs._render import hand_picture

if TYPE_CHECKING:
    from bot.client import ParlourBot

log = logging.getLogger(__name__)

DAY_S = 24 * 60 * 60.0
Cards = tuple[str, ...]


def worth_a_dm(before: Cards | None, after: Cards, own_play: bool) -> bool:
    """Whether a hand changed by more than its player's own play (see the module)."""
    if not after or before == after:
        return False
    if before is None or Counter(after) - Counter(before):
        return True  # a new deal, or cards received
    return not own_play  # cards left the hand: the player knows what they played


class HandMailer:
    """Queues, coalesces and sends hand DMs; remembers whose DMs are closed."""

    def __init__(
        self,
        bot: ParlourBot,
        *,
        interval_s: float = 5.0,
        reprobe_s: float = DAY_S,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.bot = bot
        self.interval_s = interval_s
        self.reprobe_s = reprobe_s
        self.clock = clock
        self.dm_open: dict[int, bool] = {}
        self._probed_at: dict[int, float] = {}
        self._hands: dict[tuple[int, int], Cards] = {}
        self._pending: dict[int, dict[int, tuple[TableFacts, int, Cards]]] = {}
        self._sent_at: dict[int, float] = {}
        self._senders: dict[int, asyncio.Task[None]] = {}

    def seen(self, update: Update, *, quiet: bool = False) -> None:
        """Note every player's hand in an update, queueing DMs where they matter; `quiet`
        only notes them (after a restart, players already have their hands)."""
        table = update.table
        if update.event in (Event.FINISHED, Event.STOPPED):
            self._drop_table(table.id)
            return
        for index, view in update.private.items():
            seat = table.seats[index]
            cards, key = cards_in(view, index), (table.id, index)
            before, self._hands[key] = self._hands.get(key), cards
            user = seat.user_id
            if quiet or user is None or self.dm_open.get(user) is False:
                continue
            waiting = self._pending.get(user, {})
            if table.id in waiting:
                waiting[table.id] = (table, index, cards)  # the latest hand wins
            elif worth_a_dm(before, cards, self._own_play(update, index)):
                self._pending.setdefault(user, {})[table.id] = (table, index, cards)
                self._wake(user)

    @staticmethod
    def _own_play(update: Update, index: int) -> bool:
        """Whether the update is this seat's player acting themselves."""
        detail = update.detail
        return isinstance(detail, Acted) and detail.seat == index and detail.actor == Actor.PLAYER

    def _drop_table(self, table_id: int) -> None:
        """Forget a closed table's hands and any DM of it still waiting."""
        for key in [k for k in self._hands if k[0] == table_id]:
            del self._hands[key]
        for waiting in self._pending.values():
            waiting.pop(table_id, None)

    def _wake(self, user_id: int) -> None:
        """Make sure the user's sender is running."""
        task = self._senders.get(user_id)
        if task is None or task.done():
            self._senders[user_id] = asyncio.create_task(
                self._send_queued(user_id), name=f"parlour-dm-{user_id}"
            )

    async def _send_queued(self, user_id: int) -> None:
        """Send the user's waiting hands, one DM per interval, oldest table first."""
        while waiting := self._pending.get(user_id):
            pause = self._sent_at.get(user_id, -self.interval_s) + self.interval_s
            pause -= time.monotonic()
            if pause > 0:
                await asyncio.sleep(pause)
                continue  # the table may have closed meanwhile
            table_id = next(iter(waiting))
            table, index, cards = waiting.pop(table_id)
            if not waiting:
                del self._pending[user_id]
            sent = await self.send_hand(user_id, table, index, cards)
            # the window runs from the DM's arrival, however long its picture took
            self._sent_at[user_id] = time.monotonic()
            if not sent:
                self._pending.pop(user_id, None)
        self._senders.pop(user_id, None)

    async def send_hand(self, user_id: int, table: TableFacts, seat: int, cards: Cards) -> bool:
        """DM the hand picture of seat `seat` (the very picture its "My hand" answer shows,
        drawn once for both); False (and remembered if closed) when it cannot be sent."""
        title = named(table, own_hand_title(table, seat))
        try:
            picture = await hand_picture(cards, str(table.pack), title, urgent=False)
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(
                f"Your cards at **{table.title}** in <#{table.channel_id}>.",
                file=discord.File(io.BytesIO(picture.data), filename=picture.filename),
            )
        except discord.Forbidden:
            await self.remember(user_id, False)
            return False
        except Exception:  # a DM is a courtesy: its failure must not stop the next one
            log.warning("could not DM user %d", user_id, exc_info=True)
            return False
        return True

    def should_probe(self, user_id: int) -> bool:
        """Whether to try the user's DMs: not known closed, or last probed a while ago."""
        if self.dm_open.get(user_id) is not False:
            return True
        return self.clock() - self._probed_at.get(user_id, float("-inf")) >= self.reprobe_s

    async def probe(self, user: discord.User | discord.Member, text: str) -> bool:
        """Send `text` by DM to learn whether the user's DMs are open; remembers the answer."""
        try:
            await user.send(text)
        except discord.Forbidden:
            await self.remember(user.id, False)
            return False
        await self.remember(user.id, True)
        return True

    async def remember(self, user_id: int, is_open: bool) -> None:
        """Store whether a player's DMs are open, and when that was learnt."""
        self.dm_open[user_id] = is_open
        self._probed_at[user_id] = self.clock()
        if not is_open:
            self._pending.pop(user_id, None)
        await self.bot.tables.notes.set_dm_status(user_id, is_open, True, self._probed_at[user_id])

    def load(self, statuses: Mapping[int, DmStatus]) -> None:
        """Take in the DM statuses stored before a restart, and when each was learnt, so
        that a closed DM is still probed at most once every `reprobe_s`."""
        for user_id, status in statuses.items():
            self.dm_open[user_id] = status.open
            self._probed_at[user_id] = status.checked_at

    async def close(self) -> None:
        """Stop sending (what is still queued is dropped: a hand DM is a courtesy)."""
        self._pending.clear()
        tasks = [t for t in self._senders.values() if not t.done()]
        for task in tasks:
            task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.gather(*tasks, return_exceptions=True)
        self._senders.clear()
