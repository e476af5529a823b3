"""`/leaderboard [game]`: the server's top ten as a picture, and the caller's own rank;
`/stats [member] [game]`: one member's record as a picture, from the same results.

Without a game the board ranks chips held (purse balances); with a chip game, net
winnings at it (the ledger's per-game board); with a patience, games won, then the win
rate, then the fewest moves in a win (`bot.storage.patience_rows`); with any other game,
games won (the results stored when its tables finish, `bot.storage.result_rows`). Names
come from the server's member cache, falling back to "User <id>". The picture is drawn
off the event loop, after the interaction is deferred.

A record (`Standings.record`) is tables played and won per game (patience included),
chips won and lost per chip game, the best win, the longest streak and the favourite
game, and a line of tournaments played and won and the best place. It is not secret, so
it is answered publicly; a game not known is refused privately.

`/leaderboard game:tournaments` ranks the server's tournament wins instead (then the best
places, as the tournament service orders them).
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import GameInfo
from bot.tables.records import BestWin, PlayerRecord
from bot.tables.standings import BoardRow
from cogs._base import Interaction, bot_of, guild_id_of
from cogs._render import rendered
from cogs.autocomplete import MAX_CHOICES, game_autocomplete, game_named, title_of
from render import StatsRow, StatsSheet, render_leaderboard, render_stats

if TYPE_CHECKING:
    from bot.client import ParlourBot
    from bot.tournaments.service import TournamentRecord

TOP = 10
TOURNAMENTS = "tournaments"
"""The `game` value of the tournament board."""
Unit = Literal["chips", "net", "wins", "patience"]
Row = tuple[int, str, str]
"""A picture's row: rank, name, value in words."""
_NO_PINGS = discord.AllowedMentions.none()


@dataclass(frozen=True, slots=True)
class Board:
    """One leaderboard as read: what it ranks, its top rows, and the caller's place."""

    title: str
    unit: Unit
    top: list[tuple[int, int]]
    """(user_id, value) best first."""
    mine: tuple[int, int] | None
    """The caller's (rank, value), or None when they are not on the board."""
    words: dict[int, str] = field(default_factory=dict)
    """A row's value in words by user id, where the value alone does not say it all."""


def value_text(value: int, unit: Unit) -> str:
    """A board value in words: "1,250 chips", "+300 chips", "-40 chips", "7 wins"."""
    if unit in ("wins", "patience"):
        return f"{value:,} win" + ("" if value == 1 else "s")
    chips = "chip" if abs(value) == 1 else "chips"
    if unit == "net" and value != 0:
        return f"{value:+,} {chips}"
    return f"{value:,} {chips}"


def leaderboard_rows(
    board: Board, user_id: int, name_of: Callable[[int], str]
) -> tuple[list[Row], Row | None]:
    """The picture's rows, ranked from 1, and the caller's own row (None when unranked)."""
    rows = [
        (rank, name_of(uid), board.words.get(uid) or value_text(value, board.unit))
        for rank, (uid, value) in enumerate(board.top, start=1)
    ]
    if board.mine is None:
        return rows, None
    rank, value = board.mine
    words = board.words.get(user_id) or value_text(value, board.unit)
    return rows, (rank, name_of(user_id), words)


def patience_words(row: BoardRow) -> str:
    """A patience board's value: "7 wins · 70% · 85 moves" (the fewest in a win)."""
    text = f"{value_text(row.won, 'wins')} · {row.won / row.played:.0%}"
    return text if row.fewest_moves is None else f"{text} · {row.fewest_moves:,} moves"


async def patience_board(bot: ParlourBot, guild_id: int, user_id: int, game: GameInfo) -> Board:
    """A patience game's board: wins, then win rate, then the fewest moves in a win."""
    top = await bot.tables.standings.patience_board(guild_id, game.key, TOP)
    mine = await bot.tables.standings.patience_rank(guild_id, user_id, game.key)
    words = {r.user_id: patience_words(r) for r in [*top, *([mine] if mine else [])]}
    return Board(
        f"{game.title}: patience record",
        "patience",
        [(r.user_id, r.won) for r in top],
        None if mine is None else (mine.rank, mine.won),
        words,
    )


async def tournament_board(bot: ParlourBot, guild_id: int, guild_name: str, user_id: int) -> Board:
    """The server's tournament board: most tournaments won, then the best places."""
    top = await bot.tournaments.leaderboard(guild_id, TOP)
    mine = next(((rank, wins) for rank, (uid, wins) in enumerate(top, 1) if uid == user_id), None)
    return Board(f"{guild_name}: tournaments won", "wins", top, mine)


async def leaderboard_autocomplete(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The games, and the tournament board first when what is typed fits it."""
    games = await game_autocomplete(interaction, current)
    if current.strip().casefold() not in TOURNAMENTS:
        return games
    board = app_commands.Choice(name="Tournaments (most won)", value=TOURNAMENTS)
    return [board, *games][:MAX_CHOICES]


def tournament_words(record: TournamentRecord) -> str:
    """A member's tournaments in a line: "Tournaments: 3 played, 1 won, best place 1st."."""
    if not record.played:
        return ""
    best = "" if record.best is None else f", best place {ordinal(record.best)}"
    return f"Tournaments: {record.played:,} played, {record.won:,} won{best}."


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st."""
    last = {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{'th' if 10 <= place % 100 <= 20 else last}"


def empty_text(board: Board, game: GameInfo | None) -> str:
    """What an empty board says instead of a picture."""
    if board.title.endswith("tournaments won"):
        return (
            "No one here has won a tournament yet: a moderator opens one with /tournament create."
        )
    if game is None:
        return "No one here has any chips yet: claim your daily chips with /chips daily."
    chips = " for chips" if board.unit == "net" else ""
    return f"No one here has finished a game of {game.title}{chips} yet."


async def load_board(
    bot: ParlourBot, guild_id: int, guild_name: str, user_id: int, game: GameInfo | None
) -> Board:
    """Read one server's board and the caller's place on it."""
    if game is None:
        top = await bot.ledger.leaderboard(guild_id, limit=TOP)
        mine = await bot.ledger.rank(guild_id, user_id)
        return Board(f"{guild_name}: chips held", "chips", top, mine)
    if game.chips:
        top = await bot.ledger.leaderboard(guild_id, game=game.key, limit=TOP)
        mine = await bot.ledger.rank(guild_id, user_id, game=game.key)
        return Board(f"{game.title}: net winnings", "net", top, mine)
    if game.solitary:
        return await patience_board(bot, guild_id, user_id, game)
    top = await bot.tables.standings.games_won(guild_id, game.key, TOP)
    mine = await bot.tables.standings.games_won_rank(guild_id, user_id, game.key)
    return Board(f"{game.title}: games won", "wins", top, mine)


async def name_resolver(interaction: Interaction, user_ids: Sequence[int]) -> Callable[[int], str]:
    """Display names by user id: from the caches, else fetched from Discord (the bot has
    no members intent, so most members are not cached), else the id."""
    guild, client = interaction.guild, interaction.client
    names = {interaction.user.id: interaction.user.display_name}
    for user_id in user_ids:
        if user_id in names:
            continue
        member = guild.get_member(user_id) if guild is not None else None
        user: discord.abc.User | None = member or client.get_user(user_id)
        if user is None and guild is not None:
            with contextlib.suppress(discord.HTTPException):
                user = await guild.fetch_member(user_id)
        if user is not None:
            names[user_id] = user.display_name

    def name_of(user_id: int) -> str:
        return names.get(user_id, f"User {user_id}")

    return name_of


def best_text(best: BestWin) -> str:
    """The best win's figure: "+180 chips", or the points of a won game."""
    if best.in_chips:
        return value_text(best.value, "net")
    return f"{best.value:,} point" + ("" if best.value == 1 else "s")


def stats_sheet(name: str, subtitle: str, record: PlayerRecord) -> StatsSheet:
    """The record picture's words and numbers, the games most played first."""
    rows = [
        StatsRow(
            title_of(g.game),
            g.played,
            g.won,
            *((g.chips_won, g.chips_lost) if g.for_chips else (None, None)),
        )
        for g in record.games
    ]
    best = record.best_win
    return StatsSheet(
        name=name,
        subtitle=subtitle,
        rows=tuple(sorted(rows, key=lambda r: (-r.played, r.title))),
        best_win="" if best is None else best_text(best),
        best_at="" if best is None else title_of(best.game),
        streak=record.longest_streak,
        favourite="" if record.favourite is None else title_of(record.favourite),
    )


def no_record_text(member_id: int, caller_id: int, game: GameInfo | None) -> str:
    """What a member with no finished table (of the game) is told instead of a picture."""
    of = "" if game is None else f" of {game.title}"
    who = "You have" if member_id == caller_id else f"<@{member_id}> has"
    return f"{who} not finished a table{of} on this server yet."


async def show_stats(
    interaction: Interaction, member: discord.abc.User, game: GameInfo | None
) -> None:
    """Answer /stats publicly with the member's record as a picture, or in words if none."""
    await interaction.response.defer(thinking=True)
    key = None if game is None else game.key
    bot, guild_id = bot_of(interaction), guild_id_of(interaction)
    record = await bot.tables.standings.record(guild_id, member.id, key)
    cups = (
        ""
        if game is not None
        else tournament_words(await bot.tournaments.record_of(guild_id, member.id))
    )
    if not record.games:
        text = no_record_text(member.id, interaction.user.id, game)
        await interaction.followup.send(f"{text}\n{cups}".strip(), allowed_mentions=_NO_PINGS)
        return
    guild = interaction.guild.name if interaction.guild is not None else "This server"
    subtitle = f"{guild} · {'every game' if game is None else game.title}"
    sheet = stats_sheet(member.display_name, subtitle, record)
    picture = await rendered(render_stats, sheet, urgent=True)
    file = discord.File(io.BytesIO(picture.data), filename=picture.filename)
    await interaction.followup.send(cups, file=file, allowed_mentions=_NO_PINGS)


class Leaderboard(commands.Cog):
    """The /leaderboard command."""

    @app_commands.command(name="leaderboard", description="The server's top ten players")
    @app_commands.describe(
        game="Rank by results at this game instead of chips held (or: tournaments)"
    )
    @app_commands.autocomplete(game=leaderboard_autocomplete)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: Interaction, game: str | None = None) -> None:
        """Show the top ten (chips held, one game's results, or tournaments won) and the
        caller's rank."""
        guild_id, bot, user_id = guild_id_of(interaction), bot_of(interaction), interaction.user.id
        cups = game is not None and game.strip().casefold() == TOURNAMENTS
        info = None if game is None or cups else game_named(game).info
        await interaction.response.defer(thinking=True)
        guild_name = interaction.guild.name if interaction.guild is not None else "This server"
        if cups:
            board = await tournament_board(bot, guild_id, guild_name, user_id)
        else:
            board = await load_board(bot, guild_id, guild_name, user_id, info)
        if not board.top:
            await interaction.followup.send(empty_text(board, info))
            return
        ids = [user_id for user_id, _ in board.top]
        name_of = await name_resolver(interaction, ids)
        rows, you = leaderboard_rows(board, interaction.user.id, name_of)
        picture = await rendered(render_leaderboard, board.title, rows, you=you, urgent=True)
        file = discord.File(io.BytesIO(picture.data), filename=picture.filename)
        await interaction.followup.send(file=file)

    @app_commands.command(name="stats", description="A member's record: tables, chips, streaks")
    @app_commands.describe(member="Whose record (yours if left out)", game="Only this game")
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.guild_only()
    async def stats(
        self, interaction: Interaction, member: discord.User | None = None, game: str | None = None
    ) -> None:
        """Show a member's record at every game, or at one, as a picture."""
        guild_id_of(interaction)
        info = None if game is None else game_named(game).info  # refused before deferring
        await show_stats(interaction, member or interaction.user, info)


async def setup(bot: ParlourBot) -> None:
    """Load the cog."""
    await bot.add_cog(Leaderboard())
