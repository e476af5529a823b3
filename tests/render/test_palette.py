"""The fixed palettes of table and hand pictures: key colours exact, pictures true to colour."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render import render_hand, render_table
from render._palette import build_palette, card_colours, exact_keys
from render._theme import FELT, RIM_DARK
from render.hand import compose_hand, hand_palette
from render.table import compose_table, table_palette
from tests.render._golden import difference
from tests.render._scenes import NAMES, forty_card_scene, table_scene

HANDS = {
    "yankee": (["0F", "3L", "7E", "9S", "4H", "5F", "1L", "2E", "8S", "6H", "9F"], ["3L", "9F"]),
    "french": (["AS", "10H", "JK", "QC", "KD", "2D", "7C"], ["AS", "QC"]),
}


def _mapped(colours: list[tuple[int, int, int]], palette: Image.Image) -> list[object]:
    """Each colour as a picture in the palette shows it."""
    probe = Image.new("RGB", (len(colours), 1))
    for x, colour in enumerate(colours):
        probe.putpixel((x, 0), colour)
    back = probe.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")
    return [back.getpixel((x, 0)) for x in range(back.width)]


@pytest.mark.parametrize("pack", ["french", "yankee"])
@pytest.mark.parametrize("which", ["table", "hand"])
def test_key_colours_come_out_exactly(pack: str, which: str) -> None:
    palette = table_palette(pack) if which == "table" else hand_palette(pack)
    wanted = card_colours(pack)
    exact = list(exact_keys(wanted))
    assert _mapped(exact, palette) == exact
    # A key left out (too near an earlier one for Pillow to keep both) lands next to it.
    for colour, shown in zip(wanted, _mapped(list(wanted), palette), strict=True):
        assert max(abs(a - b) for a, b in zip(colour, shown, strict=True)) <= 6, colour


def test_a_key_that_would_take_another_key_s_pixels_is_left_out() -> None:
    near = (RIM_DARK[0] + 4, RIM_DARK[1] + 1, RIM_DARK[2] + 5)
    assert exact_keys([RIM_DARK, near, FELT]) == (RIM_DARK, FELT)
    sample = Image.new("RGB", (4, 4), near)
    palette = build_palette([RIM_DARK, FELT], sample)
    assert _mapped([RIM_DARK, FELT], palette) == [RIM_DARK, FELT]


@pytest.mark.parametrize("seats", [3, 10, 11, 12])
def test_a_table_picture_keeps_its_colours(seats: int) -> None:
    scene = table_scene(seats)
    names = [*NAMES, "Oscar", "Victor"]
    full = compose_table(scene, names, status="Eve to play")
    shown = Image.open(io.BytesIO(render_table(scene, names, status="Eve to play").data))
    found = difference(shown.convert("RGB"), full)
    assert found.close and found.mean < 0.5, found


def test_the_forty_card_table_keeps_its_colours() -> None:
    full = compose_table(forty_card_scene(), NAMES)
    shown = Image.open(io.BytesIO(render_table(forty_card_scene(), NAMES).data))
    assert difference(shown.convert("RGB"), full).mean < 0.5


@pytest.mark.parametrize("pack", ["french", "yankee"])
def test_a_hand_picture_keeps_its_colours(pack: str) -> None:
    cards, playable = HANDS[pack]
    full = compose_hand(cards, pack, title="Hand", playable=playable)
    shown = Image.open(io.BytesIO(render_hand(cards, pack, title="Hand", playable=playable).data))
    found = difference(shown.convert("RGB"), full)
    assert found.close and found.mean < 0.5, found


def test_table_and_hand_pictures_are_palette_pngs() -> None:
    table = Image.open(io.BytesIO(render_table(table_scene(4), NAMES).data))
    hand = Image.open(io.BytesIO(render_hand(HANDS["french"][0], "french").data))
    assert (table.format, table.mode, hand.format, hand.mode) == ("PNG", "P", "PNG", "P")
