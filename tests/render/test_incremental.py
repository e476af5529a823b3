"""Table pictures drawn from kept pieces are byte for byte the picture drawn whole.

render_table keeps pieces and compressed bands between pictures (render._tiles); here
every table game's golden playthrough at its most seats (tests/golden) is replayed into
scenes and each sampled step is drawn both ways. The sample is RUNS runs of three
consecutive steps spread over the game; PARLOUR_PICTURE_RUNS=0 draws every step of every
playthrough of every table game (about two minutes; bench/bench_render.py --sweep does
that too, and reports the times).
"""

from __future__ import annotations

import io
import os
import zlib
from typing import Any

import pytest
from PIL import Image

from bot.games import registry
from bot.games.base import Game
from bot.games.scene import Scene
from render import _tiles
from render._png import adler32_joined, encode_bands
from render._table_layout import HEIGHT, WIDTH, middle_box, seat_boxes
from render._table_pieces import table_pieces
from render.table import compose_table, redraw_table, render_table, table_palette
from tests.golden.record import cases, play
from tests.render._scenes import NAMES, table_scene

RUNS = int(os.environ.get("PARLOUR_PICTURE_RUNS", "5"))
TABLE_GAMES = [g for g in registry.all() if g.info.picture == "table"]


def scenes_of(game: Game[Any], runs: int) -> list[tuple[int, Scene]]:
    """Sampled steps of the game's golden playthroughs with their scenes: runs runs of
    three consecutive steps of the one at its most seats, or with runs 0 every step of
    every playthrough."""
    chosen = cases(game) if runs == 0 else cases(game)[-1:]
    states = [after for case in chosen for _, _, _, after in play(game, case)]
    stride = max(3, len(states) // runs) if runs else 1
    return [(n, game.view(s, None)["scene"]) for n, s in enumerate(states) if n % stride < 3]


@pytest.mark.parametrize("game", TABLE_GAMES, ids=[g.info.key for g in TABLE_GAMES])
def test_kept_pieces_draw_the_whole_picture(game: Game[Any]) -> None:
    _tiles.forget()
    for n, scene in scenes_of(game, RUNS):
        names = [f"{NAMES[i % len(NAMES)]} {i}" for i in range(len(scene["seats"]))]
        status = f"{names[n % len(names)]} to play"
        got = render_table(scene, names, status=status).data
        assert got == redraw_table(scene, names, status=status).data, f"step {n} differs"


def test_bytes_decode_to_the_mapped_canvas() -> None:
    scene = table_scene(10)
    data = render_table(scene, NAMES, status="Eve to play").data
    shown = Image.open(io.BytesIO(data))
    shown.load()
    canvas = compose_table(scene, NAMES, status="Eve to play")
    mapped = canvas.quantize(palette=table_palette(scene["pack"]), dither=Image.Dither.NONE)
    assert shown.mode == "P" and shown.size == (WIDTH, HEIGHT)
    assert shown.tobytes() == mapped.tobytes()
    assert shown.convert("RGB").tobytes() == mapped.convert("RGB").tobytes()


@pytest.mark.parametrize("parts", [[b"", b"a"], [b"felt" * 999, b"x"], [bytes(range(256)) * 300]])
def test_adler32_of_joined_bands(parts: list[bytes]) -> None:
    value = 1
    for part in parts:
        value = adler32_joined(value, zlib.adler32(part), len(part))
    assert value == zlib.adler32(b"".join(parts))


@pytest.mark.parametrize("seats", range(1, 13))
def test_pieces_never_overlap(seats: int) -> None:
    scene = table_scene(seats)
    pieces = table_pieces(scene, NAMES, "status")
    assert pieces is not None
    regions = [p.region for p in pieces]
    for i, a in enumerate(regions):
        assert a.x >= 0 and a.x + a.w <= WIDTH and a.y >= 0 and a.y + a.h <= HEIGHT, a
        assert not any(a.overlaps(b) for b in regions[i + 1 :]), (a, regions)
    assert len({p.key for p in pieces}) == len(pieces)
    assert middle_box(seat_boxes(seats)).w > 0


def test_a_middle_too_full_is_drawn_whole_and_the_same() -> None:
    scene = table_scene(12)
    many = [g for g in scene["groups"] for _ in range(8)]
    full: Scene = {**scene, "groups": many}
    assert table_pieces(full, NAMES, "") is None
    assert render_table(full, NAMES).data == redraw_table(full, NAMES).data


def test_a_changed_seat_draws_only_that_seat_again() -> None:
    _tiles.forget()
    scene = table_scene(10)
    render_table(scene, NAMES, status="Eve to play")
    pieces_before = len(_tiles._pieces.entries)
    seats = list(scene["seats"])
    seats[4] = {**seats[4], "chips": 999}
    moved: Scene = {**scene, "seats": seats}
    got = render_table(moved, NAMES, status="Eve to play").data
    assert len(_tiles._pieces.entries) == pieces_before + 1
    assert got == redraw_table(moved, NAMES, status="Eve to play").data
    assert got != redraw_table(scene, NAMES, status="Eve to play").data


def test_kept_bytes_stay_within_budget() -> None:
    keep = _tiles.SizedLRU[bytes](100, len)
    for i in range(50):
        keep.put(i, bytes(30))
        assert keep.used <= 100
    assert keep.get(49) == bytes(30) and keep.get(0) is None
    assert len(keep.entries) == 3


def test_encoding_whole_matches_pillow_pixels() -> None:
    canvas = compose_table(table_scene(4), NAMES)
    palette = table_palette("french")
    ours = Image.open(io.BytesIO(encode_bands(canvas, palette, 3)))
    pillow = canvas.quantize(palette=palette, dither=Image.Dither.NONE)
    assert ours.convert("RGB").tobytes() == pillow.convert("RGB").tobytes()


def test_too_many_groups_wrap_into_lines_that_stay_inside_the_middle() -> None:
    # Bunkum's showdown at four seats: fourteen groups, which once ran over the seats
    from bot.games.scene import group
    from render import _middle

    groups = [group("fan", f"Seat {i % 4}: fifteen {i}", ["1F", "2L", "3E"]) for i in range(14)]
    lines = _middle.arrange(groups, 664, 300)
    assert len(lines) >= 2 and sum(len(line) for line in lines) == 14
    for line in lines:
        assert sum(p.w for p in line) + _middle.GROUP_GAP * (len(line) - 1) <= 664
    assert _middle.height_of(lines) <= 300
