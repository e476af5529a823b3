"""Golden hand histories (issue 23): the exact text `history_text` gives for three seeded
tables stored as the service stores them — a chip game (Black Joke), a trick game with
discards face down (Pick-Nick) and a patience (Weavers). The text is a format people and
tools read: a change to it must be meant. To write the files afresh after such a change:
PARLOUR_REGENERATE_HISTORY=1 .venv/bin/python -m pytest tests/golden/test_history.py"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.storage import open_database
from bot.tables.history import history_text
from bot.tables.replays import Replays
from tests.tables.stored import store_table

HERE = Path(__file__).parent / "history"
TABLES = (("black-joke", 2, 2), ("pick-nick", 4, 3), ("weavers", 1, 1))
"""(game, seats, seed) of each golden table."""


@pytest.mark.parametrize(("key", "seats", "seed"), TABLES, ids=[t[0] for t in TABLES])
async def test_a_hand_history_keeps_its_exact_text(
    tmp_path: Path, key: str, seats: int, seed: int
) -> None:
    db = await open_database(tmp_path / "history.db")
    try:
        played = await store_table(db, key, seats, seed)
        text = history_text(await Replays(db).open(played.table_id))
    finally:
        await db.close()
    golden = HERE / f"{key}.txt"
    if os.environ.get("PARLOUR_REGENERATE_HISTORY"):
        golden.write_text(text)
    assert text == golden.read_text()
    assert "Verified:" in text
