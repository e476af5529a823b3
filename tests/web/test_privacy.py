"""The privacy hunter: every registered game, at its fewest and most seats, played
through the table service (the host at random, the other seats by the AI) with a
spectator's socket attached, every frame checked against every seat's private cards of
the state it shows: no frame may hold a card hidden from the table, as a code or a word.

`bench/bench_long_tests.py` runs it with more seeds (PARLOUR_WEB_PRIVACY_SEEDS)."""

from __future__ import annotations

import os
import random
import re
from typing import Any

import pytest

from bot.games import registry
from bot.tables import Update
from tests.test_conformance import strings_in
from tests.web.conftest import Site, frames, hello

SEEDS = int(os.environ.get("PARLOUR_WEB_PRIVACY_SEEDS", "1"))
MOST_MOVES = 400
"""The host's moves per game at most: enough to see deals, tricks and ends."""
WORD = re.compile(r"[A-Za-z0-9]+")


class Secrets:
    """A presenter noting, at each version of the table's state, the cards private to
    any seat (`Game.private_cards`)."""

    def __init__(self) -> None:
        self.by_version: dict[int, set[str]] = {}

    async def table_updated(self, update: Update) -> None:
        """Note the state's private cards under its version."""
        table = update.table
        if table.state is None:
            return
        hidden = self.by_version.setdefault(table.version, set())
        for seat in range(len(table.seats)):
            hidden |= table.game.private_cards(table.state, seat)


def shown(frame: dict[str, Any]) -> set[str]:
    """Every string of a frame, and every word of its sentences."""
    found = strings_in(frame)
    return found | {w for text in found for w in WORD.findall(text)}


def cases() -> list[tuple[str, int, int]]:
    """Every game at its fewest and most seats, for each seed."""
    out = []
    for game in registry.all():
        counts = sorted({game.info.min_seats, game.info.max_seats})
        out += [(game.info.key, n, seed) for n in counts for seed in range(SEEDS)]
    return out


@pytest.mark.parametrize(("key", "seats", "seed"), cases())
async def test_no_frame_shows_a_card_hidden_from_the_table(
    site: Site, key: str, seats: int, seed: int
) -> None:
    spy = Secrets()
    site.service.presenters.insert(0, spy)
    table = await site.table(key, seats)
    ws = await site.socket(await site.key(table))
    await hello(ws)
    rng, seen = random.Random(seed), await frames(ws, 0.01)
    for _ in range(MOST_MOVES):
        if not await site.move(table, rng):
            break
        seen += await frames(ws, 0.001)
    seen += await frames(ws, 0.01)
    assert seen, "the spectator saw nothing"
    for frame in seen:
        hidden = spy.by_version.get(frame["version"], set())
        leaked = hidden & shown(frame)
        assert not leaked, f"frame of version {frame['version']} shows {sorted(leaked)}"
    await ws.close()
