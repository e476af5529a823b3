"""A sheet of every card of a pack plus the back, in both designs: for eyes and golden tests."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.games.cards import Pack, french_pack, yankee_pack
from render._picture import Picture, encode
from render._text import font
from render.sprites import back_sprite, card_size, card_sprite

BACKGROUND = (34, 70, 50)
DETAILED_WIDTH = 120
COMPACT_WIDTH = 56
GAP = 8
COLUMNS = 10
TITLES = {Pack.FRENCH: "The French pack", Pack.YANKEE: "The Yankee Notion pack"}


def _grid(codes: list[str], pack: str, width: int, columns: int) -> Image.Image:
    """The cards of codes, then a back, in rows of columns."""
    w, h = card_size(width)
    count = len(codes) + 1
    rows = -(-count // columns)
    sheet = Image.new("RGBA", (columns * (w + GAP) + GAP, rows * (h + GAP) + GAP), BACKGROUND)
    sprites = [card_sprite(c, pack, width) for c in codes] + [back_sprite(width)]
    for i, sprite in enumerate(sprites):
        sheet.alpha_composite(
            sprite, (GAP + (i % columns) * (w + GAP), GAP + (i // columns) * (h + GAP))
        )
    return sheet


def card_sheet(pack: str) -> Picture:
    """Every card of the pack (French with its joker) and the back, detailed then compact."""
    kind = Pack(pack)
    codes = list(yankee_pack() if kind is Pack.YANKEE else french_pack(joker=True))
    detailed = _grid(codes, pack, DETAILED_WIDTH, COLUMNS)
    compact = _grid(codes, pack, COMPACT_WIDTH, COLUMNS * 2)
    title_h = 40
    sheet = Image.new(
        "RGB",
        (max(detailed.width, compact.width), title_h + detailed.height + compact.height),
        BACKGROUND,
    )
    ImageDraw.Draw(sheet).text(
        (GAP, title_h // 2), TITLES[kind], font=font(24), fill=(255, 255, 255), anchor="lm"
    )
    sheet.paste(detailed, (0, title_h))
    sheet.paste(compact, (0, title_h + detailed.height))
    return encode(sheet, f"{kind}-pack")
