"""Benchmark of the table and hand pictures, written to bench/RESULTS.md "## Render".

Three pictures: the ten-seat table with 40 cards on it (face up, backs, a trick and a
fan), a full twelve-seat table, and an eleven-card hand with three cards playable. For
each, compose + encode as shipped (p50, p90 over the runs) and its size, against the
budget (20 ms p50 and 80 KB for the tables); then every encoder we considered on the same
composed picture, the full-colour PNG the pictures used before included; and the first
picture's time, which draws the sprites it needs and builds its palette.

With --incremental (and --sweep), issue 25's figures instead: bench/_incremental.py.

Run: .venv/bin/python bench/bench_render.py [--runs N] [--before DIR], where DIR holds an
earlier render/ and bot/ to measure beside this one, as the pictures were drawn before, e.g.
`git archive 7e5ab2b render bot | tar -x -C DIR` (before the fixed palette and 12 seats).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
CODE_ENV = "PARLOUR_BENCH_CODE"
# --shipped under another checkout's render/ and bot/ (see --before) measures that code.
if os.environ.get(CODE_ENV):
    sys.path.insert(0, os.environ[CODE_ENV])

from PIL import Image  # noqa: E402

from bench._results import write_section  # noqa: E402
from bot.games.cards import Pack, french_pack  # noqa: E402
from bot.games.scene import Scene, group, scene, seat  # noqa: E402
from render import Picture, render_hand, render_table  # noqa: E402

NAMES = ["Alice", "Bob the Bold", "Zoë Ångström", "Dicey", "Charlotte Brontë", "Eve", "Mallory",
         "Trent", "Peggy", "Walter", "Oscar", "Victor"]  # fmt: skip
STATUS = "Dicey to play - 0:42 left - pot 120"
HAND = ["0F", "3L", "7E", "9S", "4H", "5F", "1L", "2E", "8S", "6H", "9F"]
PLAYABLE = ["3L", "7E", "9F"]
BUDGET_MS, BUDGET_KB = 20.0, 80
Encoder = Callable[[Image.Image, Image.Image], bytes]


def seated(count: int, title: str) -> Scene:
    """count seats of two face-up cards and a back each, a trick of six and a fan of four."""
    deck = french_pack(joker=True)
    seats = [
        seat(cards=deck[i * 2 : i * 2 + 2], backs=1, chips=1000 + i, note="rate 5", active=i == 3)
        for i in range(count)
    ]
    groups = [
        group("row", "Trick", deck[30:36], owners=list(range(6))),
        group("fan", "Widow", deck[36:40]),
    ]
    return scene(Pack.FRENCH, title, seats, groups, [("Pot", 120), ("Trump", "hearts")])


def timed(action: Callable[[], object], runs: int) -> tuple[list[float], list[float]]:
    """Milliseconds of each of runs calls: on the clock, and of this process's CPU time."""
    wall, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        action()
        cpu.append((time.process_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
    return wall, cpu


def p(values: list[float], q: float) -> float:
    """The q-quantile (0-1) of the values."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def saved(image: Image.Image, **options: object) -> bytes:
    """The image saved with these options."""
    out = io.BytesIO()
    image.save(out, **options)  # type: ignore[arg-type]
    return out.getvalue()


def in_palette(level: int) -> Encoder:
    """PNG at this zlib level of the image mapped, undithered, onto the fixed palette."""

    def encode(image: Image.Image, colours: Image.Image) -> bytes:
        """The image in the palette, as a PNG."""
        mapped = image.quantize(palette=colours, dither=Image.Dither.NONE)
        return saved(mapped, format="PNG", compress_level=level)

    return encode


ENCODERS: dict[str, Encoder] = {
    "full-colour PNG, zlib 1 (before)": lambda i, _: saved(i, format="PNG", compress_level=1),
    "full-colour PNG, zlib 6": lambda i, _: saved(i, format="PNG", compress_level=6),
    "WebP lossless, method 0": lambda i, _: saved(
        i, format="WEBP", lossless=True, method=0, quality=0
    ),
    "own palette per picture (octree), PNG zlib 1": lambda i, _: saved(
        i.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE),
        format="PNG",
        compress_level=1,
    ),
    "fixed palette, PNG zlib 1": in_palette(1),
    "fixed palette, PNG zlib 3 (chosen)": in_palette(3),
    "fixed palette, PNG zlib 6": in_palette(6),
}


def measure(
    name: str,
    render: Callable[[], Picture],
    compose: Callable[[], Image.Image],
    colours: Image.Image,
    runs: int,
) -> list[str]:
    """The lines for one picture: as shipped, then each encoder on the composed picture."""
    (wall, cpu), (_, composing) = timed(render, runs), timed(compose, runs)
    picture, image = render(), compose()
    kb = len(picture.data) / 1024
    lines = [
        f"**{name}** ({picture.width} x {picture.height}), compose + encode as shipped: "
        f"CPU p50 {p(cpu, 0.5):.1f} ms, p90 {p(cpu, 0.9):.1f} ms; on the clock p50 "
        f"{p(wall, 0.5):.1f} ms, p90 {p(wall, 0.9):.1f} ms; {kb:.0f} KB. Compose alone: CPU "
        f"p50 {p(composing, 0.5):.1f} ms.",
        "",
        "| encoder | encode CPU p50 ms | p90 ms | KB |",
        "| --- | ---: | ---: | ---: |",
    ]
    for label, encoder in ENCODERS.items():
        _, took = timed(lambda e=encoder: e(image, colours), runs)  # type: ignore[misc]
        size = len(encoder(image, colours)) / 1024
        lines.append(f"| {label} | {p(took, 0.5):.1f} | {p(took, 0.9):.1f} | {size:.0f} |")
    return [*lines, ""]


def shipped(runs: int) -> dict[str, list[float]]:
    """Compose + encode as shipped by the code on the path: CPU p50 and p90, clock p50 and
    p90, and KB, for each picture it can draw (code from before twelve seats cannot)."""
    ten, twelve = seated(10, "Forty cards"), seated(12, "Twelve seats")
    jobs: dict[str, Callable[[], Picture]] = {
        "ten": lambda: render_table(ten, NAMES[:10], status=STATUS),
        "twelve": lambda: render_table(twelve, NAMES, status=STATUS),
        "hand": lambda: render_hand(HAND, "yankee", title="Your hand", playable=PLAYABLE),
    }
    out = {}
    for key, job in jobs.items():
        try:
            kb = len(job().data) / 1024
        except ValueError:
            continue
        wall, cpu = timed(job, runs)
        out[key] = [p(cpu, 0.5), p(cpu, 0.9), p(wall, 0.5), p(wall, 0.9), kb]
    return out


def before_and_after(before: str, runs: int) -> list[str]:
    """A table of the shipped pictures as the code in the directory before drew them, and
    as this code does, each measured in a fresh process, one after the other."""
    figures = []
    for code in (before, ""):
        env = {**os.environ, CODE_ENV: code}
        command = [sys.executable, __file__, "--shipped", "--runs", str(runs)]
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
        figures.append(json.loads(done.stdout))
    lines = [
        "Compose + encode as shipped by the code given with --before (full-colour PNG, zlib "
        f"1, at most ten seats) and by this code, each in a fresh process, {runs} runs:",
        "",
        "| picture | before: CPU p50 / p90 ms | clock p50 ms | KB | now: CPU p50 / p90 ms "
        "| clock p50 ms | KB |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for key, name in (("ten", "ten-seat table"), ("twelve", "twelve-seat table"), ("hand", "hand")):
        cells = []
        for side in figures:
            if key in side:
                cpu50, cpu90, wall50, _, kb = side[key]
                cells.append(f"{cpu50:.1f} / {cpu90:.1f} | {wall50:.1f} | {kb:.0f}")
            else:
                cells.append("could not seat twelve | - | -")
        lines.append(f"| {name} | {cells[0]} | {cells[1]} |")
    return [*lines, ""]


def main() -> None:
    """Measure and write the section (or, with --shipped, print the shipped figures)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--before", help="a directory holding an earlier render/ and bot/")
    parser.add_argument("--shipped", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--incremental", action="store_true", help="issue 25's figures")
    parser.add_argument("--sweep", action="store_true", help="with them, every golden step")
    args = parser.parse_args()
    if args.shipped:
        print(json.dumps(shipped(args.runs)))
        return
    if args.incremental:
        incremental(args.runs, args.sweep)
        return
    lines = before_and_after(args.before, args.runs) if args.before else []
    lines += compared(args.runs)
    write_section("Render", lines)
    print("\n".join(lines))


def incremental(runs: int, every_step: bool) -> None:
    """Issue 25's section: table pictures from kept pieces against the whole redraw."""
    from bench import _incremental as inc  # measures code from before issue 25 cannot run

    ten = seated(10, "Forty cards")
    render_table(ten, NAMES[:10], status=STATUS)  # sprites, fonts and palettes made
    command = f"bench/bench_render.py --incremental --runs {runs}"
    lines = [
        f"Run: `.venv/bin/python {command}{' --sweep' if every_step else ''}`. "
        + inc.load_line()
        + " CPU time of this process, p50 / p99 over the pictures counted in brackets.",
        "",
        *inc.NOTES,
        *inc.figures(ten, NAMES[:10], runs),
        *inc.crowd(ten, 200, 10),
        *inc.hand_figures(runs),
    ]
    if every_step:
        lines += inc.sweep(lambda n: [NAMES[i % len(NAMES)] for i in range(n)])
    lines.append("At the end: " + inc.load_line())
    write_section("Issue 25: incremental pictures", lines)
    print("\n".join(lines))


def compared(runs: int) -> list[str]:
    """Each picture as shipped and under every encoder considered, and the cold start."""
    from render.hand import compose_hand, hand_palette  # not in code from before (--shipped)
    from render.table import compose_table, table_palette

    ten, twelve = seated(10, "Forty cards"), seated(12, "Twelve seats")
    start = time.perf_counter()
    render_table(ten, NAMES, status=STATUS)
    cold_ms = (time.perf_counter() - start) * 1000
    pictures = [
        ("Ten-seat table, 40 cards", ten, NAMES[:10]),
        ("Twelve-seat table, 46 cards", twelve, NAMES),
    ]
    load = os.getloadavg()[0]
    lines = [
        f"{runs} runs of each, sprites and palettes already made. Budget for the tables: "
        f"compose + encode p50 at most {BUDGET_MS:.0f} ms and at most {BUDGET_KB} KB. The "
        "'before' rows re-measure the encoder the pictures used before (full-colour PNG).",
        "",
        "Chosen: PNG in a fixed palette per pack and picture, at zlib level 3. It is the "
        "fastest and, of the fast ones, the smallest; PNG shows inline in every Discord "
        "client; lossless WebP is slower and twice the size; a palette of the picture's own "
        "costs an octree per picture; lossy formats blur the letters. Each palette keeps "
        "the felt, panels, text, paper and suit colours exact (tests/render/test_palette.py).",
        "",
        f"The machine is shared (load average {load:.1f} on {os.cpu_count()} cores at the "
        "start), so time on the clock includes waiting for a core; CPU time is what a "
        "picture costs a render worker, and is what the budget is checked against.",
        "",
    ]
    for name, table, names in pictures:
        lines += measure(
            name,
            lambda t=table, n=names: render_table(t, n, status=STATUS),  # type: ignore[misc]
            lambda t=table, n=names: compose_table(t, n, status=STATUS),  # type: ignore[misc]
            table_palette("french"),
            runs,
        )
    lines += measure(
        "Hand, 11 Yankee Notion cards, 3 playable",
        lambda: render_hand(HAND, "yankee", title="Your hand", playable=PLAYABLE),
        lambda: compose_hand(HAND, "yankee", title="Your hand", playable=PLAYABLE),
        hand_palette("yankee"),
        runs,
    )
    lines.append(
        f"First table picture in a fresh process, drawing its sprites and building its "
        f"palette: {cold_ms:.0f} ms."
    )
    return lines


if __name__ == "__main__":
    main()
