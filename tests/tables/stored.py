"""Tables played at random and stored as the table service stores them (row, seats, log
and digests), without the service: what the replay tests read back."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.games import Game, registry
from bot.storage import Database
from bot.storage import table_rows as rows
from bot.tables.accounts import digest_of
from tests.tables.conftest import ALICE, GUILD
from tests.test_conformance import pick

_channels = itertools.count(5_000)


@dataclass
class Stored:
    """A stored table and what was played at it."""

    table_id: int
    game: Game[Any]
    states: list[Any] = field(default_factory=list)
    moves: list[tuple[int, str]] = field(default_factory=list)

    def digests(self) -> list[str]:
        """The digest of every state played, in order."""
        return [digest_of(self.game, s) for s in self.states]


def play_at_random(
    game: Game[Any], seats: int, seed: int, options: Mapping[str, object], limit: int | None
) -> Stored:
    """A game played with the conformance suite's random picks (now and then an optional
    action out of turn), to its end or `limit` moves."""
    rng = random.Random(f"stored:{game.info.key}:{seats}:{seed}")
    played = Stored(0, game, [game.new(seats, seed, dict(options))])
    state = played.states[0]
    while game.awaiting(state) and (limit is None or len(played.moves) < limit):
        seat = rng.choice(sorted(game.awaiting(state)))
        action = pick(game.legal_actions(state, seat), rng)
        idle = sorted(set(range(seats)) - game.awaiting(state))
        offers = [(s, a) for s in idle for a in game.optional_actions(state, s)]
        if offers and rng.random() < 0.3:
            seat, action = rng.choice(offers)
        state = game.apply(state, seat, action)
        played.moves.append((seat, action))
        played.states.append(state)
    return played


async def store_table(
    db: Database,
    key: str,
    seats: int,
    seed: int,
    *,
    options: Mapping[str, object] | None = None,
    limit: int | None = None,
    close: bool = True,
    guild: int = GUILD,
    names: tuple[str, ...] = (),
) -> Stored:
    """A table of `key` played at random and stored: seat 0 is ALICE, the rest AI seats;
    closed at the end unless `close` is false."""
    game = registry.get(key)
    played = play_at_random(game, seats, seed, options or {}, limit)
    given = names or ("Alice", *(f"AI {i}" for i in range(1, seats)))
    stacks = list(game.stacks(played.states[0])) if game.info.chips else []  # type: ignore[attr-defined]

    async def work(tx: rows.Connection) -> int:
        table_id = await rows.insert_table(
            tx, guild_id=guild, channel_id=next(_channels), game=key,
            options=dict(options or {}), seed=seed, host_id=ALICE, buy_in=100,
        )  # fmt: skip
        assert table_id is not None
        for chair in range(seats):
            user = ALICE if chair == 0 else None
            await rows.insert_seat(tx, table_id, chair, user, given[chair], f"t{chair}")
        await rows.mark_started(tx, table_id, stacks, played.digests()[0])
        for seq, (seat, action) in enumerate(played.moves, start=1):
            digest = digest_of(game, played.states[seq])
            await rows.append_action(tx, table_id, seq, seat, "act", action, "ai", digest, None)
        if close:
            await rows.close_table(tx, table_id, "finished")
        return table_id

    played.table_id = await db.write(work)
    return played
