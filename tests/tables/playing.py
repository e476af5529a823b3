"""Playing a table in tests: a Black Joke table started with players and AI seats, and
whose turn it is (shared by the table-service tests and the copy tool's seed)."""

from __future__ import annotations

from bot.tables import Table, TableService
from tests.tables.conftest import CHANNEL, GUILD


async def started(
    service: TableService, *humans: int, ais: int = 0, channel: int = CHANNEL, **kw: object
) -> Table:
    """A Black Joke table with these players (the first hosts) and AI seats, dealt."""
    table = await service.create(
        guild_id=GUILD,
        channel_id=channel,
        host_id=humans[0],
        host_name=f"P{humans[0]}",
        game_key="black-joke",
        seed=11,
        **kw,  # type: ignore[arg-type]
    )
    for user in humans[1:]:
        await service.join(table.id, user, f"P{user}")
    for _ in range(ais):
        await service.add_ai(table.id, humans[0])
    await service.start(table.id, humans[0])
    return table


def waiting_user(table: Table) -> int:
    """The user the table waits for."""
    (seat,) = table.game.awaiting(table.state)
    user = table.seats[seat].user_id
    assert user is not None
    return user
