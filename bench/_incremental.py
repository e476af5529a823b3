"""Issue 25's picture figures for bench/bench_render.py --incremental: table pictures drawn
from kept pieces (render._tiles) against the whole redraw, before and after.

Measured, in CPU time of this process (the machine is shared; its load average is given):
- before: the ten-seat table as render_table drew it before issue 25 (compose_table, then
  Pillow's quantize and PNG encoder on the whole canvas), and the whole redraw now
  (redraw_table: the same canvas, the PNG deflated in bands, nothing kept);
- the first picture of a table (nothing kept: every piece drawn, every band deflated);
- a move after it: the bench's ten-seat table played round (the active seat plays a card
  to the trick, its chips and note change, the status names the next seat), and the
  golden playthroughs of the ten-seat games, each picture after the one before;
- bytes kept per table, and the hand picture (not drawn from pieces).
With sweep, every step of every table game's golden playthroughs, each checked byte for
byte against the whole redraw.
"""

from __future__ import annotations

import io
import os
import time
from collections.abc import Callable, Sequence
from typing import Any

from PIL.Image import Dither

from bot.games import registry
from bot.games.scene import Scene
from render import render_hand
from render.table import (
    KEPT_BUDGETS,
    compose_table,
    forget_kept,
    kept_bytes,
    redraw_table,
    render_table,
    table_palette,
)
from tests.golden.record import cases, play

TEN_SEAT_GAMES = ("black-joke", "newmarket", "newmarket-1885")
NOTES = [
    (
        "How: render_table draws a table from pieces (the title band, the status band, the "
        "middle's counters, groups and text lines, each seat box), each drawn on the "
        "background's crop of its rectangle, mapped to the palette alone and kept (deflated) "
        "under a key of everything that decides its pixels; render/_png.py writes the PNG in "
        "16-row bands, each deflated alone and kept under the pieces it crosses. A move draws "
        "the pieces it changed and deflates the bands they cross: about 20 of the 50 at Black "
        "Joke, 28 at Newmarket (the active seat's highlight moves, so two seat boxes change on "
        "most moves, and the middle and the status line with them)."
    ),
    "",
    (
        "Bytes: every picture is byte for byte redraw_table's (the whole canvas, the same "
        "banded encoder), checked below over every step of every table game's golden "
        "playthroughs and in tests/render/test_incremental.py over a sample. The bands cost 6% "
        "in size against Pillow's single stream (53 KB against 49 KB); the pixels are those of "
        "before (the golden images pass unchanged)."
    ),
    "",
    (
        "Where a move's time goes (Black Joke at ten seats, instrumented runs at load about "
        "2.5): deflating its bands 1.6-1.8 ms, drawing and mapping the changed pieces 1.2-1.3 "
        "ms, keys and the middle's plan 0.25-0.35 ms, the PNG's chunks 0.1 ms, the canvas copy "
        "and pastes the rest. zlib levels 1-3, smaller windows and memory levels, filter Up and"
        " Z_RLE were tried on the bands: none is faster by more than the noise."
    ),
    "",
    (
        "Bunkum: its showdown (47 of its 87 golden pictures) once put 14 groups in one line"
        " 1,144 px wide in a 664 px middle, spilling over the seat boxes and drawn whole (p50"
        " 15.1 ms at load 2.3); the middle now wraps such groups into lines (render/_middle.py)"
        " and draws them piece by piece like any other."
    ),
    "",
]
"""What the figures below mean, and what was tried (written with them)."""


def cpu_ms(action: Callable[[], object]) -> float:
    """The CPU milliseconds of one call."""
    start = time.process_time()
    action()
    return (time.process_time() - start) * 1000


def quantile(values: Sequence[float], q: float) -> float:
    """The q-quantile (0-1) of the values."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def cell(values: Sequence[float]) -> str:
    """p50 / p99 and the count, for a table cell."""
    return f"{quantile(values, 0.5):.1f} / {quantile(values, 0.99):.1f} ({len(values)})"


def played_round(table: Scene, names: Sequence[str], moves: int) -> list[tuple[Scene, str]]:
    """The table's scenes over moves moves: the active seat plays its first card to the
    trick (a new trick every ten cards), pays a chip and says so; the next seat is active."""
    seats = [dict(s) for s in table["seats"]]
    trick: list[str] = []
    out = []
    for move in range(moves):
        at = move % len(seats)
        player = seats[at]
        card = player["cards"][0] if player["cards"] else "AS"
        player["cards"] = player["cards"][1:] or [card]
        player["chips"] = player.get("chips", 0) - 1
        player["note"] = f"played {card}"
        trick = [*trick, card] if len(trick) < 10 else [card]
        for i, s in enumerate(seats):
            s["active"] = i == (at + 1) % len(seats)
        groups = [{"kind": "row", "label": "Trick", "cards": trick}, *table["groups"][1:]]
        scene: Any = {**table, "seats": [dict(s) for s in seats], "groups": groups}
        out.append((scene, f"{names[(at + 1) % len(names)]} to play - 0:42 left"))
    return out


def moves_after_first(scenes: Sequence[tuple[Scene, str]], names: Sequence[str]) -> list[float]:
    """CPU ms of each picture after the first of a table, nothing kept before the first."""
    forget_kept()
    times = [cpu_ms(lambda s=s, t=t: render_table(s, names, status=t)) for s, t in scenes]
    return times[1:]


def golden_scenes(key: str, every_case: bool) -> list[tuple[int, list[Scene]]]:
    """The scenes of a game's golden playthroughs (the one at most seats, or all), with
    their seat counts."""
    game = registry.get(key)
    chosen = cases(game) if every_case else cases(game)[-1:]
    return [
        (case.seats, [game.view(after, None)["scene"] for _, _, _, after in play(game, case)])
        for case in chosen
    ]


def status_of(scene: Scene, names: Sequence[str]) -> str:
    """A status line naming the active seat, as the table's message would."""
    active = [i for i, s in enumerate(scene["seats"]) if s.get("active")]
    return f"{names[active[0]]} to play - 0:42 left" if active else "Waiting"


def figures(ten: Scene, names: Sequence[str], runs: int) -> list[str]:
    """The before/after table of the ten-seat picture."""
    palette = table_palette("french")
    status = f"{names[3]} to play - 0:42 left"

    def before() -> bytes:  # as render_table encoded before: Pillow, zlib level 3
        canvas = compose_table(ten, names, status=status)
        mapped = canvas.quantize(palette=palette, dither=Dither.NONE)
        out = io.BytesIO()
        mapped.save(out, format="PNG", compress_level=3)
        return out.getvalue()

    def first() -> object:
        forget_kept()
        return render_table(ten, names, status=status)

    old = [cpu_ms(before) for _ in range(runs)]
    whole = [cpu_ms(lambda: redraw_table(ten, names, status=status)) for _ in range(runs)]
    firsts = [cpu_ms(first) for _ in range(runs)]
    moved = played_round(ten, names, 40)
    moves = [t for _ in range(max(1, runs // 10)) for t in moves_after_first(moved, names)]
    golden: list[float] = []
    for key in TEN_SEAT_GAMES:
        for _, scenes in golden_scenes(key, every_case=False):
            pairs = [(s, status_of(s, names)) for s in scenes]
            golden += moves_after_first(pairs, names)
    kb_old = len(before()) / 1024
    kb_new = len(redraw_table(ten, names, status=status).data) / 1024
    forget_kept()
    render_table(ten, names, status=status)
    pieces, bands = kept_bytes()
    return [
        "| ten-seat table picture, CPU ms | p50 / p99 (pictures) |",
        "| --- | ---: |",
        f"| before: whole canvas, Pillow quantize + PNG ({kb_old:.0f} KB) | {cell(old)} |",
        f"| whole redraw now: same canvas, PNG in bands ({kb_new:.0f} KB) | {cell(whole)} |",
        f"| first picture of a table (nothing kept) | {cell(firsts)} |",
        f"| a move after it: bench table played round, 40 moves | {cell(moves)} |",
        f"| a move after it: golden playthroughs of {', '.join(TEN_SEAT_GAMES)} at 10 seats "
        f"| {cell(golden)} |",
        "",
        f"Kept for one ten-seat table: {pieces / 1024:.0f} KB of pieces, {bands / 1024:.0f} KB "
        f"of bands; the budgets ({KEPT_BUDGETS[0] >> 20} MB and {KEPT_BUDGETS[1] >> 20} MB "
        f"a worker) keep about {KEPT_BUDGETS[0] // max(1, pieces)} and "
        f"{KEPT_BUDGETS[1] // max(1, bands)} such tables.",
        "",
    ]


def sweep(names_for: Callable[[int], list[str]]) -> list[str]:
    """Every step of every table game's golden playthroughs, drawn in order from kept
    pieces and checked against the whole redraw."""
    lines = [
        "| game | pictures | differing from the whole redraw | CPU ms p50 / p99 after the first |",
        "| --- | ---: | ---: | ---: |",
    ]
    total = differing = 0
    for game in (g for g in registry.all() if g.info.picture == "table"):
        times: list[float] = []
        count = bad = 0
        for seats, scenes in golden_scenes(game.info.key, every_case=True):
            names = names_for(seats)
            pairs = [(s, status_of(s, names)) for s in scenes]
            times += moves_after_first(pairs, names)
            forget_kept()
            for scene, status in pairs:
                got = render_table(scene, names, status=status).data
                bad += got != redraw_table(scene, names, status=status).data
            count += len(pairs)
        total, differing = total + count, differing + bad
        lines.append(f"| {game.info.key} | {count} | {bad} | {cell(times)} |")
    return [*lines, "", f"{differing} of {total} pictures differ from the whole redraw.", ""]


def hand_figures(runs: int) -> list[str]:
    """The hand picture's CPU time (drawn whole, as before)."""
    cards = ["0F", "3L", "7E", "9S", "4H", "5F", "1L", "2E", "8S", "6H", "9F"]
    render_hand(cards, "yankee", title="Your hand", playable=cards[1:4])  # sprites made
    times = [
        cpu_ms(lambda: render_hand(cards, "yankee", title="Your hand", playable=cards[1:4]))
        for _ in range(runs)
    ]
    return [f"Hand picture (11 Yankee Notion cards, drawn whole as before): CPU {cell(times)}.", ""]


def load_line() -> str:
    """The machine's load, for reading the times."""
    load = os.getloadavg()
    return f"Load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} on {os.cpu_count()} cores."


def crowd(ten: Scene, tables: int, moves: int) -> list[str]:
    """Many ten-seat tables (players named apart) moving in turn through one worker's caches:
    the CPU time of each picture after a table's first, and the bytes kept at the end."""
    rounds = []
    for t in range(tables):
        names = [f"Table {t} player {i}" for i in range(10)]
        rounds.append((names, played_round(ten, names, moves + 1)))
    forget_kept()
    times: list[float] = []
    for move in range(moves + 1):
        for names, scenes in rounds:
            scene, status = scenes[move]
            took = cpu_ms(lambda s=scene, n=names, t=status: render_table(s, n, status=t))
            if move:
                times.append(took)
    pieces, bands = kept_bytes()
    return [
        f"{tables} ten-seat tables taking turns, {moves} moves each after the first picture: "
        f"CPU ms per picture p50 / p99 {cell(times)}; kept at the end {pieces >> 20} MB of "
        f"pieces and {bands >> 20} MB of bands.",
        "",
    ]
