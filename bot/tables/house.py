"""House-staked tournament tables (issue 24): a table a tournament opens for one of its
rounds, seated, staked and dealt at once.

Nobody hosts it (its host id is 0, so only a moderator can stop it). At a chip game the
bank lends every seat, people's and AI's alike, the same stack (`Reason.LEND`) and takes
each stake back when its seat leaves or the table ends (`Reason.REPAY`): the tournament's
chips are its buy-ins, in its own entry escrow, and no purse takes part in the table.
The table's row, its seats, the stakes lent and the start are one unit of work, so a
crash leaves either nothing or a started table that recovery rebuilds.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence

from bot.games.rng import commitment, deal_seed
from bot.storage import table_rows as rows
from bot.tables.accounts import digest_of
from bot.tables.checks import busy_message, game_and_options
from bot.tables.commit import Committer
from bot.tables.events import Started
from bot.tables.lobby import insert_lobby, new_ticket
from bot.tables.models import Seat, Status, Table, TableError

BUSY = "This channel already has a table; a tournament table needs a channel of its own."


def house_table(
    guild_id: int,
    channel_id: int,
    game_key: str,
    options: Mapping[str, object],
    seats: Sequence[tuple[int | None, str]],
    stack: int,
    tournament_id: int,
    seed: int | None,
) -> Table:
    """The table, not yet stored: every seat in the given order (a None user id is an
    AI seat), `stack` each at a chip game; TableError if it cannot be played so."""
    game, resolved = game_and_options(game_key, options)
    info, n = game.info, len(seats)
    if not info.min_seats <= n <= info.max_seats:
        raise TableError(f"{info.title} needs {info.seat_range()}; {n} were given.")
    people = [user for user, _ in seats if user is not None]
    if len(set(people)) != len(people):
        raise TableError("A player can take only one seat at a table.")
    if info.chips and stack < 1:
        raise TableError(f"{info.title} is played for chips: give every seat a stack.")
    return Table(
        id=0,  # the database gives the id
        guild_id=guild_id,
        channel_id=channel_id,
        game=game,
        options=dict(resolved),
        seed=secrets.randbits(63) if seed is None else seed,
        host_id=0,
        buy_in=stack if info.chips else 0,
        status=Status.LOBBY,
        seats=[
            Seat(chair=chair, user_id=user, name=name, ticket=new_ticket(chair))
            for chair, (user, name) in enumerate(seats)
        ],
        tournament_id=tournament_id,
    )


async def open_house_table(committer: Committer, table: Table) -> Started:
    """Store `table` (from `house_table`) with its seats and lent stakes, and deal it, in
    one unit of work; hold it as open and playing. The detail of its start (the first
    deal's commitment); TableError, naming it, if the channel has a table."""
    existing = committer.tables.in_channel(table.channel_id)
    if existing is not None:
        raise TableError(busy_message(existing))
    stacks = tuple(table.buy_in for _ in table.seats) if table.is_chip_game else ()
    state = table.game.new(len(table.seats), table.seed, table.options, stacks=stacks or None)
    digest = digest_of(table.game, state)
    deadline = committer.deadline(table, state)  # a person may be first to play

    async def work(tx: rows.Connection) -> int | None:
        table_id = await insert_lobby(committer, tx, table)
        if table_id is not None:
            await rows.mark_started(tx, table_id, stacks, digest)
            await rows.set_deadline(tx, table_id, deadline)
        return table_id

    table_id = await committer.write(work)
    if table_id is None:
        raise TableError(BUSY)
    table.id = table_id
    table.state, table.start_stacks, table.status = state, stacks, Status.PLAYING
    table.deadline_at = deadline
    committer.tables.remember(table)
    return Started(commitment(deal_seed(table.seed, 0)))
