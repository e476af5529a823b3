"""The moves of the posting-path benchmark: tables set up through Parlour's own code, a
move as the table service's unit of work, and the very same statements for the raw
drivers (`statements`), so both sides write the same rows."""

from __future__ import annotations

import time
from dataclasses import dataclass

from bot.ledger import Account, Ledger, Posting, Reason
from bot.storage import Database, Tx, Work, open_database
from bot.storage import table_rows as rows

GUILD = 1
GAME = "black-joke"
LEGS = 2
STAKE = 10**9
BET = 10

# The ledger's statement for one transfer (bot/ledger/_sql.py), word for word.
INSERT_TRANSFER = (
    "INSERT INTO transfers"
    " (guild_id, debit_account_id, credit_account_id, amount, reason, key, game, table_id)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING RETURNING id"
)
INSERT_ACTION = (
    "INSERT INTO actions (table_id, seq, seat, kind, action, actor, created_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?)"
)
UPDATE_TABLE = (
    "UPDATE tables SET version = ?, digest = ?, deadline_at = ? WHERE id = ? AND version = ?"
)
UPDATE_SEAT = (
    'UPDATE seats SET ai_control = ?, timeouts = ?, leaving = ?, "left" = ?'
    " WHERE table_id = ? AND chair = ?"
)


@dataclass(frozen=True)
class BenchTable:
    """A table in play with two seats, and its escrow accounts' ids."""

    id: int
    stakes: tuple[int, int]
    pot: int


def numbered(sql: str) -> str:
    """`sql` with PostgreSQL's numbered placeholders (these statements quote no `?`)."""
    pieces = sql.split("?")
    return "".join(f"{p}${n}" for n, p in enumerate(pieces[:-1], start=1)) + pieces[-1]


async def set_up(target: str, count: int) -> tuple[Database, Ledger, list[BenchTable]]:
    """Open the database at `target` and start `count` two-seat chip tables in it, each
    stake bought in and the pot opened, through the table rows and the ledger."""
    db = await open_database(target)
    ledger = Ledger(db, starting_chips=0)

    async def start(tx: Tx, number: int) -> int:
        table_id = await rows.insert_table(
            tx,
            guild_id=GUILD,
            channel_id=number,
            game=GAME,
            options={},
            seed=number,
            host_id=1,
            buy_in=STAKE,
        )
        assert table_id is not None
        for chair in (0, 1):
            await rows.insert_seat(
                tx, table_id, chair, chair + 1, f"P{chair}", f"t{number}:{chair}"
            )
        await rows.mark_started(tx, table_id, [STAKE, STAKE], "d0")
        bank = Account.issuance(GUILD)
        postings = [
            Posting(
                bank,
                Account.stake(GUILD, table_id, c),
                STAKE,
                Reason.AI_BUYIN,
                f"in:{table_id}:{c}",
            )
            for c in (0, 1)
        ]
        postings.append(
            Posting(bank, Account.pot(GUILD, table_id), 1, Reason.GRANT, f"pot:{table_id}")
        )
        await ledger.post(tx, postings)
        return table_id

    for number in range(count):

        async def work(tx: Tx, number: int = number) -> int:
            return await start(tx, number)

        await db.write(work)
    found = await db.fetchall(
        "SELECT id, kind, table_id, seat FROM accounts WHERE kind IN ('stake', 'pot')"
    )
    stakes: dict[tuple[int, int], int] = {}
    pots: dict[int, int] = {}
    for row in found:
        if row["kind"] == "pot":
            pots[int(row["table_id"])] = int(row["id"])
        else:
            stakes[int(row["table_id"]), int(row["seat"])] = int(row["id"])
    tables = [BenchTable(t, (stakes[t, 0], stakes[t, 1]), pot) for t, pot in sorted(pots.items())]
    return db, ledger, tables


def _seat_of(seq: int) -> int:
    """The seat that makes move `seq`."""
    return seq % 2


def postings(table: BenchTable, seq: int) -> list[Posting]:
    """Move `seq`'s transfers: the mover's stake to the pot, the pot to the other stake."""
    seat = _seat_of(seq)
    stake = Account.stake(GUILD, table.id, seat)
    other = Account.stake(GUILD, table.id, 1 - seat)
    pot = Account.pot(GUILD, table.id)
    legs = [(stake, pot), (pot, other)][:LEGS]
    return [
        Posting(src, dst, BET, Reason.SETTLE, f"settle:{table.id}:{seq}:{leg}", GAME, table.id)
        for leg, (src, dst) in enumerate(legs)
    ]


def _seat_row(seat: int) -> rows.SeatRow:
    return rows.SeatRow(seat, seat + 1, f"P{seat}", f"t:{seat}", False, 0, False, False)


def move_work(ledger: Ledger, table: BenchTable, seq: int) -> Work[None]:
    """The unit of work of move `seq`, shaped as `Committer.commit`'s."""
    seat, moved = _seat_of(seq), postings(table, seq)
    deadline = time.time() + 120

    async def work(tx: Tx) -> None:
        await rows.append_action(
            tx, table.id, seq, seat, "act", "bet", "player", f"d{seq}", deadline
        )
        await ledger.post(tx, moved)
        await rows.update_seat(tx, table.id, _seat_row(seat))

    return work


def statements(table: BenchTable, seq: int) -> list[tuple[str, tuple[object, ...]]]:
    """The statements the unit of work of move `seq` makes, with the same values."""
    seat = _seat_of(seq)
    ids = {Account.stake(GUILD, table.id, c): table.stakes[c] for c in (0, 1)}
    ids[Account.pot(GUILD, table.id)] = table.pot
    done: list[tuple[str, tuple[object, ...]]] = [
        (INSERT_ACTION, (table.id, seq, seat, "act", "bet", "player", rows.now_text())),
        (UPDATE_TABLE, (seq, f"d{seq}", time.time() + 120, table.id, seq - 1)),
    ]
    for p in postings(table, seq):
        values = (GUILD, ids[p.src], ids[p.dst], p.amount, str(p.reason), p.key, p.game, p.table_id)
        done.append((INSERT_TRANSFER, values))
    done.append((UPDATE_SEAT, (0, 0, 0, 0, table.id, seat)))
    return done


async def check_moved(db: Database, tables: list[BenchTable], per_table: int) -> None:
    """Every table is at version `per_table`, with that many actions logged."""
    found = await db.fetchone(
        "SELECT COUNT(*), MIN(version), MAX(version) FROM tables WHERE status = 'playing'"
    )
    assert found is not None and tuple(found) == (len(tables), per_table, per_table), found
    logged = await db.fetchone("SELECT COUNT(*) FROM actions")
    assert logged is not None and logged[0] == len(tables) * per_table, logged
