"""The stock of winnable seeds (migration 0014): seeds the patience solver proved
winnable, per game and options, each drawn by the one statement that deletes it. Only
SQL lives here; what the stock is for lives in `bot.tables.winnable`."""

from __future__ import annotations

from bot.storage.table_rows import Connection, Reader, now_text
from bot.storage.tx import as_int, as_str


async def add_seed(tx: Connection, game: str, options: str, seed: int) -> bool:
    """Put a proved seed in the stock of a game under these options (JSON text), unless
    it is there already or a winnable table was dealt it; whether it went in."""
    return (
        await tx.execute(
            "INSERT INTO winnable_seeds (game, options, seed, found_at)"
            " SELECT ?, ?, ?, ? WHERE NOT EXISTS"
            " (SELECT 1 FROM tables WHERE game = ? AND seed = ? AND winnable = 1)"
            " ON CONFLICT (game, seed) DO NOTHING",
            (game, options, seed, now_text(), game, seed),
        )
        == 1
    )


async def take_seed(tx: Connection, game: str, options: str) -> int | None:
    """Take the oldest seed of a game's stock under these options out of it, in the one
    statement that deletes it (so two processes never take the same one); None if the
    stock is empty. On PostgreSQL a row another transaction is taking is passed over,
    so two draws at once both get one while the stock lasts."""
    skip = " FOR UPDATE SKIP LOCKED" if tx.dialect == "postgres" else ""
    found = await tx.fetchall(
        "DELETE FROM winnable_seeds WHERE id = (SELECT id FROM winnable_seeds"
        f" WHERE game = ? AND options = ? ORDER BY id LIMIT 1{skip}) RETURNING seed",
        (game, options),
    )
    return as_int(found[0][0]) if found else None


async def stock_of(db: Reader, game: str, options: str) -> int:
    """How many seeds the stock of a game under these options holds."""
    found = await db.fetchall(
        "SELECT COUNT(*) FROM winnable_seeds WHERE game = ? AND options = ?", (game, options)
    )
    return as_int(found[0][0])


async def stocks(db: Reader) -> dict[tuple[str, str], int]:
    """Every stock's size, by game and options."""
    found = await db.fetchall(
        "SELECT game, options, COUNT(*) FROM winnable_seeds GROUP BY game, options"
    )
    return {(as_str(r[0]), as_str(r[1])): as_int(r[2]) for r in found}
