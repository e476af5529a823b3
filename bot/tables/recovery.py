"""Rebuilding tables from the database after a restart: every open table's game state is
replayed from its seed, start stacks and action log, and checked against the digest
stored with its last action."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.games import ChipGame, Game, IllegalAction, registry
from bot.storage.table_rows import ActionRow, SeatRow, TableRow
from bot.tables.accounts import LEAVE, digest_of
from bot.tables.models import Seat, Status, Table
from bot.tables.setaside import SetAside

GuildFilter = Callable[[int], bool]
"""Whether this process serves a guild (by id): a process holding some of Discord's
gateway shards rebuilds only the tables of its own guilds (docs/DESIGN.md "Scale")."""


class ReplayError(Exception):
    """A table's log does not rebuild the state that was stored."""


@dataclass
class RecoveryReport:
    """What recovery found."""

    tables: int = 0
    actions: int = 0
    abandoned: list[int] = field(default_factory=list)
    """The tables set aside (closed, their escrow sent home) because they could not be
    rebuilt."""
    set_aside: list[SetAside] = field(default_factory=list)
    """The same tables with the words to tell their channels."""


def tables_served(found: Sequence[TableRow], guild_filter: GuildFilter | None) -> list[TableRow]:
    """The stored tables this process rebuilds: all of them, or those of the guilds
    `guild_filter` accepts."""
    if guild_filter is None:
        return list(found)
    return [row for row in found if guild_filter(row.guild_id)]


def build_table(row: TableRow, seats: Sequence[SeatRow]) -> Table:
    """The in-memory table of a stored row and its seats (no game state yet)."""
    return Table(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        game=registry.get(row.game),
        options=dict(row.options),
        seed=row.seed,
        host_id=row.host_id,
        buy_in=row.buy_in,
        status=Status(row.status),
        seats=[
            Seat(s.chair, s.user_id, s.name, s.ticket, s.ai_control, s.timeouts, s.leaving, s.left)
            for s in seats
        ],
        version=row.version,
        start_stacks=tuple(row.start_stacks or ()),
        deadline_at=row.deadline_at,
        tournament_id=row.tournament_id,
        winnable=row.winnable,
    )


def start_state(table: Table) -> Any:
    """The game state a started table began with (its seed, options and start stacks)."""
    stacks = table.start_stacks or None
    return table.game.new(len(table.seats), table.seed, table.options, stacks=stacks)


def apply_entry(game: Game[Any], state: Any, entry: ActionRow) -> Any:
    """The state after one logged entry; ReplayError naming the entry if it is refused."""
    try:
        if entry.kind == "act":
            return game.apply(state, entry.seat, entry.action)
        if not isinstance(game, ChipGame):
            raise IllegalAction("only a chip game's log holds stack entries")
        if entry.action == LEAVE:
            return game.leave(state, entry.seat)
        if not entry.action.lstrip("+-").isdigit():
            raise IllegalAction("a stack entry is a number of chips or a leave")
        return game.adjust_stack(state, entry.seat, int(entry.action))
    except IllegalAction as exc:
        raise ReplayError(f"entry {entry.seq} ({entry.action!r}): {exc.reason}") from None


def check_end(table: Table, log: Sequence[ActionRow], digest: str | None, state: Any) -> None:
    """ReplayError unless the log is as long as the table says and the rebuilt state
    has the digest stored with its last entry."""
    if len(log) != table.version:
        raise ReplayError(f"log has {len(log)} entries, the table says {table.version}")
    if digest is not None and digest_of(table.game, state) != digest:
        raise ReplayError("the replayed state does not match the stored digest")


def replay(table: Table, log: Sequence[ActionRow], digest: str | None) -> Any:
    """The game state rebuilt from the table's log; ReplayError if it does not match."""
    state = start_state(table)
    for entry in log:
        state = apply_entry(table.game, state, entry)
    check_end(table, log, digest, state)
    return state
