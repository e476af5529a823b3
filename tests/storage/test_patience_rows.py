"""Patience statistics in SQL: streaks in finishing order, fewest moves in a win, perfect
wins, one game or all, and the leaderboard's order (wins, then win rate, then moves)."""

from __future__ import annotations

import itertools

from bot.storage import Database, Tx
from bot.storage import table_rows as rows
from bot.storage.patience_rows import (
    PatienceRow,
    patience_board,
    patience_rank,
    patience_stats,
    record_patience,
)

GUILD = 5
_channels = itertools.count(1)


async def finish(
    db: Database, user: int, game: str, won: bool, moves: int = 50, undos: int = 0, hints: int = 0
) -> int:
    """Record one finished game of `user` (a table of its own); returns the table id."""
    counters = {"moves": moves, "undos": undos, "hints": hints, "score": 52 if won else 10}

    async def work(tx: Tx) -> int:
        table_id = await rows.insert_table(
            tx,
            guild_id=GUILD,
            channel_id=next(_channels),
            game=game,
            options={},
            seed=1,
            host_id=user,
            buy_in=0,
        )
        assert table_id is not None
        await rows.close_table(tx, table_id, "finished")
        await record_patience(tx, GUILD, table_id, game, [PatienceRow(user, won, counters)])
        return table_id

    result: int = await db.write(work)
    return result


async def test_streaks_count_runs_of_wins_in_finishing_order(db: Database) -> None:
    for won in (True, True, False, True, True, True, False, True):
        await finish(db, 1, "clock", won)
    stats = await patience_stats(db, GUILD, 1, "clock")
    assert (stats.played, stats.won) == (8, 6)
    assert (stats.current_streak, stats.best_streak) == (1, 3)
    await finish(db, 1, "clock", False)
    stats = await patience_stats(db, GUILD, 1, "clock")
    assert (stats.current_streak, stats.best_streak) == (0, 3)
    assert round(stats.win_rate, 3) == round(6 / 9, 3)


async def test_fewest_moves_and_perfect_wins_and_all_games(db: Database) -> None:
    await finish(db, 1, "clock", True, moves=40, undos=1)
    await finish(db, 1, "clock", False, moves=5)
    await finish(db, 1, "sultan", True, moves=90)
    await finish(db, 1, "sultan", True, moves=80, hints=2)
    await finish(db, 2, "sultan", True, moves=3)
    clock = await patience_stats(db, GUILD, 1, "clock")
    assert (clock.fewest_moves, clock.perfect) == (40, 0)
    everything = await patience_stats(db, GUILD, 1)
    assert (everything.played, everything.won, everything.perfect) == (4, 3, 1)
    assert (everything.fewest_moves, everything.current_streak, everything.best_streak) == (
        40,
        2,
        2,
    )
    nobody = await patience_stats(db, GUILD, 3)
    assert (nobody.played, nobody.fewest_moves, nobody.win_rate) == (0, None, 0.0)


async def test_a_table_recorded_twice_keeps_its_first_row(db: Database) -> None:
    table_id = await finish(db, 1, "clock", True)

    async def again(tx: Tx) -> None:
        row = PatienceRow(1, False, {"moves": 1})
        await record_patience(tx, GUILD, table_id, "clock", [row])

    await db.write(again)
    stats = await patience_stats(db, GUILD, 1, "clock")
    assert (stats.played, stats.won) == (1, 1)


async def test_the_board_ranks_wins_then_win_rate_then_fewest_moves(db: Database) -> None:
    for user, results in {
        10: [(True, 60), (True, 70), (False, 5)],  # 2 wins, 67%
        11: [(True, 90), (True, 95)],  # 2 wins, 100%
        12: [(True, 50), (True, 40)],  # 2 wins, 100%, fewer moves
        13: [(False, 1)],  # no win
    }.items():
        for won, moves in results:
            await finish(db, user, "clock", won, moves=moves)
    board = await patience_board(db, GUILD, "clock")
    assert [r.user_id for r in board] == [12, 11, 10, 13]
    assert [r.rank for r in board] == [1, 2, 3, 4]
    assert (board[0].won, board[0].played, board[0].fewest_moves) == (2, 2, 40)
    assert board[3].fewest_moves is None
    mine = await patience_rank(db, GUILD, 10, "clock")
    assert mine is not None and mine.rank == 3
    assert await patience_rank(db, GUILD, 99, "clock") is None
    assert await patience_board(db, GUILD, "sultan") == []
