"""The tournament benchmark's code path, small: `bench/bench_tournament.py` runs an
8-player Swiss of 2 rounds of Tilters and a 4-player knockout of Black Joke through the
fake Discord, every player a fast person, and measures each round's seating, the
ledger and the escrow."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from bench.bench_tournament import Place, Plan, run


@pytest.mark.parametrize(
    ("plan", "tables"),
    [
        (Plan("small Swiss", "tilters", "swiss", 8, 4, 2, 10), 4),
        (Plan("small knockout", "black-joke", "knockout", 4, 2, None, 10), 3),
    ],
)
async def test_a_small_tournament_runs_to_its_end_with_every_chip_paid_out(
    tmp_path: Path, plan: Plan, tables: int
) -> None:
    figures = await run(plan, Place(str(tmp_path / "bench.db")), timeout_s=60.0)
    assert figures["tables"] == tables
    rounds = figures["rounds"]
    assert [r["round"] for r in rounds] == list(range(1, len(rounds) + 1))
    assert all(math.isfinite(r["seated_s"]) and r["seated_s"] >= 0 for r in rounds)
    assert figures["ledger_problems"] == []
    assert figures["escrow_left"] == 0
    assert figures["prizes"] == figures["pot"] == 10 * plan.players
    assert figures["chips_kept"]
    # every move at a table of people only is theirs
    assert figures["moves"] >= figures["people_moves"] > 0
    assert not [m for m in figures["missed"] if "loop lag" not in m and "seated" not in m]
