"""The Discord host of tournaments: a public thread per table, and the tournament's news in
its channel.

The tournament service awaits `open_thread` for each table it seats, then opens the table
in that thread, where the table presenter posts its message. Every change reaches
`tournament_updated`, which waits on nothing: the signup message's edits are coalesced
(the latest state wins, at most one edit per `min_interval_s`, so a burst of joins makes
few edits), and the posts of each tournament (the round's tables, the standings after a
round, the winner, a cancellation) go out in the order they happened, from one task per
tournament; the seating waits for the round's threads, which the service opens just after
telling of the round. Standings pictures are drawn in the render workers, off the event
loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from collections.abc import Callable, Coroutine, Iterator, Mapping
from typing import TYPE_CHECKING, Any

import discord

from bot.tournaments.service.models import News, NewsKind, Slot, Tournament, TournamentError
from cogs._opening import THREAD_ARCHIVE_MIN
from cogs._render import rendered
from cogs._signup import signup_embed, signup_view
from render.tournament import StandingLine, StandingsSheet, render_standings

if TYPE_CHECKING:
    from bot.client import ParlourBot
    from bot.tournaments.service import StandingsView

log = logging.getLogger(__name__)

SIGNUP_KINDS = frozenset(
    {NewsKind.JOINED, NewsKind.LEFT, NewsKind.STARTED, NewsKind.CANCELLED, NewsKind.FINISHED}
)
"""The news that change what the signup message says."""
POSTED_KINDS = frozenset(
    {NewsKind.ROUND_SEATED, NewsKind.ROUND_DONE, NewsKind.FINISHED, NewsKind.CANCELLED}
)
"""The news told in the tournament's channel."""
MESSAGE_CHARS = 2000
THREADS_WAIT_S = 30.0
"""How long the seating waits for its tables' threads (the service tells of a seated
round, then opens its threads) before it is posted with those there are."""
Round = tuple[int, int]
"""A tournament's id and a round's number."""
_Work = Callable[[int], Coroutine[Any, Any, None]]
_NO_PINGS = discord.AllowedMentions.none()


def thread_name(slot: Slot) -> str:
    """A table's thread: "Round 2 · Table 3"."""
    return f"Round {slot.round} · Table {slot.number}"


def seating_lines(
    tournament: Tournament, round_no: int, threads: Mapping[int, int] | None = None
) -> list[str]:
    """A round's tables, one a line: "Round 2: Table 1 — Ann, Bob, AI · <#thread>" (the
    thread the slot holds, or the one opened for its number in `threads`)."""
    lines = []
    for slot in tournament.slots_of(round_no):
        names = ", ".join(tournament.name_of(p) for p in slot.seats)
        thread = slot.thread_id or (threads or {}).get(slot.number)
        where = f" · <#{thread}>" if thread else ""
        lines.append(f"Round {round_no}: Table {slot.number} — {names}{where}")
    byes = tournament.byes.get(round_no, ())
    if byes:
        lines.append("Byes: " + ", ".join(tournament.name_of(p) for p in byes))
    return lines


def chunks(lines: list[str], limit: int = MESSAGE_CHARS) -> Iterator[str]:
    """Lines joined into messages Discord takes (at most `limit` characters each)."""
    block: list[str] = []
    for line in lines:
        if block and len("\n".join([*block, line])) > limit:
            yield "\n".join(block)
            block = []
        block.append(line[:limit])
    if block:
        yield "\n".join(block)


def standings_sheet(view: StandingsView) -> StandingsSheet:
    """The standings picture's words and figures, as the service ranked them."""
    lines = tuple(
        StandingLine(
            place=line.place,
            name=line.name,
            match_points=line.match_points,
            buchholz=line.buchholz,
            game_points=line.game_points,
            games=line.games,
            byes=line.byes,
            dropped=line.dropped,
            prize=line.prize,
        )
        for line in view.lines
    )
    return StandingsSheet(view.title, view.subtitle, lines, unit=view.unit, final=view.final)


def winner_words(tournament: Tournament, view: StandingsView) -> str:
    """The end in words: who won, and each prize paid."""
    winners = [line.name for line in view.lines if line.place == 1]
    if not winners:
        return f"Tournament #{tournament.id} of {tournament.title} is over."
    who = " and ".join(f"**{name}**" for name in winners)
    verb = "wins" if len(winners) == 1 else "share first place in"
    text = f"{who} {verb} tournament #{tournament.id} of {tournament.title}!"
    prizes = [f"{line.name} {line.prize:,} chips" for line in view.lines if line.prize > 0]
    if prizes:
        text += "\nPrizes paid: " + ", ".join(prizes) + "."
    return text


class DiscordTournamentHost:
    """Opens each table's thread and tells the tournament's channel what happened."""

    def __init__(self, bot: ParlourBot, *, min_interval_s: float = 1.0) -> None:
        self.bot = bot
        self.min_interval_s = min_interval_s
        self._signups: dict[int, Tournament] = {}
        self._last_edit: dict[int, float] = {}
        self._posts: dict[int, list[News]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._editing: dict[int, asyncio.Task[None]] = {}
        self._posting: dict[int, asyncio.Task[None]] = {}
        self._opened = asyncio.Condition()
        self._threads: dict[Round, dict[int, int]] = {}
        """The threads opened this round, by table number, until the seating is posted."""

    async def open_thread(self, tournament: Tournament, slot: Slot) -> int:
        """A public thread of the tournament's channel, with no starter message, archived
        after a day without messages."""
        channel = self.bot.get_channel(tournament.channel_id)
        if channel is None:
            channel = await self.bot.fetch_channel(tournament.channel_id)
        if not isinstance(channel, discord.TextChannel):
            raise TournamentError("A tournament's tables are threads of a text channel.")
        thread = await channel.create_thread(
            name=thread_name(slot),
            type=discord.ChannelType.public_thread,
            auto_archive_duration=THREAD_ARCHIVE_MIN,
        )
        async with self._opened:
            self._threads.setdefault((tournament.id, slot.round), {})[slot.number] = thread.id
            self._opened.notify_all()
        return thread.id

    async def _seating(self, tournament: Tournament, round_no: int) -> list[str]:
        """The round's seating once every table has its thread (at most `THREADS_WAIT_S`
        later: a thread Discord did not open is left out)."""
        key = (tournament.id, round_no)

        def opened() -> bool:
            threads = self._threads.get(key, {})
            return all(s.thread_id or s.number in threads for s in tournament.slots_of(round_no))

        async with self._opened:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._opened.wait_for(opened), THREADS_WAIT_S)
            return seating_lines(tournament, round_no, self._threads.pop(key, {}))

    async def tournament_updated(self, news: News) -> None:
        """Queue the signup message's edit and the channel's post; waits on nothing."""
        tournament = news.tournament
        if news.kind in SIGNUP_KINDS:
            self._signups[tournament.id] = tournament
            self._start(self._editing, tournament.id, self._flush_signup)
        if news.kind in POSTED_KINDS:
            self._posts.setdefault(tournament.id, []).append(news)
            self._start(self._posting, tournament.id, self._flush_posts)

    def _start(
        self, running: dict[int, asyncio.Task[None]], tournament_id: int, work: _Work
    ) -> None:
        """Start the tournament's task of this kind unless one runs already."""
        task = running.get(tournament_id)
        if task is None or task.done():
            task = asyncio.create_task(
                work(tournament_id), name=f"parlour-tournament-{tournament_id}"
            )
            running[tournament_id] = task
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        """Cancel what is still waiting (the signup message is redrawn at the next change)."""
        tasks = [t for t in self._tasks if not t.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _flush_signup(self, tournament_id: int) -> None:
        while tournament_id in self._signups:
            wait = self._last_edit.get(tournament_id, 0.0) + self.min_interval_s - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            tournament = self._signups.pop(tournament_id)
            try:
                await self.edit_signup(tournament)
            except Exception:  # the next change edits it again
                log.warning("could not edit tournament %d's signup", tournament_id, exc_info=True)
            self._last_edit[tournament_id] = time.monotonic()

    async def edit_signup(self, tournament: Tournament) -> None:
        """Redraw the signup message as the tournament stands."""
        if tournament.message_id is None:
            return  # the cog posts it; a change before that is shown by the post
        embed = signup_embed(tournament)
        channel = self.bot.get_partial_messageable(tournament.channel_id)
        await channel.get_partial_message(tournament.message_id).edit(
            embed=embed, view=signup_view(tournament)
        )

    async def _flush_posts(self, tournament_id: int) -> None:
        queue = self._posts.get(tournament_id, [])
        while queue:
            news = queue.pop(0)
            try:
                await self.post(news)
            except Exception:  # a post Discord refused is not worth stopping the others
                log.warning("could not post tournament %d's news", tournament_id, exc_info=True)
        self._posts.pop(tournament_id, None)

    async def post(self, news: News) -> None:
        """Tell the tournament's channel: the round's tables, the standings, the end."""
        tournament = news.tournament
        channel = self.bot.get_partial_messageable(tournament.channel_id)
        if news.kind is NewsKind.ROUND_SEATED:
            for text in chunks(await self._seating(tournament, news.round)):
                await channel.send(text, allowed_mentions=_NO_PINGS)
            return
        if news.kind is NewsKind.CANCELLED:  # the service's words say where the chips went
            await channel.send(news.words, allowed_mentions=_NO_PINGS)
            return
        view = await self.bot.tournaments.standings(tournament.id, tournament.guild_id)
        words = news.words
        if news.kind is NewsKind.FINISHED and not words:
            words = winner_words(tournament, view)
        picture = await rendered(render_standings, standings_sheet(view))
        file = discord.File(io.BytesIO(picture.data), filename=picture.filename)
        await channel.send(words[:MESSAGE_CHARS], file=file, allowed_mentions=_NO_PINGS)
