"""A restart: every open table is rebuilt from the database (`bot.tables.recovery`), its
clock re-armed and any AI turn that was pending played; a table that cannot be rebuilt,
for whatever reason, is set aside (`bot.tables.setaside`) and the others start all the
same; the notice for its channel is kept in the database until a front end sends it."""

from __future__ import annotations

import logging

from bot.storage import notice_rows
from bot.storage import table_rows as rows
from bot.tables.autoplay import Autoplay
from bot.tables.commit import Committer
from bot.tables.models import Status, Table
from bot.tables.recovery import GuildFilter, RecoveryReport, build_table, replay, tables_served
from bot.tables.setaside import homecoming, set_aside_words

log = logging.getLogger(__name__)


async def recover_tables(
    autoplay: Autoplay, guild_filter: GuildFilter | None = None
) -> RecoveryReport:
    """Rebuild every open table from the database (of the guilds `guild_filter` accepts,
    when given: the others belong to another process), re-arm its clock and let the AI
    take any turn that was pending. A table that cannot be rebuilt, for whatever
    reason, is set aside: its escrow goes home as the ledger holds it, it closes, and
    the report says so (its channel is to be told); the others start all the same."""
    core = autoplay.committer
    report = RecoveryReport()
    found = tables_served(await rows.open_tables(core.db), guild_filter)
    ids = [r.id for r in found]
    seats, logs = await rows.seats_of(core.db, ids), await rows.actions_of(core.db, ids)
    for row in found:
        try:
            table = rebuild(row, seats[row.id], logs[row.id])
        except Exception as exc:  # any failure sets this one table aside, never the bot
            log.error("table %d cannot be rebuilt (%s); setting it aside", row.id, exc)
            await set_aside(core, row, seats[row.id], report)
            continue
        core.tables.remember(table)
        report.tables += 1
        report.actions += len(logs[row.id])
    for table in core.tables.all():
        try:
            await autoplay.advance(table)
        except Exception:
            log.exception("table %d: the AI could not move after the restart", table.id)
    return report


def rebuild(row: rows.TableRow, seats: list[rows.SeatRow], log_: list[rows.ActionRow]) -> Table:
    """The table of a stored row, its game state replayed from its log."""
    table = build_table(row, seats)
    if table.status is Status.PLAYING:
        table.state = replay(table, log_, row.digest)
    return table


async def set_aside(
    core: Committer, row: rows.TableRow, seats: list[rows.SeatRow], report: RecoveryReport
) -> None:
    """Close a table that cannot be rebuilt, sending its escrow home as the ledger
    holds it (`bot.tables.setaside`)."""
    held = await core.ledger.escrow(row.guild_id, row.id)
    postings = homecoming(row, seats, held)
    notice = set_aside_words(row, returned=bool(postings))

    async def work(tx: rows.Connection) -> None:
        if postings:
            await core.ledger.post(tx, postings)
        await core.ledger.close_escrow(tx, row.guild_id, row.id)
        await rows.close_table(tx, row.id, "could not be rebuilt")
        # kept until a front end has told the channel (`TableNotes.notices`)
        await notice_rows.add_notice(tx, row.channel_id, row.id, notice.words)

    try:
        await core.write(work)
    except Exception:
        log.exception("table %d could not be set aside; it stays open in storage", row.id)
        return
    report.abandoned.append(row.id)
    report.set_aside.append(notice)
