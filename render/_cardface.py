"""Drawing the face of one card onto a blank sprite, in the compact or the detailed design.

Compact (small sprites on the table): the rank large in the top-left corner, the suit
emblem under it, and one big emblem (for a Face, its portrait) in the lower right.
Detailed (hands, card sheets): corner indices top-left and, upside down, bottom-right;
pips laid out as on printed cards for A-10 and 1-9, a ringed emblem for a Yankee 0,
framed panels for the courts (crown, coronet or plumed cap, the letter, the pip), a
jester for the joker, and for each Yankee Face its portrait and its name.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.games.cards import FACE_NAMES, JOKER, Pack
from render._art import art
from render._emblems import INK, JOKER_COLOUR, SUIT_COLOURS, YANKEE_COLOURS
from render._text import RGB, font, wrap

PICTURE_TINT: RGB = (250, 236, 196)
PANEL: RGB = (255, 248, 228)
COURT_MOTIF = {"K": "crown", "Q": "coronet", "J": "cap"}
# Pip centres for n pips, as (column, row) in the pip area: column 0/0.5/1, row 0 (top) to 1.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0.5, 0), (0.5, 1)),
    3: ((0.5, 0), (0.5, 0.5), (0.5, 1)),
    4: ((0, 0), (1, 0), (0, 1), (1, 1)),
    5: ((0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)),
    6: ((0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    7: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    8: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)),
    9: ((0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)),
    10: ((0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3),
         (0.5, 5 / 6), (0, 1), (1, 1)),
}  # fmt: skip


def is_picture(kind: Pack, rank: str, suit: str) -> bool:
    """Whether the card is a court, the joker or a Yankee Face (drawn on tinted paper)."""
    if kind is Pack.YANKEE:
        return suit == "F"
    return rank in ("J", "Q", "K", JOKER)


def _colour(kind: Pack, suit: str) -> RGB:
    if not suit:
        return JOKER_COLOUR
    return YANKEE_COLOURS[suit] if kind is Pack.YANKEE else SUIT_COLOURS[suit]


def _emblem(kind: Pack, suit: str) -> str:
    return "jester" if not suit else f"{kind}:{suit}"


def _paste(card: Image.Image, image: Image.Image, x: float, y: float) -> None:
    """Paste an RGBA image centred on (x, y)."""
    card.alpha_composite(image, (round(x - image.width / 2), round(y - image.height / 2)))


def _rank_font_size(text: str, size: int, width: float) -> int:
    """The largest bold size at most size at which text is at most width wide."""
    while size > 6 and font(size).getlength(text) > width:
        size -= 1
    return size


def draw_compact(card: Image.Image, kind: Pack, rank: str, suit: str) -> None:
    """The compact design: big rank, emblem under it, big emblem (or portrait) lower right."""
    w, h = card.size
    colour, text = _colour(kind, suit), rank
    size = _rank_font_size(text, round(w * 0.46), w * 0.62)
    ImageDraw.Draw(card).text((w * 0.08, h * 0.04), text, font=font(size), fill=colour)
    small = round(w * 0.30)
    _paste(card, art(_emblem(kind, suit), small), w * 0.08 + small / 2, h * 0.06 + size + small / 2)
    big = round(w * 0.55)
    name = f"face:{rank}" if kind is Pack.YANKEE and suit == "F" else _emblem(kind, suit)
    _paste(card, art(name, big), w - w * 0.06 - big / 2, h - h * 0.05 - big / 2)


def _index(kind: Pack, rank: str, suit: str, width: int) -> Image.Image:
    """The corner index (rank over emblem) as a transparent tile."""
    tile_w = round(width * 0.22)
    size = _rank_font_size(rank, round(width * 0.19), tile_w)
    emblem = art(_emblem(kind, suit), round(width * 0.15))
    tile = Image.new("RGBA", (tile_w, size + emblem.height + 4), (0, 0, 0, 0))
    ImageDraw.Draw(tile).text(
        (tile_w / 2, 0), rank, font=font(size), fill=_colour(kind, suit), anchor="mt"
    )
    tile.alpha_composite(emblem, ((tile_w - emblem.width) // 2, size + 3))
    return tile


def draw_detailed(card: Image.Image, kind: Pack, rank: str, suit: str) -> None:
    """The detailed design: corner indices and the middle of the card."""
    w, h = card.size
    tile = _index(kind, rank, suit, w)
    card.alpha_composite(tile, (round(w * 0.03), round(h * 0.04)))
    if kind is Pack.YANKEE and suit == "F":
        _portrait(card, int(rank))
        return
    card.alpha_composite(tile.rotate(180), (w - tile.width - round(w * 0.03), h - tile.height - 6))
    if rank == JOKER:
        _joker(card)
    elif rank in COURT_MOTIF:
        _court(card, rank, suit)
    elif kind is Pack.YANKEE and rank == "0":
        _zero(card, suit)
    elif rank in ("A", "1"):
        _paste(card, art(_emblem(kind, suit), round(w * 0.46)), w / 2, h / 2)
    else:
        _pips(card, _emblem(kind, suit), int(rank), flip=kind is Pack.FRENCH)


def _pips(card: Image.Image, name: str, count: int, flip: bool) -> None:
    """Pips in the classic layout; the lower ones upside down when flip."""
    w, h = card.size
    size = round(w * (0.19 if count < 9 else 0.17))
    x0, x1, y0, y1 = w * 0.36, w * 0.64, h * 0.16, h * 0.84
    for col, row in PIPS[count]:
        pip = art(name, size, flip and row > 0.5)
        _paste(card, pip, x0 + (x1 - x0) * col, y0 + (y1 - y0) * row)


def _panel(card: Image.Image, colour: RGB) -> tuple[int, int, int, int]:
    """A framed panel in the middle of the card; its box."""
    w, h = card.size
    box = (round(w * 0.24), round(h * 0.1), round(w * 0.76), round(h * 0.9))
    ImageDraw.Draw(card).rectangle(box, fill=PANEL, outline=colour, width=max(2, w // 45))
    return box


def _court(card: Image.Image, rank: str, suit: str) -> None:
    """A king, queen or jack: its motif, its letter and its pip in a panel."""
    colour = SUIT_COLOURS[suit]
    x0, y0, x1, y1 = _panel(card, colour)
    cx, pw = (x0 + x1) / 2, x1 - x0
    _paste(card, art(f"{COURT_MOTIF[rank]}:{suit}", round(pw * 0.8)), cx, y0 + pw * 0.45)
    ImageDraw.Draw(card).text(
        (cx, (y0 + y1) / 2 + pw * 0.12), rank, font=font(round(pw * 0.55)), fill=colour, anchor="mm"
    )
    _paste(card, art(f"french:{suit}", round(pw * 0.36)), cx, y1 - pw * 0.28)


def _joker(card: Image.Image) -> None:
    """The joker: a jester's cap and the word JOKER in a panel."""
    x0, y0, x1, y1 = _panel(card, JOKER_COLOUR)
    cx, pw = (x0 + x1) / 2, x1 - x0
    _paste(card, art("jester", round(pw * 0.8)), cx, y0 + pw * 0.55)
    size = _rank_font_size("JOKER", round(pw * 0.3), pw * 0.9)
    ImageDraw.Draw(card).text(
        (cx, y1 - pw * 0.35), "JOKER", font=font(size), fill=JOKER_COLOUR, anchor="mm"
    )


def _zero(card: Image.Image, suit: str) -> None:
    """A Yankee 0: one emblem inside a ring."""
    w, h = card.size
    r = w * 0.3
    ImageDraw.Draw(card).ellipse(
        (w / 2 - r, h / 2 - r * 1.3, w / 2 + r, h / 2 + r * 1.3),
        outline=YANKEE_COLOURS[suit],
        width=max(2, w // 30),
    )
    _paste(card, art(f"yankee:{suit}", round(w * 0.36)), w / 2, h / 2)


def _portrait(card: Image.Image, rank: int) -> None:
    """A Yankee Face: its portrait, framed, and its name on a banner across the foot."""
    w, h = card.size
    size = round(w * 0.62)
    cx, top = w * 0.6, round(h * 0.05)
    box = (round(cx - size / 2) - 2, top - 2, round(cx + size / 2) + 2, top + size + 2)
    draw = ImageDraw.Draw(card)
    draw.rectangle(box, fill=PANEL, outline=YANKEE_COLOURS["F"], width=max(2, w // 45))
    card.alpha_composite(art(f"face:{rank}", size), (round(cx - size / 2), top))
    face = font(round(w * 0.12))
    lines = wrap(FACE_NAMES[rank], face, w * 0.88, 3)
    step = round(w * 0.145)
    y = box[3] + (h - box[3] - step * len(lines)) / 2 + step / 2
    for text in lines:
        draw.text((w / 2, y), text, font=face, fill=INK, anchor="mm")
        y += step
