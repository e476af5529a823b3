"""`parlour replay` and `parlour history`: a stored table stepped through at a prompt, or
printed as its hand history (`bot.tables.history`).

The terminal replay shows each step as the terminal shows a table (`Screen.view`), from
the public view at that step: no seat's private cards, except with `--reveal` at a closed
table, where each seat's private cards of a finished deal are listed under it
(`Replay.view_at`'s `revealed`). At the prompt: Enter or `n` the next step, `p` the one
before, `first`, `last`, a step's number, a chapter (`deal 2`), `q` to stop.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from bot.console.screen import Screen
from bot.games import english
from bot.tables.history import history_text
from bot.tables.names import name_seats
from bot.tables.replay import Replay
from bot.tables.replays import Replays

HELP = "Enter/n next, p back, first, last, a step's number, 'deal N', q to stop"


async def load_replay(database: str | Path, table_id: int) -> Replay:
    """The replay of a table in a database, opened read-only (TableError if none)."""
    from bot.storage import open_database

    db = await open_database(database, read_only=True)
    try:
        return await Replays(db).open(table_id)
    finally:
        await db.close()


def print_history(replay: Replay, out: TextIO | None = None) -> None:
    """Print a table's hand history."""
    (out or sys.stdout).write(history_text(replay))


def moment_lines(replay: Replay, step: int, screen: Screen, reveal: bool) -> list[str]:
    """One step as the terminal shows it: the move, the table, and any revealed hands."""
    moment = replay.view_at(step, None, reveal)
    names = replay.names
    if moment.move is None:
        said = "the table as dealt"
    else:
        said = f"{names[moment.move.seat]}: {name_seats(english(moment.move.words), names)}"
    lines = [screen.style.bold(f"Step {step} of {replay.last}") + f"  {said}"]
    lines += screen.view(moment.public, replay.picture, names, None, replay.describe)
    for seat, cards in enumerate(moment.revealed or ()):
        shown = screen.style.cards(list(cards), replay.pack)
        lines.append(f"  {names[seat]} held: {shown}")
    return lines


def next_step(command: str, step: int, replay: Replay) -> int | None:
    """The step a command asks for, from `step`; None for a command not understood."""
    word = command.strip().lower()
    jumps = {"": step + 1, "n": step + 1, "p": step - 1, "first": 0, "last": replay.last}
    if word in jumps:
        return max(0, min(replay.last, jumps[word]))
    if word.isdigit():
        return min(replay.last, int(word))
    chapter = next((c for c in replay.chapters if c.title.lower() == word), None)
    return None if chapter is None else chapter.opens


def replay_console(
    replay: Replay,
    read_line: Callable[[], str],
    out: TextIO,
    *,
    reveal: bool = False,
    screen: Screen | None = None,
) -> int:
    """Step through a replay at a prompt until `q` or the input ends."""
    screen = screen or Screen.for_stream(out)
    if not replay.verified:
        print(f"This table's log does NOT verify: {replay.problem}", file=out)
    if reveal and not replay.closed:
        print("The table is still open: no hand is revealed.", file=out)
    print(f"{replay.title}, table {replay.table_id}: {_extent(replay)}.", file=out)
    step = 0
    print("\n".join(moment_lines(replay, step, screen, reveal)), file=out)
    while True:
        print(f"[{HELP}] > ", end="", file=out, flush=True)
        line = read_line()
        if not line or line.strip().lower() == "q":
            return 0
        found = next_step(line, step, replay)
        if found is None:
            print(f"Not understood: {line.strip()!r}. {HELP}.", file=out)
            continue
        step = found
        print("\n".join(moment_lines(replay, step, screen, reveal)), file=out)


def _extent(replay: Replay) -> str:
    """'39 steps in 1 deal of 13 tricks', '120 steps in 3 deals', '9 steps'."""
    deals, tricks = len(replay.deals), len(replay.tricks)
    steps = f"{replay.last} step" + ("" if replay.last == 1 else "s")
    if deals > 1:
        return f"{steps} in {deals} deals" + (f" of {tricks} tricks in all" if tricks else "")
    if tricks:
        return f"{steps} in 1 deal of {tricks} trick" + ("" if tricks == 1 else "s")
    return steps
