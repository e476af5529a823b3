"""The table picture: seats round an oval felt table, the middle, a title and a status line.

Seat 0 sits at the bottom and the others follow clockwise (seat 1 to its left on the
picture), each in a box on the table's rim; eleven and twelve seats are spread evenly along
a squarer ring, twelve with seat 0 just left of the bottom centre. The middle is the
largest centred rectangle that no seat box touches: counters along its top, card groups in
the middle, text lines along its foot. The canvas is 1200 x 800, shown by Discord at about
half that inline and at full size when opened; everything that must be read is sized for
the half.

render_table draws from pieces kept between pictures (render._tiles, render._table_pieces):
a move redraws the seats, bands and parts of the middle it changed, and deflates again only
the rows they cross. Its bytes are those of redraw_table, the picture drawn whole and
encoded in the same bands (tests/render/test_incremental.py checks both over every table
game's golden playthroughs; figures in bench/RESULTS.md "Issue 25: incremental pictures").
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.games import english
from bot.games.cards import Pack
from bot.games.messages import plain
from bot.games.scene import Scene, group
from bot.games.scene import scene as make_scene
from bot.games.scene import seat as make_seat
from render import _theme as theme
from render import _tiles
from render._palette import (
    CARDS_PNG_LEVEL,
    build_palette,
    card_colours,
    every_card,
)
from render._picture import Picture
from render._png import encode_bands
from render._seat import draw_seat
from render._table_layout import (
    HEIGHT,
    MAX_SEATS,
    STATUS_H,
    TITLE_H,
    WIDTH,
    middle_box,
    seat_boxes,
)
from render._table_pieces import (
    draw_middle,
    draw_status,
    draw_title,
    plan_middle,
    seat_name,
    table_pieces,
)


@lru_cache(maxsize=1)
def _background() -> Image.Image:
    """The room, the rim and the felt, with smooth edges (drawn once; copied per picture)."""
    s = 2
    big = Image.new("RGB", (WIDTH * s, HEIGHT * s), theme.ROOM)
    draw = ImageDraw.Draw(big)
    top, bottom = (TITLE_H + 20) * s, (HEIGHT - STATUS_H - 20) * s
    draw.ellipse((40 * s, top, (WIDTH - 40) * s, bottom), fill=theme.RIM_DARK)
    draw.ellipse((46 * s, top + 4 * s, (WIDTH - 46) * s, bottom - 6 * s), fill=theme.RIM)
    draw.ellipse((60 * s, top + 16 * s, (WIDTH - 60) * s, bottom - 16 * s), fill=theme.FELT)
    draw.ellipse((150 * s, top + 70 * s, (WIDTH - 150) * s, bottom - 70 * s), fill=theme.FELT_LIGHT)
    image = big.resize((WIDTH, HEIGHT), Image.Resampling.BOX)
    bands = ImageDraw.Draw(image)
    bands.rectangle((0, 0, WIDTH, TITLE_H - 1), fill=theme.BAND)
    bands.rectangle((0, HEIGHT - STATUS_H, WIDTH, HEIGHT), fill=theme.BAND)
    return image


def render_table(scene: Scene, names: Sequence[str], *, status: str = "") -> Picture:
    """The scene as a table picture; names[i] is seat i's player, status the line below.

    Drawn from pieces kept from earlier pictures where they are the same (render._tiles):
    the bytes are redraw_table's. A middle too full for its box, whose cards may spill
    past it, is drawn whole.
    """
    scene = plain(scene)
    pack = scene["pack"]
    pieces = table_pieces(scene, names, status)
    if pieces is None:
        return redraw_table(scene, names, status=status)
    palette = table_palette(pack)
    data = _tiles.assembled(_backgrounds(pack), palette, pieces, CARDS_PNG_LEVEL, ("table", pack))
    return Picture(data, "table.png", "image/png", WIDTH, HEIGHT)


KEPT_BUDGETS = (_tiles.PIECE_BUDGET, _tiles.BAND_BUDGET)
"""Bytes of pieces and of compressed bands a process keeps for its pictures, at most."""


def kept_bytes() -> tuple[int, int]:
    """Bytes of pieces and of compressed bands this process keeps now."""
    return _tiles.kept_bytes()


def forget_kept() -> None:
    """Drop every kept piece and band (measuring a first picture)."""
    _tiles.forget()


def redraw_table(scene: Scene, names: Sequence[str], *, status: str = "") -> Picture:
    """The table picture drawn whole and encoded with nothing kept (what render_table's
    pieces add up to)."""
    scene = plain(scene)
    canvas = compose_table(scene, names, status=status)
    data = encode_bands(canvas, table_palette(scene["pack"]), CARDS_PNG_LEVEL)
    return Picture(data, "table.png", "image/png", WIDTH, HEIGHT)


@lru_cache(maxsize=4)
def table_palette(pack: str) -> Image.Image:
    """The fixed palette of the pack's table pictures, sampled from a full table."""
    names = [f"Player {i} Ågé" for i in range(MAX_SEATS)]
    sample = compose_table(_sample_scene(pack), names, status="Player 3 to play")
    return build_palette(card_colours(pack), sample)


def _sample_scene(pack: str) -> Scene:
    """Twelve seats and a middle showing every card of the pack and every kind of seat
    (active, partners, badges, chips, scores, notes, backs), group, counter and line."""
    cards = list(every_card(pack))
    badges = ("bank", "dealer", "out", "passed", "", "")
    seats = [
        make_seat(
            cards=cards[i * 4 : i * 4 + 4],
            backs=i % 7,
            chips=100 * i if i % 3 else None,
            score=i if i % 2 else None,
            badge=badges[i % len(badges)],
            note="rate 5 passed",
            active=i == 1,
            team=i % 5 if i < 6 else None,
        )
        for i in range(MAX_SEATS)
    ]
    groups = [
        group("row", "Trick", cards[48:], owners=list(range(len(cards) - 48))),
        group("fan", "Widow", cards[:6], backs=2),
        group("pile", "Deck", cards[6:7], backs=30),
    ]
    counters = [("Pot", 120), ("Trump", "stars")]
    return make_scene(Pack(pack), "Sample table", seats, groups, counters, ["Paid 2 chips"])


def compose_table(scene: Scene, names: Sequence[str], *, status: str = "") -> Image.Image:
    """The table picture before encoding, drawn whole (redraw_table encodes it)."""
    scene = plain(scene)
    seats = scene["seats"]
    boxes = seat_boxes(len(seats))
    canvas = _background().copy()
    draw = ImageDraw.Draw(canvas)
    draw_title(draw, english(scene["title"]), 0)
    draw_status(draw, status, HEIGHT - STATUS_H)
    for i, (seat, box) in enumerate(zip(seats, boxes, strict=True)):
        draw_seat(canvas, box, seat, seat_name(names, i), i + 1, scene["pack"])
    draw_middle(canvas, scene, plan_middle(scene, middle_box(boxes)))
    return canvas


@lru_cache(maxsize=4)
def _backgrounds(pack: str) -> tuple[Image.Image, Image.Image]:
    """The background as drawn and as mapped onto the pack's table palette."""
    drawn = _background()
    return drawn, drawn.quantize(palette=table_palette(pack), dither=Image.Dither.NONE)
