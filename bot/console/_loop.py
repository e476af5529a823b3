"""The terminal's loop: one human seat at the prompt (a person, or a script through a
pipe) against AI seats, with chips kept in a local database, until the game ends or the
input does."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from bot.console.presenter import CONSOLE_USER, ConsolePresenter, seat_names
from bot.console.screen import Screen, natural
from bot.console.table import YOU, seat_words
from bot.front.still import STILL, still_words
from bot.games import Game, english
from bot.storage import Database
from bot.tables import Event, Status, Table, TableError, TableService, grace
from bot.tables.seams import Hand, hand_controls, hand_of
from bot.tables.still import answer_facts
from bot.tables.typed import as_listed
from bot.tables.winnable import NotReady, WinnableDeal

if TYPE_CHECKING:
    from bot.ledger import Ledger

CONSOLE_GUILD = 0
CONSOLE_CHANNEL = 0
HELP = (
    "Type an action from the list, 'legal' for every legal action, 'table' to see the "
    "table again, or 'quit'."
)
STILL_HELP = (
    "At a patience, 'still' asks 'Can I still win?' (knowing every card; the game is then "
    "assisted: no perfect win, no streak)."
)


async def play_console(
    service: TableService,
    table: Table,
    read_line: Callable[[], str],
    out: TextIO,
    user_id: int = CONSOLE_USER,
    screen: Screen | None = None,
) -> None:
    """Play the human seat at the prompt until the game ends or the input does. Out of
    turn, the prompt offers the seat's optional moves (Pip-Pip!'s call right after
    drawing), and the AI waits for the answer; Enter declines them, and play goes on."""
    screen = screen or Screen.for_stream(out)
    last_shown = -1
    while table.status is Status.PLAYING:
        hand = hand_of(table, user_id)
        seat, out_of_turn, legal = hand.seat, not hand.turn, hand.actions
        if not legal or (out_of_turn and grace.settled(table, seat)):
            await asyncio.sleep(0.01)  # others are moving; the service drives the AI
            continue
        if last_shown != table.version:
            _show(out, screen.table(service.snapshot(table, Event.RESUMED), seat))
            last_shown = table.version
        print(screen.prompt(legal, out_of_turn, hand.stake), file=out)
        print("> ", end="", file=out, flush=True)
        line = await asyncio.to_thread(read_line)
        if out_of_turn and line and not line.strip():
            await _decline(service, table, out, user_id)
        elif not await _obey(service, table, line, hand, out, screen, user_id):
            return


async def _decline(service: TableService, table: Table, out: TextIO, user_id: int) -> None:
    """Pass on the optional moves offered out of turn, so that play goes on."""
    try:
        await service.decline_optional(table.id, user_id, table.version)
    except TableError as exc:
        print(seat_words(exc.reason, seat_names(table)), file=out)


async def _obey(
    service: TableService,
    table: Table,
    line: str,
    hand: Hand,
    out: TextIO,
    screen: Screen,
    user_id: int,
) -> bool:
    """Carry out one typed line (a move as listed, or a stake's common spread by its
    words: 'one on each'); False when the player has left the table."""
    legal = hand.actions
    if not line:
        print("\nInput ended; closing the table.", file=out)
        await service.stop(table.id, user_id)
        return False
    command = line.strip()
    if command.lower() in ("quit", "exit"):
        await service.stop(table.id, user_id)
        return False
    if command.lower() == "legal":
        print("\n".join(sorted(legal, key=natural)), file=out)
    elif command.lower() in ("table", "view", "help", "?", ""):
        seat = table.seat_of(user_id)
        assert seat is not None
        _show(out, screen.table(service.snapshot(table, Event.RESUMED), seat))
        print(f"{HELP}\n{STILL_HELP}" if offers_still(table, hand) else HELP, file=out)
    elif command.lower() == STILL and offers_still(table, hand):
        await _ask_still(service, table, out, user_id)
    else:
        try:
            spreads = (
                {}
                if hand.stake is None
                else {english(s.words): s.action for s in hand.stake.spreads}
            )
            action = as_listed(command, [*legal, *spreads])
            await service.act(table.id, user_id, table.version, spreads.get(action, action))
        except TableError as exc:
            print(seat_words(exc.reason, seat_names(table)), file=out)
    return True


async def _ask_still(service: TableService, table: Table, out: TextIO, user_id: int) -> None:
    """Ask "Can I still win?" and print the answer (or why it cannot be asked)."""
    print("Looking (a few seconds at most)...", file=out, flush=True)
    try:
        _, still = await service.ask_still(table.id, user_id, table.version)
    except TableError as exc:
        print(seat_words(exc.reason, seat_names(table)), file=out)
        return
    print(still_words(table, answer_facts(still)), file=out)


def offers_still(table: Table, hand: Hand) -> bool:
    """Whether the hand's controls offer "Can I still win?" (a patience in play)."""
    return STILL in hand_controls(table, hand).words


def _show(out: TextIO, lines: list[str]) -> None:
    """Print lines as one block."""
    print("\n".join(lines), file=out)


def stdin_reader() -> Callable[[], str]:
    """A line reader over standard input ('' at its end)."""
    return sys.stdin.readline


async def play_main(
    game: Game[Any],
    seats: int,
    options: dict[str, object],
    seed: int | None,
    buy_in: int | None,
    database: str | Path,
    read_line: Callable[[], str] | None = None,
    out: TextIO | None = None,
    *,
    winnable: bool = False,
) -> int:
    """`parlour play`: one human seat against AI seats, chips kept in `database`; a
    patience dealt only from deals the solver proved winnable with `winnable`."""
    from bot.config import Settings
    from bot.ledger import Ledger
    from bot.storage.address import shown

    out = out or sys.stdout
    read_line = read_line or stdin_reader()
    settings = Settings.from_env()
    where = str(database)
    db = await _open_chips(where)
    screen = Screen.for_stream(out)
    presenter = ConsolePresenter(out, screen=screen)
    try:
        ledger = Ledger(db, starting_chips=settings.starting_chips)
        async with _console_service(db, ledger, presenter) as service:
            await service.recover()
            await tell_notices(service, out)
            table = service.in_channel(CONSOLE_CHANNEL)
            if resumable(table, game, winnable):
                assert table is not None
                print(f"Resuming your unfinished game of {game.info.title}.", file=out)
                presenter.remember(service.snapshot(table, Event.RESUMED))
            else:
                say = functools.partial(print, file=out)
                table = await new_table(
                    service,
                    game,
                    seats,
                    options,
                    seed,
                    buy_in,
                    old=table,
                    winnable=winnable,
                    say=say,
                )
            await play_console(service, table, read_line, out, screen=screen)
        if table.is_chip_game:
            purse = await ledger.purse(CONSOLE_GUILD, CONSOLE_USER)
            print(f"Your purse: {purse:,} chips (kept in {shown(where)}).", file=out)
        return 0
    except TableError as exc:
        print(f"parlour: {exc.reason}", file=sys.stderr)
        return 2
    finally:
        await db.close()


@contextlib.asynccontextmanager
async def _console_service(
    db: Database, ledger: Ledger, presenter: ConsolePresenter
) -> AsyncIterator[TableService]:
    """The terminal's table service; its winnable deals' background and its solver's
    workers let go at the end."""
    from bot.tables import ServiceSettings

    service = TableService(
        db,
        ledger,
        # only the AI waits on the one player: no clock, and no grace on its answer
        ServiceSettings(turn_timeout_s=None, optional_grace_s=None),
        presenters=[presenter],
    )
    try:
        yield service
    finally:
        await service.winnable.stop()
        await asyncio.to_thread(service.close)


async def winnable_deal(
    service: TableService,
    game: Game[Any],
    options: dict[str, object],
    seed: int | None,
    say: Callable[[str], None],
) -> WinnableDeal:
    """A winnable deal for the terminal, its stock refilled in the background while the
    game is played. The terminal has nobody else to serve: when none is ready, it waits
    for the background's search (saying so) before it refuses."""
    service.winnable.start()
    try:
        return await service.winnable.draw(game.info.key, options, seed)
    except NotReady as exc:
        say(f"{exc.reason.split(':')[0]}; searching further (Ctrl-C stops).")
    await service.winnable.settled()
    return await service.winnable.draw(game.info.key, options, seed)


def resumable(table: Table | None, game: Game[Any], winnable: bool) -> bool:
    """Whether the console's open table is the game asked for, under way, and winnable
    if a winnable deal was asked for (a table of another deal is replaced)."""
    if table is None or table.key != game.info.key or table.status is not Status.PLAYING:
        return False
    return table.winnable or not winnable


async def _open_chips(where: str) -> Database:
    """The database of the terminal's chips, a SQLite file's folder made first if need be."""
    from bot.storage import open_database
    from bot.storage.address import is_postgres

    if not is_postgres(where):
        Path(where).parent.mkdir(parents=True, exist_ok=True)
    return await open_database(where)


async def tell_notices(service: TableService, out: TextIO) -> None:
    """Print once each notice of a table set aside at start-up (the terminal is its
    channel), then drop it."""
    for notice in await service.notes.notices():
        print(notice.words.replace(" with /table start", ""), file=out)
        await service.notes.drop_notice(notice.id)


async def new_table(
    service: TableService,
    game: Game[Any],
    seats: int,
    options: dict[str, object],
    seed: int | None,
    buy_in: int | None,
    *,
    old: Table | None = None,
    winnable: bool = False,
    say: Callable[[str], None] = print,
) -> Table:
    """A table in the console's channel with the human and AI seats, started; `old`, a
    table of another game left open there, is stopped first to make way. A winnable
    deal is drawn first (`bot.tables.winnable`), and the stock refilled meanwhile."""
    deal = await winnable_deal(service, game, options, seed, say) if winnable else None
    if old is not None:
        await service.stop(old.id, CONSOLE_USER, moderator=True, reason="replaced")
    table = await service.create(
        guild_id=CONSOLE_GUILD,
        channel_id=CONSOLE_CHANNEL,
        host_id=CONSOLE_USER,
        host_name=YOU,
        game_key=game.info.key,
        options=options,
        buy_in=buy_in,
        seed=seed,
        deal=deal,
    )
    for _ in range(seats - 1):
        await service.add_ai(table.id, CONSOLE_USER)
    await service.start(table.id, CONSOLE_USER)
    return table
