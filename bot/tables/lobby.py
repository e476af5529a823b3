"""The lobby's seats: a new lobby stored with its host, a seat taken (with its buy-in
from the purse) or given up (its stake going home), and what happens when a player
leaves a lobby (the host passes on; an empty lobby closes). Each runs in one unit of work
through the `Committer`; `TableService` calls them under the table's lock."""

from __future__ import annotations

import secrets

from bot.games.rng import commitment, deal_seed
from bot.ledger import Account, Posting, Reason
from bot.storage import table_rows as rows
from bot.tables.accounts import digest_of
from bot.tables.checks import require_host, require_room, require_status, seat_index
from bot.tables.commit import Committer
from bot.tables.events import Left, Started
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


async def leave_lobby(committer: Committer, table: Table, seat: Seat, user_id: int) -> Left:
    """A player leaves a lobby with their buy-in back (`after_lobby_leave` then); the
    detail of their leaving."""
    await free_seat(committer, table, seat)
    await after_lobby_leave(committer, table, user_id)
    return Left(user_id=user_id)


async def leave_seat(committer: Committer, table: Table, user_id: int) -> tuple[Left, bool]:
    """A player leaves: a lobby with their buy-in back, a game in play at the end of the
    hand or at once (`Committer.leave_game`); the detail of their leaving, and whether they
    were the last person playing (whose leaving then closes the table). At a tournament
    table the last one's seat is marked as left too, as every leaver's is there: the
    tournament ranks them by it."""
    index = seat_index(table, user_id)
    seat = table.seats[index]
    last = table.status is Status.PLAYING and table.humans() == [seat]
    if table.status is Status.LOBBY:
        return await leave_lobby(committer, table, seat, user_id), last
    if seat.leaving:
        raise TableError("You are already leaving at the end of this hand.")
    if last and table.tournament_id is None:
        return Left(seat=index), True
    return await committer.leave_game(table, index), False


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
        tournament_id=table.tournament_id,
        winnable=table.winnable,
    )
    if table_id is not None:
        for seat in table.seats:
            await seat_rows(committer, tx, table, table_id, seat)
    return table_id


async def add_seat(committer: Committer, table: Table, user_id: int | None, name: str) -> Seat:
    """Seat a player (or the AI, `user_id` None) in the lowest free chair, with their stake."""
    used = {s.chair for s in table.seats}
    chair = min(c for c in range(len(used) + 1) if c not in used)
    seat = Seat(chair=chair, user_id=user_id, name=name, ticket=new_ticket(chair))

    async def work(tx: rows.Connection) -> None:
        await seat_rows(committer, tx, table, table.id, seat)

    await committer.write(work)
    table.seats.append(seat)
    table.seats.sort(key=lambda s: s.chair)
    return seat


async def add_ai_seat(committer: Committer, table: Table, by_user: int) -> Seat:
    """Seat an AI player in a lobby (its host's request), its stake from the issuance."""
    require_status(table, Status.LOBBY, "AI players can only join in the lobby.")
    require_host(table, by_user, "Only the host can add AI players.")
    require_room(table)
    count = sum(1 for s in table.seats if s.user_id is None) + 1
    return await add_seat(committer, table, None, f"AI {count}")


async def remove_ai_seat(committer: Committer, table: Table, by_user: int) -> Seat:
    """Take the last AI player off a lobby (its host's request); the seat taken away."""
    require_status(table, Status.LOBBY, "AI players can only leave in the lobby.")
    require_host(table, by_user, "Only the host can remove AI players.")
    ais = [s for s in table.seats if s.user_id is None]
    if not ais:
        raise TableError("There is no AI player at this table.")
    await free_seat(committer, table, ais[-1])
    return ais[-1]


async def seat_rows(
    committer: Committer, tx: rows.Connection, table: Table, table_id: int, seat: Seat
) -> None:
    """Store a seat (of `table`, whose id is `table_id`) and, at a chip table, its buy-in
    from the player's purse (an AI's from the issuance); at a tournament table the bank
    lends every seat its stack (`lend:{table}:{ticket}`)."""
    await rows.insert_seat(tx, table_id, seat.chair, seat.user_id, seat.name, seat.ticket)
    stake, guild_id = table.buy_in, table.guild_id
    if not stake:
        return
    key = f"buyin:{table_id}:{seat.ticket}"
    if table.tournament_id is not None:
        src, reason = Account.issuance(guild_id), Reason.LEND
        key = f"lend:{table_id}:{seat.ticket}"
    elif seat.user_id is None:
        src, reason = Account.issuance(guild_id), Reason.AI_BUYIN
    else:
        src, reason = Account.purse(guild_id, seat.user_id), Reason.BUYIN
    dst = Account.stake(guild_id, table_id, seat.chair)
    posting = Posting(src, dst, stake, reason, key, game=table.game.info.key, table_id=table_id)
    await committer.ledger.post(tx, [posting])


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


async def deal(committer: Committer, table: Table) -> Started:
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

    # the turn clock runs from the deal when a person is first to play
    deadline = committer.deadline(table, state)

    async def work(tx: rows.Connection) -> None:
        await rows.mark_started(tx, table.id, stacks, digest)
        await rows.set_deadline(tx, table.id, deadline)

    await committer.write(work)
    table.state, table.start_stacks, table.status = state, stacks, Status.PLAYING
    table.deadline_at = deadline
    return Started(commitment(deal_seed(table.seed, 0)))
