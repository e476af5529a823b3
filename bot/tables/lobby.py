"""The lobby's seats: a new lobby stored with its host, a seat taken (with its buy-in
from the purse) or given up (its stake going home), and what happens when a player
leaves a lobby (the host passes on; an empty lobby closes). Each runs in one unit of work
through the `Committer`; `TableService` calls them under the table's lock."""

from __future__ import annotations

import secrets
from typing import Any

from bot.games.rng import commitment, deal_seed
from bot.ledger import Account, Posting, Reason
from bot.storage import table_rows as rows
from bot.tables.accounts import digest_of
from bot.tables.commit import Committer
from bot.tables.models import Seat, Status, Table, TableError
from bot.tables.settlement import cash_out


def new_ticket(chair: int) -> str:
    """A fresh ticket for a seat: its chair and a random tag, unique at the table."""
    return f"{chair}-{secrets.token_hex(4)}"


async def open_lobby(committer: Committer, table: Table) -> None:
    """Store a new lobby (its id set from the database) and hold it as open; TableError
    if the channel has had a table opened meanwhile."""
    table_id = await committer.write(lambda tx: insert_lobby(committer, tx, table))
    if table_id is None:
        raise TableError("This channel already has a table. Use /table status to see it.")
    table.id = table_id
    committer.tables.remember(table)


async def leave_lobby(
    committer: Committer, table: Table, seat: Seat, user_id: int
) -> dict[str, Any]:
    """A player leaves a lobby with their buy-in back (`after_lobby_leave` then); the
    detail of their leaving."""
    await free_seat(committer, table, seat)
    await after_lobby_leave(committer, table, user_id)
    return {"user_id": user_id, "when": "now"}


async def insert_lobby(committer: Committer, tx: rows.Connection, table: Table) -> int | None:
    """Store a new lobby and its host's seat (and stake); None if the channel already
    has an open table (the database's own check, for two starts at once)."""
    table_id = await rows.insert_table(
        tx,
        guild_id=table.guild_id,
        channel_id=table.channel_id,
        game=table.game.info.key,
        options=dict(table.options),
        seed=table.seed,
        host_id=table.host_id,
        buy_in=table.buy_in,
    )
    if table_id is not None:
        seat = table.seats[0]
        await seat_rows(
            committer, tx, table.guild_id, table_id, table.game.info.key, seat, table.buy_in
        )
    return table_id


async def add_seat(committer: Committer, table: Table, user_id: int | None, name: str) -> Seat:
    """Seat a player (or the AI, `user_id` None) in the lowest free chair, with their stake."""
    used = {s.chair for s in table.seats}
    chair = min(c for c in range(len(used) + 1) if c not in used)
    seat = Seat(chair=chair, user_id=user_id, name=name, ticket=new_ticket(chair))

    async def work(tx: rows.Connection) -> None:
        await seat_rows(
            committer, tx, table.guild_id, table.id, table.game.info.key, seat, table.buy_in
        )

    await committer.write(work)
    table.seats.append(seat)
    table.seats.sort(key=lambda s: s.chair)
    return seat


async def seat_rows(
    committer: Committer,
    tx: rows.Connection,
    guild_id: int,
    table_id: int,
    game: str,
    seat: Seat,
    stake: int,
) -> None:
    """Store a seat and, at a chip table, its buy-in from the player's purse (an AI's
    from the issuance)."""
    await rows.insert_seat(tx, table_id, seat.chair, seat.user_id, seat.name, seat.ticket)
    if stake:
        if seat.user_id is None:
            src, reason = Account.issuance(guild_id), Reason.AI_BUYIN
        else:
            src, reason = Account.purse(guild_id, seat.user_id), Reason.BUYIN
        dst = Account.stake(guild_id, table_id, seat.chair)
        key = f"buyin:{table_id}:{seat.ticket}"
        await committer.ledger.post(
            tx, [Posting(src, dst, stake, reason, key, game=game, table_id=table_id)]
        )


async def free_seat(committer: Committer, table: Table, seat: Seat) -> None:
    """Take a seat away from a lobby, its stake going home."""

    async def work(tx: rows.Connection) -> None:
        if table.buy_in:
            await committer.ledger.post(tx, [cash_out(table, seat, table.buy_in)])
        await rows.delete_seat(tx, table.id, seat.chair)

    await committer.write(work)
    table.seats.remove(seat)


async def after_lobby_leave(committer: Committer, table: Table, user_id: int) -> None:
    """Pass the host on, or close an empty lobby."""
    humans = table.humans()
    if not humans:
        stacks = tuple(table.buy_in for _ in table.seats)

        async def close(tx: rows.Connection) -> None:
            await committer.settlement.close_rows(tx, table, table.seats, stacks, "everyone left")

        await committer.write(close)
        committer.tables.forget(table)
    elif table.host_id == user_id:
        table.host_id = humans[0].user_id or 0
        await committer.write(lambda tx: rows.set_host(tx, table.id, table.host_id))


async def deal(committer: Committer, table: Table) -> dict[str, Any]:
    """Deal a lobby's game to its seats (if the game seats that many), its buy-ins as
    the stacks at a chip table; the detail of the start (the first deal's commitment)."""
    info, n = table.game.info, len(table.seats)
    if not info.min_seats <= n <= info.max_seats:
        raise TableError(
            f"{info.title} needs {info.seat_range()}; {n} "
            f"{'is' if n == 1 else 'are'} seated. Add AI players or wait for friends."
        )
    stacks = tuple(table.buy_in for _ in table.seats) if table.is_chip_game else ()
    state = table.game.new(n, table.seed, table.options, stacks=stacks or None)
    digest = digest_of(table.game, state)

    async def work(tx: rows.Connection) -> None:
        await rows.mark_started(tx, table.id, stacks, digest)

    await committer.write(work)
    table.state, table.start_stacks, table.status = state, stacks, Status.PLAYING
    return {"commitment": commitment(deal_seed(table.seed, 0))}
