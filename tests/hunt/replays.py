"""The hunter's replay requests: the replay of any table started so far, open or closed,
must verify and show no card hidden from its viewer (the check of tests/tables/test_replay.py)."""

from __future__ import annotations

from tests.hunt.driver import GUILD, Hunt
from tests.tables.test_replay import leaks

STARTED = "SELECT id FROM tables WHERE guild_id = ? AND digest IS NOT NULL ORDER BY id"


async def check_a_replay(hunt: Hunt, pick: int) -> None:
    """Open the replay of one started table (by `pick`), check it verifies, and look at a
    few of its steps as an onlooker and as a seat, for leaks."""
    assert hunt.db is not None
    ids = [int(r["id"]) for r in await hunt.db.fetchall(STARTED, (GUILD,))]
    if not ids:
        return
    replay = await hunt.tables.replays.open(ids[pick % len(ids)], GUILD)
    assert replay.verified, replay.problem
    seats = len(replay.names)
    for step in sorted({0, pick % (replay.last + 1), replay.last}):
        for viewer in (None, pick % seats):
            assert not leaks(replay.game, replay, step, viewer), (replay.table_id, step, viewer)
