"""A process for the kill -9 hunters: it recovers whatever the last (killed) run left in a
database (a SQLite file, or a PostgreSQL address: every start opens the same schema),
checks it, says what it found as one JSON line, then makes random requests
of every kind — moves, joins, leaves, top-ups, stops, clocks — until it is killed, saying
how many it has made every few requests so that its killer can strike mid-flight.

Run: python -m tests.hunt.kill_worker DB SEED (DB: a file, or a postgresql:// address)
"""

from __future__ import annotations

import asyncio
import json
import random
import sys

from tests.hunt.driver import Hunt, random_request


async def main(where: str, seed: int) -> None:
    """Recover, report, then hunt until killed."""
    hunt = Hunt(where)
    abandoned = await hunt.open()
    problems: list[str] = []
    try:
        await hunt.check()
    except AssertionError as exc:
        problems.append(str(exc))
    found = {"tables": len(hunt.tables.tables()), "abandoned": abandoned, "problems": problems}
    print(json.dumps(found), flush=True)
    rng = random.Random(seed)
    made = 0
    while True:
        name, args = random_request(hunt, rng, restarts=False)
        await hunt.request(name, *args)
        made += 1
        if made % 5 == 0:
            print(made, flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
