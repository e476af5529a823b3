"""A process for the crash test: it plays Black Joke tables through the table service on
a database file, table after table, until it is killed. On start it recovers whatever
the last (killed) run left and prints what recovery found as one JSON line."""

from __future__ import annotations

import asyncio
import json
import random
import sys
from pathlib import Path

from bot.ledger import Ledger
from bot.storage import Database
from bot.tables import ServiceSettings, Status, TableService

GUILD, CHANNEL, HOST = 1, 2, 3


async def main(path: Path, seed: int) -> None:
    db = await Database.open(path)
    ledger = Ledger(db, starting_chips=10**6)
    service = TableService(db, ledger, ServiceSettings(turn_timeout_s=None))
    report = await service.recover()
    problems = await ledger.check()
    print(
        json.dumps({"tables": report.tables, "abandoned": report.abandoned, "problems": problems}),
        flush=True,
    )
    rng = random.Random(seed)
    while True:
        table = service.in_channel(CHANNEL)
        if table is None:
            table = await service.create(
                guild_id=GUILD,
                channel_id=CHANNEL,
                host_id=HOST,
                host_name="Host",
                game_key="black-joke",
                options={"rounds": 3},
            )
            for _ in range(rng.randint(1, 3)):
                await service.add_ai(table.id, HOST)
        if table.status is Status.LOBBY:
            await service.start(table.id, HOST)
        while table.status is Status.PLAYING:
            seat = table.seat_of(HOST)
            assert seat is not None
            legal = table.game.legal_actions(table.state, seat)
            await service.act(table.id, HOST, table.version, rng.choice(legal))
        print("game", flush=True)


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), int(sys.argv[2])))
