"""The terminal front end of `parlour play`: a presenter that prints what happens at the
table, and a loop that reads the human seat's actions from standard input (a person at
a prompt or a script through a pipe)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from bot.games import Game
from bot.tables import Event, Status, Table, TableError, TableService, Update

CONSOLE_GUILD = 0
CONSOLE_CHANNEL = 0
CONSOLE_USER = 1
SHOWN_ACTIONS = 12


def format_view(view: dict[str, Any], indent: str = "  ") -> str:
    """A seat's view of a game as readable lines."""
    lines: list[str] = []
    for key, value in view.items():
        if key == "scene":
            continue  # the picture's content; the text shows the same fields plainly
        label = key.replace("_", " ")
        if isinstance(value, dict):
            lines.append(f"{indent}{label}:")
            lines.append(format_view(value, indent + "  "))
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            lines.append(f"{indent}{label}:")
            for number, item in enumerate(value):
                pairs = ", ".join(f"{k.replace('_', ' ')} {_flat(v)}" for k, v in item.items())
                lines.append(f"{indent}  {number}: {pairs}")
        else:
            lines.append(f"{indent}{label}: {_flat(value)}")
    return "\n".join(line for line in lines if line)


def _flat(value: object) -> str:
    if isinstance(value, list | tuple):
        if value and all(isinstance(v, list | tuple) for v in value):
            return " | ".join(_flat(v) for v in value)
        return " ".join(_flat(v) for v in value) if value else "-"
    if isinstance(value, dict):
        return "; ".join(f"{k} {_flat(v)}" for k, v in value.items())
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _natural(action: str) -> tuple[object, ...]:
    return tuple(int(w) if w.isdigit() else w for w in action.split())


def format_actions(actions: list[str]) -> str:
    """The legal actions in natural order, shortened when there are many."""
    actions = sorted(
        actions,
        key=lambda a: [(0, w, 0) if isinstance(w, str) else (1, "", w) for w in _natural(a)],
    )
    if len(actions) <= SHOWN_ACTIONS:
        return ", ".join(actions)
    head = ", ".join(actions[:SHOWN_ACTIONS])
    return f"{head} ... and {len(actions) - SHOWN_ACTIONS} more (type 'legal' to see all)"


class ConsolePresenter:
    """Prints table events for one human player."""

    def __init__(self, out: TextIO, user_id: int = CONSOLE_USER) -> None:
        self.out = out
        self.user_id = user_id

    async def table_updated(self, update: Update) -> None:
        """Print one line (or a result block) for the change."""
        table, detail = update.table, update.detail
        if update.event is Event.ACTED and detail.get("kind") == "act":
            name = table.seats[detail["seat"]].name
            how = " (timed out)" if detail.get("actor") == "timeout" else ""
            text = table.game.describe_action(detail["action"])
            self._say(f"{name}{how}: {text}")
        elif update.event is Event.STARTED:
            self._say(f"The game begins. Deal commitment: {detail['commitment']}")
        elif update.event is Event.FINISHED and update.outcome is not None:
            self._say(f"Game over. {update.outcome.summary}")
            for seat, points in zip(table.seats, update.outcome.points, strict=True):
                self._say(f"  {seat.name}: {points:+d}")
            self._say(f"Table seed {detail['seed']}; deal seeds: {', '.join(detail['seeds'])}")
        elif update.event is Event.STOPPED:
            stakes = "; every stake went home" if table.is_chip_game else ""
            self._say(f"The table is closed ({detail['reason']}){stakes}.")

    def _say(self, text: str) -> None:
        print(text, file=self.out, flush=True)


async def play_console(
    service: TableService,
    table: Table,
    read_line: Callable[[], str],
    out: TextIO,
    user_id: int = CONSOLE_USER,
) -> None:
    """Play the human seat at the prompt until the game ends or the input does."""
    game: Game[Any] = table.game
    last_shown = -1
    while table.status is Status.PLAYING:
        seat = table.seat_of(user_id)
        assert seat is not None
        if seat not in game.awaiting(table.state):
            await asyncio.sleep(0.01)  # the AI is moving; the service drives it
            continue
        legal = game.legal_actions(table.state, seat)
        if last_shown != table.version:
            print(format_view(game.view(table.state, seat), ""), file=out)
            last_shown = table.version
        print(f"Your move. Legal: {format_actions(legal)}", file=out)
        print("> ", end="", file=out, flush=True)
        line = await asyncio.to_thread(read_line)
        if not line:
            print("\nInput ended; closing the table.", file=out)
            await service.stop(table.id, user_id)
            return
        command = line.strip()
        if command in ("quit", "exit"):
            await service.stop(table.id, user_id)
            return
        if command == "legal":
            print("\n".join(legal), file=out)
            continue
        if command in ("view", "help", ""):
            print(format_view(game.view(table.state, seat), ""), file=out)
            print("Type an action, 'legal' for every legal action, or 'quit'.", file=out)
            continue
        try:
            await service.act(table.id, user_id, table.version, command)
        except TableError as exc:
            print(exc.reason, file=out)


def stdin_reader() -> Callable[[], str]:
    """A line reader over standard input ('' at its end)."""
    return sys.stdin.readline


async def play_main(
    game: Game[Any],
    seats: int,
    options: dict[str, object],
    seed: int | None,
    buy_in: int | None,
    db_path: Path,
    read_line: Callable[[], str] | None = None,
    out: TextIO | None = None,
) -> int:
    """`parlour play`: one human seat against AI seats, chips kept in a local database."""
    from bot.config import Settings
    from bot.ledger import Ledger
    from bot.storage import Database
    from bot.tables import ServiceSettings

    out = out or sys.stdout
    read_line = read_line or stdin_reader()
    settings = Settings.from_env()
    db_path.parent.mkdir(parents=True, exist_ok=True)
    db = await Database.open(db_path)
    try:
        ledger = Ledger(db, starting_chips=settings.starting_chips)
        service = TableService(
            db, ledger, ServiceSettings(turn_timeout_s=None), presenters=[ConsolePresenter(out)]
        )
        await service.recover()
        table = service.in_channel(CONSOLE_CHANNEL)
        if table is not None and table.game is game and table.status is Status.PLAYING:
            print(f"Resuming your unfinished game of {game.info.title}.", file=out)
        else:
            if table is not None:
                await service.stop(table.id, CONSOLE_USER, moderator=True, reason="replaced")
            table = await _new_table(service, game, seats, options, seed, buy_in)
        await play_console(service, table, read_line, out)
        if table.is_chip_game:
            purse = await ledger.purse(CONSOLE_GUILD, CONSOLE_USER)
            print(f"Your purse: {purse:,} chips (kept in {db_path}).", file=out)
        return 0
    except TableError as exc:
        print(f"parlour: {exc.reason}", file=sys.stderr)
        return 2
    finally:
        await db.close()


async def _new_table(
    service: TableService,
    game: Game[Any],
    seats: int,
    options: dict[str, object],
    seed: int | None,
    buy_in: int | None,
) -> Table:
    table = await service.create(
        guild_id=CONSOLE_GUILD,
        channel_id=CONSOLE_CHANNEL,
        host_id=CONSOLE_USER,
        host_name="You",
        game_key=game.info.key,
        options=options,
        buy_in=buy_in,
        seed=seed,
    )
    for _ in range(seats - 1):
        await service.add_ai(table.id, CONSOLE_USER)
    await service.start(table.id, CONSOLE_USER)
    return table
