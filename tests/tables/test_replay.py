"""Replays of stored tables (issue 23): every game's finished table verifies with the
digest of every state; no view of a replay shows a card hidden from its viewer; a
tampered log does not verify; moves are told as announced, never as logged."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.games import Game, IllegalAction, registry
from bot.storage import Database, open_database
from bot.storage import table_rows as rows
from bot.tables import TableError
from bot.tables.accounts import digest_of
from bot.tables.history import history_text
from bot.tables.replay import Replay
from bot.tables.replays import Replays
from tests.tables.conftest import GUILD
from tests.tables.stored import Stored, store_table
from tests.test_conformance import strings_in

GAMES = registry.all()


def leaks(game: Game[Any], replay: Replay, step: int, viewer: int | None) -> set[str]:
    """The cards a replay's moment shows `viewer` that were private to another seat then."""
    state = replay.state_at(step)
    seats = len(replay.names)
    moment = replay.view_at(step, viewer)
    shown = strings_in(moment.public) | (strings_in(moment.own) if moment.own else set())
    own = game.private_cards(state, viewer) if viewer is not None else frozenset()
    hidden: set[str] = set()
    for owner in range(seats):
        if owner != viewer:
            hidden |= game.private_cards(state, owner) - own
    assert moment.revealed is None
    return hidden & shown


def check_replay(played: Stored, replay: Replay) -> None:
    """It verifies; every state has the digest the live game had; nothing leaks."""
    game = played.game
    assert replay.verified and replay.problem is None
    assert replay.last == len(played.moves)
    digests = played.digests()
    steps = list(range(replay.last + 1))
    random.Random(played.table_id).shuffle(steps)  # jumps in any order
    for step in steps:
        assert digest_of(game, replay.state_at(step)) == digests[step], f"step {step}"
        for viewer in {None, 0, step % len(replay.names)}:
            assert not leaks(game, replay, step, viewer), f"step {step}, viewer {viewer}"


@pytest.fixture
async def sqlite_db(tmp_path: Path) -> AsyncIterator[Database]:
    """A migrated SQLite file: rebuilding a table is the same whatever stored it (the
    tests below that load and refuse tables run on both backends)."""
    database = await open_database(tmp_path / "replay.db")
    yield database
    await database.close()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.key)
async def test_every_game_s_finished_tables_replay_verified(
    sqlite_db: Database, game: Game[Any]
) -> None:
    db = sqlite_db
    replays = Replays(db)
    for seed, seats in ((0, game.info.min_seats), (1, game.info.max_seats)):
        played = await store_table(db, game.info.key, seats, seed)
        assert game.is_over(played.states[-1])
        replay = await replays.open(played.table_id, GUILD)
        check_replay(played, replay)
        assert replay.outcome() is not None and replay.standings()
        assert replay.proof.seed_matches is True
        assert all(c.step >= 1 for c in replay.chapters)


async def test_an_open_table_replays_without_its_seed(db: Database) -> None:
    played = await store_table(db, "michigan", 3, 4, limit=25, close=False)
    replay = await Replays(db).open(played.table_id)
    check_replay(played, replay)
    assert replay.proof.seed is None and replay.proof.table_seed is None
    assert replay.view_at(10, 0, reveal=True).revealed is None  # open: never revealed
    assert "kept secret" in history_text(replay)


async def test_reveal_shows_every_seat_s_cards_of_finished_deals_at_a_closed_table(
    db: Database,
) -> None:
    played = await store_table(db, "michigan", 3, 4)
    replay = await Replays(db).open(played.table_id)
    for step in (0, replay.last // 2, replay.last):
        moment = replay.view_at(step, None, reveal=True)
        state = played.states[step]
        want = tuple(tuple(sorted(played.game.private_cards(state, s))) for s in range(3))
        assert moment.revealed == want


async def test_a_stopped_table_s_last_deal_stays_hidden(db: Database) -> None:
    played = await store_table(db, "michigan", 3, 4, limit=25)
    replay = await Replays(db).open(played.table_id)
    assert replay.verified and replay.outcome() is None
    last = replay.view_at(replay.last, None, reveal=True)
    assert last.revealed is None  # the deal it was stopped in never finished
    assert replay.view_at(0, None, reveal=True).revealed is not None  # deal 1 did
    assert "closed before the game's end" in history_text(replay)


async def tamper(db: Database, table_id: int, seq: int, action: str) -> None:
    """Change one logged action in the database."""
    await db.write(
        lambda tx: tx.execute(
            "UPDATE actions SET action = ? WHERE table_id = ? AND seq = ?", (action, table_id, seq)
        )
    )


async def test_a_tampered_log_is_reported_as_not_verifying(db: Database) -> None:
    played = await store_table(db, "tilters", 3, 2)
    await tamper(db, played.table_id, 10, "play ZZ")
    replay = await Replays(db).open(played.table_id)
    assert not replay.verified
    assert replay.problem is not None and "entry 10" in replay.problem
    assert replay.last == 9  # the steps stop where the rebuild stopped
    text = history_text(replay)
    assert "NOT VERIFIED" in text and "Verified:" not in text


async def test_a_legal_but_different_action_fails_the_digest(db: Database) -> None:
    played = await store_table(db, "michigan", 3, 2, limit=4)  # stopped while bidding
    seq, other = still_legal_change(played)
    await tamper(db, played.table_id, seq, other)
    replay = await Replays(db).open(played.table_id)
    assert not replay.verified
    assert replay.problem is not None and "digest" in replay.problem


def still_legal_change(played: Stored) -> tuple[int, str]:
    """A logged move (by its seq) and another action in its place after which every later
    move is still accepted: only the digest can tell."""
    game = played.game
    for index in range(len(played.moves) - 1, -1, -1):
        seat, action = played.moves[index]
        for other in game.legal_actions(played.states[index], seat):
            state = game.apply(played.states[index], seat, other)
            try:
                for later_seat, later in played.moves[index + 1 :]:
                    state = game.apply(state, later_seat, later)
            except IllegalAction:
                continue
            if other != action:
                return index + 1, other
    raise AssertionError("no move could be changed unseen")


@pytest.mark.parametrize(
    ("key", "seats", "hidden"), [("pick-nick", 4, "discard"), ("quien-sabe", 3, "play")]
)
async def test_moves_are_told_as_announced_never_as_logged(
    db: Database, key: str, seats: int, hidden: str
) -> None:
    played = await store_table(db, key, seats, 3)
    replay = await Replays(db).open(played.table_id)
    game = played.game
    face_down = 0
    for step, (seat, action) in zip(replay.steps, played.moves, strict=True):
        said = game.announce(played.states[step.number - 1], seat, action)
        assert step.words == said
        if "face down" in said:
            face_down += 1
            assert action.split(" ")[-1] not in step.words
            assert game.describe_action(action) not in history_text(replay)
    assert face_down, f"no move of {key} was played face down"


async def test_the_service_refuses_unknown_lobby_and_other_servers_tables(db: Database) -> None:
    played = await store_table(db, "tilters", 3, 1, limit=5, close=False)
    replays = Replays(db)
    with pytest.raises(TableError, match="no table 999"):
        await replays.open(999, GUILD)
    with pytest.raises(TableError, match="in this server"):
        await replays.open(played.table_id, GUILD + 1)
    lobby = await db.write(
        lambda tx: rows.insert_table(
            tx,
            guild_id=GUILD,
            channel_id=1,
            game="tilters",
            options={},
            seed=1,
            host_id=1,
            buy_in=0,
        )
    )
    with pytest.raises(TableError, match="never started"):
        await replays.open(lobby, GUILD)
    first = await replays.open(played.table_id, GUILD)
    assert await replays.open(played.table_id, GUILD) is first  # cached by version
