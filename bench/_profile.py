"""Where the CPU goes in bench/bench_discord.py: a cProfile of the bot's process over the
play (the fake Discord runs in that process too, and is counted apart: it is not a cost
production pays) and of each render worker (cogs/_render.py writes one when
PARLOUR_RENDER_PROFILE names a folder), summed into shares by what the code is for.

Run: .venv/bin/python -m bench._profile FOLDER   (after bench_discord.py --profile FOLDER)
"""

from __future__ import annotations

import contextlib
import cProfile
import os
import pstats
import sys
import time
from collections.abc import Iterator
from pathlib import Path

# (share, path fragments of the functions whose own time it takes), first match wins
PARTS: list[tuple[str, tuple[str, ...]]] = [
    ("fake Discord (not production)", ("tests/fakediscord",)),
    ("the benchmark's own players (not production)", ("/bench/",)),
    ("name substitution (named_texts, name_seats)", ("bot/tables/names.py", ":named_texts")),
    ("a hand's moves: every legal move described and sorted",
     ("cogs/_moves.py", ":describe_action", "black_joke/game.py:7", ":moves_of")),
    ("Notifier.snapshot: public and seats' views", ("bot/tables/notifier.py",)),
    ("game rules and views (bot/games)", ("bot/games",)),
    ("unit of work (storage, ledger, sqlite)",
     ("bot/storage", "bot/ledger", "aiosqlite", "sqlite3")),
    ("pictures (render, Pillow)", ("render/", "PIL", "Imaging", "'Font'")),
    ("job pickling to the workers", ("pickle", "multiprocessing", "concurrent/futures")),
    ("discord.py (HTTP and payload building)", ("discord/",)),
    ("aiohttp, json, multipart", ("aiohttp", "json", "multidict", "yarl")),
    ("table service and presenter (bot/tables, cogs)", ("bot/tables", "cogs/", "bot/")),
    ("event loop (asyncio, selectors)", ("asyncio", "selectors", "<built-in method select")),
]  # fmt: skip
OTHER = "other (stdlib, interpreter)"


def cpu_of(pids: list[int]) -> float:
    """The CPU seconds (user and system) the processes have used so far (0 for a process
    already gone)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


@contextlib.contextmanager
def profiled(path: Path | None) -> Iterator[None]:
    """Profile the block into `path` (nothing when None)."""
    if path is None:
        yield
        return
    profiler = cProfile.Profile(time.thread_time)
    profiler.enable()
    try:
        yield
    finally:
        profiler.disable()
        profiler.dump_stats(str(path))


def part_of(where: str) -> str:
    """The share a function (file:line(name)) belongs to."""
    for name, fragments in PARTS:
        if any(f in where for f in fragments):
            return name
    return OTHER


def shares(paths: list[Path]) -> tuple[float, dict[str, float]]:
    """The total own time of the profiles, and each share's seconds. A built-in (a
    dict's get, a C method) that names no share of its own counts for its callers'
    shares, in proportion to the time each spent in it."""
    stats = pstats.Stats(*(str(p) for p in paths))
    found: dict[str, float] = {}
    total = 0.0
    for (file, line, name), row in stats.stats.items():  # type: ignore[attr-defined]
        own = float(row[2])
        total += own
        key = part_of(f"{file}:{line}:{name}")
        if key == OTHER and file == "~":
            for caller, (_cc, _nc, spent, _cum) in row[4].items():
                by = part_of(":".join(str(p) for p in caller))
                found[by] = found.get(by, 0.0) + float(spent)
            continue
        found[key] = found.get(key, 0.0) + own
    return total, found


def cumulative(paths: list[Path], names: tuple[str, ...]) -> dict[str, float]:
    """Each named function's cumulative seconds (summed over its definitions)."""
    stats = pstats.Stats(*(str(p) for p in paths))
    found = dict.fromkeys(names, 0.0)
    for (_file, _line, name), row in stats.stats.items():  # type: ignore[attr-defined]
        if name in found:
            found[name] += float(row[3])
    return found


def table(paths: list[Path]) -> list[str]:
    """Markdown rows: each share's seconds and per cent of the profile's own time."""
    total, found = shares(paths)
    lines = ["| share | s | % |", "| --- | --- | --- |"]
    for name, seconds in sorted(found.items(), key=lambda kv: -kv[1]):
        lines.append(f"| {name} | {seconds:.1f} | {100 * seconds / total:.1f} |")
    lines.append(f"| total own time | {total:.1f} | 100 |")
    return lines


WATCHED = (
    "snapshot",
    "named_texts",
    "name_seats",
    "notify",
    "seen",
    "write",
    "message_parts",
    "picture_of",
    "_pump",
    "request",
    "edit",
    "hand_message",
)


def main() -> None:
    """Print the shares of the bot's profile and of the workers' profiles in a folder."""
    folder = Path(sys.argv[1])
    bot = sorted(folder.glob("bot*.prof"))
    workers = sorted(folder.glob("render-*.prof"))
    for title, paths in (("bot process", bot), ("render workers", workers)):
        if not paths:
            continue
        print(f"\n### {title} ({len(paths)} profiles)\n")
        print("\n".join(table(paths)))
        if title == "bot process":
            print(
                "\ncumulative s:", {k: round(v, 2) for k, v in cumulative(paths, WATCHED).items()}
            )


if __name__ == "__main__":
    main()
