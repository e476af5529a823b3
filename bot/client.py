"""The Discord side of `parlour run`.

The Discord table (slash commands, buttons, pictures) is built in its own issue; until
then `parlour run` checks the settings and the database and says so plainly.
"""

from __future__ import annotations

import asyncio
import sys

from bot.config import Settings


def run_bot(settings: Settings) -> int:
    """Check the database and report that the Discord front end is not in this build."""
    return asyncio.run(_check_database(settings))


async def _check_database(settings: Settings) -> int:
    from bot.ledger import Ledger
    from bot.storage import Database

    settings.db_path.parent.mkdir(parents=True, exist_ok=True)
    db = await Database.open(settings.db_path)
    try:
        problems = await Ledger(db).check()
    finally:
        await db.close()
    if problems:
        print("The ledger has problems; run `parlour ledger check`.", file=sys.stderr)
        return 1
    print(
        f"Settings are valid and the database at {settings.db_path} is ready, but this build "
        "has no Discord front end yet. Play in the terminal with `parlour play black-joke`.",
        file=sys.stderr,
    )
    return 1
