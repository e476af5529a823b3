"""A server's database worth copying, for tests/storage/test_copy.py: a Black Joke game
played to its end, another stopped mid-game, a daily claim, settings, a DM status, a
patience result, a notice, a server's and two members' languages and a tournament (its
players, a table of its first round, a bye, a buy-in in its entry escrow), so that every
table a copy carries holds rows.
"""

from __future__ import annotations

from bot.ledger import Account, Ledger, Posting, Reason
from bot.storage import Database, Tx, open_database
from bot.storage._copy_io import TABLES
from bot.storage.guild_rows import save
from bot.storage.language_rows import UserLanguage, set_guild, set_user
from bot.storage.notice_rows import add_notice
from bot.storage.patience_rows import PatienceRow, record_patience
from bot.storage.table_rows import set_dm_status
from bot.storage.watch_rows import add_key
from bot.storage.winnable_rows import add_seed
from bot.tables import ServiceSettings, Status, TableService
from tests.tables.playing import started, waiting_user

GUILD = 10
CHANNEL = 20
ALICE, BOB, CAROL = 101, 102, 103
START = 1000
NOW = 1_000_000.0


def service_on(db: Database) -> TableService:
    """A table service (and ledger) over `db`, on a clock that stands still."""
    ledger = Ledger(db, starting_chips=START, clock=lambda: NOW)
    settings = ServiceSettings(default_buy_in=100, turn_timeout_s=60.0, handover_after=3)
    return TableService(db, ledger, settings, clock=lambda: NOW)


async def seed(where: str) -> int:
    """Fill the database at `where` (made here) as a server would; return the open table's id."""
    db = await open_database(where)
    try:
        service = service_on(db)
        finished = await started(service, ALICE, ais=1, channel=CHANNEL)
        while finished.status is Status.PLAYING:
            await service.act(finished.id, ALICE, finished.version, "pass")
        assert finished.status is Status.CLOSED
        table = await started(service, ALICE, BOB, channel=CHANNEL + 1)
        await service.act(table.id, waiting_user(table), table.version, "buy 1 1")
        assert table.status is Status.PLAYING and table.version > 0
        await service.ledger.claim_daily(GUILD, CAROL, 50)

        async def extras(tx: Tx) -> None:
            await save(tx, GUILD, {"buy_in": 40, "daily_chips": 50}, [CHANNEL, CHANNEL + 1])
            await set_dm_status(tx, BOB, False, True, NOW)
            row = PatienceRow(ALICE, True, {"moves": 90, "score": 52})
            await record_patience(tx, GUILD, finished.id, "clock", [row])
            await add_notice(tx, CHANNEL, finished.id, "The table was set aside.")
            await add_key(tx, table.id, "a-spectators-key")
            await add_seed(tx, "clock", "{}", 12345)
            await set_guild(tx, GUILD, "fr")
            await set_user(tx, ALICE, UserLanguage("de", "fr"))
            await set_user(tx, BOB, UserLanguage(None, "pt-BR"))
            await tournament(tx, finished.id)
            entry = Account.entry(GUILD, 1)
            buy_in = Posting(Account.purse(GUILD, CAROL), entry, 20, Reason.ENTRY, "entry:1:103")
            await service.ledger.post(tx, [buy_in])

        await db.write(extras)
        for copied in TABLES:
            assert await db.fetchone(f"SELECT 1 FROM {copied.name}"), f"{copied.name} is empty"
        return table.id
    finally:
        await db.close()


async def tournament(tx: Tx, table_id: int) -> None:
    """Tournament 1, under way in its first round, playing at table `table_id`."""
    await tx.execute(
        "INSERT INTO tournaments (id, guild_id, channel_id, host_id, game, format, rounds,"
        " seats, buy_in, stack, shares, options, seed, status, round, created_at)"
        " VALUES (1, ?, ?, ?, 'black-joke', 'swiss', 3, 2, 20, 100, '50,30,20', '{}', 5,"
        " 'running', 1, '2024-01-01T00:00:00.000Z')",
        (GUILD, CHANNEL, ALICE),
    )
    await tx.executemany(
        "INSERT INTO tournament_players (tournament_id, user_id, name, seq) VALUES (1, ?, ?, ?)",
        [(ALICE, "Alice", 1), (BOB, "Bob", 2), (CAROL, "Carol", 3)],
    )
    await tx.execute(
        "INSERT INTO tournament_tables (tournament_id, round, number, seats, table_id)"
        " VALUES (1, 1, 1, ?, ?)",
        (f"[{ALICE}, null]", table_id),
    )
    await tx.execute(
        "INSERT INTO tournament_byes (tournament_id, round, user_id) VALUES (1, 1, ?)", (BOB,)
    )
    await tx.execute("UPDATE tables SET tournament_id = 1 WHERE id = ?", (table_id,))


async def dump(where: str) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every copied table of the database at `where`, in key order."""
    db = await open_database(where, read_only=True)
    try:
        rows = {}
        for copied in TABLES:
            order = ", ".join(f'"{k}"' for k in copied.key)
            found = await db.fetchall(f"SELECT * FROM {copied.name} ORDER BY {order}")
            rows[copied.name] = [tuple(row) for row in found]
        return rows
    finally:
        await db.close()
