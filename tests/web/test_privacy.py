"""The privacy hunter: every registered game, at every seat count it allows, played
through the table service (alice and, with two seats or more, bob at random, the other
seats by the AI) with a spectator's socket and each player's own signed-in socket open,
every frame checked against the private cards of the state it shows: no frame to a
spectator may hold a card private to any seat, and none to a player a card private to
another seat, as a code or a word.

`bench/bench_long_tests.py` runs it with more seeds (PARLOUR_WEB_PRIVACY_SEEDS)."""

from __future__ import annotations

import os
import random
import re
from typing import Any

import pytest
from aiohttp import ClientWebSocketResponse

from bot.games import registry
from bot.tables import Table, Update
from tests.fakediscord import FakeUser
from tests.test_conformance import strings_in
from tests.web.conftest import ORIGIN, Site, frames, hello

SEEDS = int(os.environ.get("PARLOUR_WEB_PRIVACY_SEEDS", "1"))
MOST_MOVES = 400
"""The players' moves per game at most, at its fewest and most seats: enough to see
deals, tricks and ends."""
BETWEEN_MOVES = 120
"""The same at the seat counts between (the suite's short form: the long hunt plays
every count at `MOST_MOVES`)."""
EVERY_COUNT_AT_LENGTH = os.environ.get("PARLOUR_WEB_PRIVACY_LONG") == "1"
WORD = re.compile(r"[A-Za-z0-9]+")


class Secrets:
    """A presenter noting, at each version of the table's state, the cards private to
    each seat (`Game.private_cards`)."""

    def __init__(self) -> None:
        self.by_version: dict[int, list[frozenset[str]]] = {}

    async def table_updated(self, update: Update) -> None:
        """Note the state's private cards, seat by seat, under its version."""
        game, state = update.moment.game, update.moment.state
        if state is None:
            return
        seats = range(len(update.table.seats))
        self.by_version[update.table.version] = [game.private_cards(state, s) for s in seats]

    def hidden_from(self, version: int, seat: int | None) -> set[str]:
        """The cards private to any seat but `seat` (None: a spectator) at a version,
        less the seat's own: with two packs (Pip-Pip!) another seat may hold a card of
        the same code as one of the seat's own."""
        cards = self.by_version.get(version, [])
        others = {c for s, mine in enumerate(cards) if s != seat for c in mine}
        return others - (cards[seat] if seat is not None and seat < len(cards) else set())


def shown(frame: dict[str, Any]) -> set[str]:
    """Every string of a frame, and every word of its sentences."""
    found = strings_in(frame)
    return found | {w for text in found for w in WORD.findall(text)}


def cases() -> list[tuple[str, int, int]]:
    """Every game at every seat count it allows, for each seed."""
    out = []
    for game in registry.all():
        counts = range(game.info.min_seats, game.info.max_seats + 1)
        out += [(game.info.key, n, seed) for n in counts for seed in range(SEEDS)]
    return out


def moves_at(key: str, seats: int) -> int:
    """The players' moves at most for a game at a seat count."""
    info = registry.get(key).info
    ends = seats in (info.min_seats, info.max_seats)
    return MOST_MOVES if ends or EVERY_COUNT_AT_LENGTH else BETWEEN_MOVES


async def player_socket(site: Site, user: FakeUser, key: str) -> ClientWebSocketResponse:
    """A socket of the table's page in the player's own browser, signed in as them."""
    browser = await site.browser()
    assert (await site.sign_in(user, f"/t/{key}", browser)).status == 303
    return await browser.ws_connect(f"/t/{key}/ws", headers={"Origin": ORIGIN})


async def move(site: Site, table: Table, rng: random.Random) -> bool:
    """A random legal move for a seat a person holds, when one is awaited; whether one
    was made (the AI plays the other seats)."""
    if table.state is None:
        return False
    people = [s for s in sorted(table.game.awaiting(table.state)) if not table.seats[s].is_ai]
    if not people:
        return False
    seat = rng.choice(people)
    action = rng.choice(table.game.legal_actions(table.state, seat))
    user_id = table.seats[seat].user_id
    assert user_id is not None
    await site.service.act(table.id, user_id, table.version, action)
    return True


@pytest.mark.parametrize(("key", "seats", "seed"), cases())
async def test_no_frame_shows_a_card_hidden_from_its_reader(
    site: Site, key: str, seats: int, seed: int
) -> None:
    spy = Secrets()
    site.service.presenters.insert(0, spy)
    bob = next(u for u in site.discord.world.users.values() if u.name == "bob")
    table = await site.table(key, seats, players=[bob] if seats > 1 else [])
    link = await site.key(table)
    readers = {None: await site.socket(link), 0: await player_socket(site, site.alice, link)}
    if seats > 1:
        readers[1] = await player_socket(site, bob, link)
    seen: dict[int | None, list[dict[str, Any]]] = {seat: [] for seat in readers}

    async def read(wait_s: float) -> None:
        for seat, ws in readers.items():
            seen[seat] += await frames(ws, wait_s)

    for ws in readers.values():
        await hello(ws)
    await read(0.01)
    rng = random.Random(seed)
    for _ in range(moves_at(key, seats)):
        if not await move(site, table, rng):
            break
        await read(0.001)
    await read(0.01)
    for seat, got in seen.items():
        assert got, f"the reader at seat {seat} saw nothing"
        for frame in got:
            if "version" not in frame:
                continue  # a private frame with no seat: nothing in it
            leaked = spy.hidden_from(frame["version"], seat) & shown(frame)
            assert not leaked, f"{seat}: frame of version {frame['version']} shows {sorted(leaked)}"
    assert seats == 1 or any(f["type"] == "hand" and f["seat"] == 1 for f in seen[1])
    for ws in readers.values():
        await ws.close()
