"""Portraits of the ten Faces of the Yankee Notion pack, as shape data (see render._shapes).

Each is one head-and-shoulders figure told apart by what it wears: John Smith's top hat,
Mrs Sally Smith's bonnet, the Baby's curl and bib, the Old Maid's bun and spectacles, the
Old Bachelor's bald head and bow tie, Sweet Seventeen's long hair and bow, the Parson's
flat hat and white bands, Ruth's Quaker bonnet and kerchief, Ezekiel's broad hat and
beard, the Watchman's peaked cap and lantern. Drawn here from plain shapes; the names
come from bot.games.cards.FACE_NAMES.
"""

from __future__ import annotations

from render._emblems import GOLD, INK, SKIN, WHITE
from render._shapes import RGB, Shape, arc, line, oval, poly, rect

Box = tuple[float, float, float, float]
HEAD: Box = (0.33, 0.26, 0.67, 0.70)
GREY: RGB = (150, 150, 150)
BROWN: RGB = (96, 56, 26)
BLACK: RGB = (34, 32, 36)
PINK: RGB = (232, 120, 150)
ROSY: RGB = (240, 150, 140)


def _hair_cap(head: Box, colour: RGB) -> Shape:
    """Hair over the top of the head, down to a curved hairline."""
    x0, y0, x1, y1 = head
    cx, cy, rx, ry = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
    outer = arc(cx, cy, rx + 0.015, ry + 0.015, 185, 355, 14)
    hairline = arc(cx, cy - 0.03, rx * 0.95, ry * 0.5, 355, 185, 14)
    return poly((*outer, *hairline), colour)


def _features(head: Box, *, cheeks: bool = False, smile: bool = True) -> tuple[Shape, ...]:
    """Eyes, nose, mouth (and rosy cheeks) placed in the head's box."""
    x0, y0, x1, y1 = head
    cx, cy, w = (x0 + x1) / 2, (y0 + y1) / 2 + 0.02, x1 - x0
    e = w * 0.08
    out = [
        oval((cx - w * 0.22 - e, cy - e, cx - w * 0.22 + e, cy + e), INK),
        oval((cx + w * 0.22 - e, cy - e, cx + w * 0.22 + e, cy + e), INK),
        line(((cx, cy + 0.02), (cx - 0.015, cy + 0.07), (cx + 0.01, cy + 0.075)), INK, 0.012),
    ]
    mouth = arc(cx, cy + 0.09, w * 0.17, 0.04, 20 if smile else 200, 160 if smile else 340, 8)
    out.append(line(mouth, INK, 0.016))
    if cheeks:
        r = w * 0.09
        for x in (cx - w * 0.3, cx + w * 0.3):
            out.insert(0, oval((x - r, cy + 0.04, x + r, cy + 0.04 + r * 1.4), ROSY))
    return tuple(out)


def _bust(
    coat: RGB,
    hair: RGB | None,
    *,
    behind: tuple[Shape, ...] = (),
    front: tuple[Shape, ...] = (),
    head: Box = HEAD,
    cheeks: bool = False,
) -> tuple[Shape, ...]:
    """A figure: what lies behind, shoulders, neck, head, hair, face, what lies in front."""
    shoulders = ((0.08, 1.0), (0.12, 0.84), (0.28, 0.74), (0.72, 0.74), (0.88, 0.84), (0.92, 1.0))
    cx = (head[0] + head[2]) / 2
    return (
        *behind,
        poly(shoulders, coat, INK, 0.012),
        rect((cx - 0.06, head[3] - 0.04, cx + 0.06, 0.78), SKIN),
        oval(head, SKIN, INK, 0.012),
        *((_hair_cap(head, hair),) if hair else ()),
        *_features(head, cheeks=cheeks),
        *front,
    )


def _spectacles(y: float) -> tuple[Shape, ...]:
    return (
        oval((0.37, y - 0.045, 0.47, y + 0.045), None, INK, 0.014),
        oval((0.53, y - 0.045, 0.63, y + 0.045), None, INK, 0.014),
        line(((0.47, y), (0.53, y)), INK, 0.012),
    )


def _bow(cx: float, cy: float, s: float, colour: RGB) -> tuple[Shape, ...]:
    return (
        poly(((cx, cy), (cx - s, cy - s * 0.6), (cx - s, cy + s * 0.6)), colour, INK, 0.008),
        poly(((cx, cy), (cx + s, cy - s * 0.6), (cx + s, cy + s * 0.6)), colour, INK, 0.008),
        oval((cx - s * 0.25, cy - s * 0.25, cx + s * 0.25, cy + s * 0.25), colour, INK, 0.008),
    )


def _john_smith() -> tuple[Shape, ...]:
    hat = (rect((0.36, 0.04, 0.64, 0.28), BLACK), rect((0.26, 0.26, 0.74, 0.31), BLACK))
    band = rect((0.36, 0.22, 0.64, 0.26), (150, 30, 40))
    collar = poly(((0.42, 0.74), (0.5, 0.84), (0.58, 0.74)), WHITE, INK, 0.01)
    return _bust((40, 60, 120), BROWN, front=(*hat, band, collar))


def _sally_smith() -> tuple[Shape, ...]:
    bonnet = oval((0.22, 0.12, 0.78, 0.62), (120, 150, 220), INK, 0.012)
    brim = line(arc(0.5, 0.42, 0.27, 0.26, 190, 350, 14), (80, 100, 180), 0.05)
    return _bust(
        (140, 60, 130), BROWN, behind=(bonnet,), front=(brim, *_bow(0.5, 0.75, 0.07, PINK))
    )


def _baby() -> tuple[Shape, ...]:
    head = (0.28, 0.24, 0.72, 0.72)
    curl = line(arc(0.5, 0.22, 0.04, 0.04, 90, 400, 12), BROWN, 0.018)
    bib = oval((0.36, 0.72, 0.64, 0.94), WHITE, INK, 0.01)
    return _bust((150, 200, 240), None, head=head, cheeks=True, front=(curl, bib))


def _old_maid() -> tuple[Shape, ...]:
    bun = oval((0.42, 0.16, 0.58, 0.30), GREY, INK, 0.01)
    collar = rect((0.42, 0.70, 0.58, 0.78), WHITE, INK, 0.008)
    return _bust((40, 90, 70), GREY, behind=(bun,), front=(*_spectacles(0.5), collar))


def _old_bachelor() -> tuple[Shape, ...]:
    tufts = (oval((0.30, 0.40, 0.38, 0.54), GREY), oval((0.62, 0.40, 0.70, 0.54), GREY))
    return _bust((110, 80, 50), None, front=(*tufts, *_bow(0.5, 0.76, 0.08, (190, 30, 40))))


def _sweet_seventeen() -> tuple[Shape, ...]:
    gold = (200, 150, 40)
    long_hair = poly((*arc(0.5, 0.48, 0.23, 0.26, 180, 360, 14), (0.74, 0.86), (0.26, 0.86)), gold)
    return _bust(
        (230, 140, 170),
        gold,
        behind=(long_hair,),
        cheeks=True,
        front=_bow(0.62, 0.25, 0.07, PINK),
    )


def _parson() -> tuple[Shape, ...]:
    hat = (oval((0.18, 0.22, 0.82, 0.34), BLACK), rect((0.35, 0.14, 0.65, 0.28), BLACK))
    bands = (rect((0.45, 0.74, 0.49, 0.86), WHITE), rect((0.51, 0.74, 0.55, 0.86), WHITE))
    return _bust(BLACK, GREY, front=(*hat, *bands))


def _ruth() -> tuple[Shape, ...]:
    bonnet = oval((0.24, 0.14, 0.76, 0.66), (170, 170, 160), INK, 0.012)
    kerchief = poly(((0.26, 0.76), (0.74, 0.76), (0.5, 0.96)), WHITE, INK, 0.01)
    brim = line(arc(0.5, 0.45, 0.25, 0.26, 190, 350, 14), (130, 130, 120), 0.06)
    return _bust((120, 120, 115), BROWN, behind=(bonnet,), front=(brim, kerchief))


def _ezekiel() -> tuple[Shape, ...]:
    beard = poly((*arc(0.5, 0.56, 0.17, 0.22, 0, 180, 12),), BROWN)
    hat = (
        oval((0.14, 0.24, 0.86, 0.36), (70, 70, 74)),
        rect((0.34, 0.08, 0.66, 0.30), (70, 70, 74)),
    )
    return _bust((100, 100, 104), BROWN, front=(beard, *hat))


def _watchman() -> tuple[Shape, ...]:
    navy = (30, 40, 90)
    cap = (
        poly((*arc(0.5, 0.34, 0.19, 0.16, 180, 360, 12),), navy),
        poly(((0.30, 0.33), (0.72, 0.33), (0.62, 0.40), (0.32, 0.39)), BLACK),
        oval((0.46, 0.22, 0.54, 0.30), GOLD),
    )
    moustache = poly(((0.40, 0.60), (0.5, 0.57), (0.60, 0.60), (0.5, 0.63)), BROWN)
    lantern = (
        line(((0.80, 0.62), (0.80, 0.70)), INK, 0.012),
        rect((0.74, 0.70, 0.86, 0.86), (250, 210, 90), INK, 0.014),
        rect((0.72, 0.86, 0.88, 0.89), INK),
    )
    buttons = tuple(oval((0.48, y, 0.52, y + 0.04), GOLD) for y in (0.80, 0.90))
    return _bust(navy, BROWN, front=(*cap, moustache, *buttons, *lantern))


PORTRAITS: dict[str, tuple[Shape, ...]] = {
    f"face:{rank}": draw()
    for rank, draw in enumerate(
        (
            _john_smith,
            _sally_smith,
            _baby,
            _old_maid,
            _old_bachelor,
            _sweet_seventeen,
            _parson,
            _ruth,
            _ezekiel,
            _watchman,
        )
    )
}
"""`face:0` (John Smith) to `face:9` (the Watchman), in FACE_NAMES order."""
