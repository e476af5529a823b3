"""The suit emblems of both packs and the court motifs, as shape data (see render._shapes).

French suits use a four-colour pack (spades black, hearts red, diamonds blue, clubs green)
so that a small card reads at a glance; the shapes differ too. The Yankee Notion suits each
have their own silhouette and main colour: a face (a head and shoulders, umber), a flag
on its pole (red, white, blue), a spread eagle (dark brown), a star (blue), a shield (green
with a gold border).
"""

from __future__ import annotations

from render._shapes import RGB, Shape, arc, line, mirror, oval, poly, rect, star

INK: RGB = (30, 28, 30)
WHITE: RGB = (255, 255, 255)
GOLD: RGB = (214, 160, 30)
SKIN: RGB = (244, 204, 164)

SUIT_COLOURS: dict[str, RGB] = {
    "S": INK,
    "H": (200, 24, 36),
    "D": (24, 84, 200),
    "C": (18, 128, 52),
}
YANKEE_COLOURS: dict[str, RGB] = {
    "F": (122, 66, 30),
    "L": (196, 26, 40),
    "E": (88, 52, 24),
    "S": (26, 70, 190),
    "H": (20, 120, 62),
}
JOKER_COLOUR: RGB = (110, 40, 150)


def _heart(c: RGB) -> tuple[Shape, ...]:
    return (
        oval((0.04, 0.10, 0.54, 0.60), c),
        oval((0.46, 0.10, 0.96, 0.60), c),
        poly(((0.06, 0.45), (0.94, 0.45), (0.5, 0.96)), c),
    )


def _spade(c: RGB) -> tuple[Shape, ...]:
    return (
        oval((0.06, 0.34, 0.52, 0.78), c),
        oval((0.48, 0.34, 0.94, 0.78), c),
        poly(((0.08, 0.50), (0.92, 0.50), (0.5, 0.04)), c),
        poly(((0.5, 0.55), (0.33, 0.96), (0.67, 0.96)), c),
    )


def _club(c: RGB) -> tuple[Shape, ...]:
    return (
        oval((0.29, 0.04, 0.71, 0.46), c),
        oval((0.05, 0.36, 0.47, 0.78), c),
        oval((0.53, 0.36, 0.95, 0.78), c),
        oval((0.38, 0.36, 0.62, 0.66), c),
        poly(((0.5, 0.5), (0.33, 0.96), (0.67, 0.96)), c),
    )


def _diamond(c: RGB) -> tuple[Shape, ...]:
    return (poly(((0.5, 0.02), (0.88, 0.5), (0.5, 0.98), (0.12, 0.5)), c),)


def _face(coat: RGB) -> tuple[Shape, ...]:
    """A head on shoulders: the Faces suit."""
    shoulders = ((0.10, 0.98), (0.14, 0.80), (0.30, 0.68), (0.70, 0.68), (0.86, 0.80), (0.90, 0.98))
    hair = (*arc(0.5, 0.36, 0.25, 0.27, 180, 360), (0.75, 0.34), (0.25, 0.34))
    return (
        poly(shoulders, coat, INK, 0.03),
        oval((0.25, 0.08, 0.75, 0.66), SKIN, INK, 0.035),
        poly(hair, (70, 40, 20)),
        oval((0.37, 0.35, 0.45, 0.43), INK),
        oval((0.55, 0.35, 0.63, 0.43), INK),
        line(arc(0.5, 0.46, 0.11, 0.08, 20, 160, 8), INK, 0.04),
    )


def _flag() -> tuple[Shape, ...]:
    red, blue = YANKEE_COLOURS["L"], (30, 50, 140)
    stripes = tuple(
        rect((0.20, 0.08 + i * 0.12, 0.96, 0.20 + i * 0.12), red if i % 2 == 0 else WHITE)
        for i in range(5)
    )
    return (
        rect((0.07, 0.06, 0.17, 0.98), (92, 60, 30)),
        oval((0.04, 0.00, 0.20, 0.12), GOLD),
        *stripes,
        rect((0.20, 0.08, 0.54, 0.40), blue),
        poly(star(0.37, 0.245, 0.11, 0.045), WHITE),
        rect((0.20, 0.08, 0.96, 0.68), None, INK, 0.03),
    )


_WING = (
    (0.44, 0.40), (0.38, 0.28), (0.26, 0.16), (0.12, 0.08), (0.02, 0.08), (0.08, 0.18),
    (0.00, 0.26), (0.09, 0.32), (0.02, 0.40), (0.13, 0.44), (0.08, 0.52), (0.22, 0.53),
    (0.32, 0.60), (0.44, 0.60),
)  # fmt: skip


def _eagle() -> tuple[Shape, ...]:
    brown = YANKEE_COLOURS["E"]
    tail = ((0.40, 0.66), (0.60, 0.66), (0.70, 0.94), (0.5, 0.86), (0.30, 0.94))
    return (
        poly(_WING, brown),
        poly(mirror(_WING), brown),
        poly(tail, brown),
        oval((0.36, 0.28, 0.64, 0.76), brown),
        oval((0.39, 0.08, 0.61, 0.32), WHITE, INK, 0.03),
        poly(((0.58, 0.17), (0.72, 0.22), (0.58, 0.27)), GOLD),
        oval((0.49, 0.15, 0.54, 0.20), INK),
    )


def _star() -> tuple[Shape, ...]:
    return (poly(star(0.5, 0.54, 0.50, 0.20), YANKEE_COLOURS["S"]),)


def _shield() -> tuple[Shape, ...]:
    outline = (
        (0.10, 0.04), (0.90, 0.04), (0.90, 0.52), (0.86, 0.66), (0.76, 0.79), (0.63, 0.90),
        (0.5, 0.97), (0.37, 0.90), (0.24, 0.79), (0.14, 0.66), (0.10, 0.52),
    )  # fmt: skip
    return (
        poly(outline, YANKEE_COLOURS["H"]),
        rect((0.12, 0.06, 0.88, 0.28), GOLD),
        line(((0.5, 0.30), (0.5, 0.90)), GOLD, 0.07),
        poly(outline, None, INK, 0.04),
    )


def _crown(c: RGB) -> tuple[Shape, ...]:
    """A king's crown: five points with balls on a band."""
    body = (
        (0.08, 0.85),
        (0.05, 0.30),
        (0.27, 0.58),
        (0.38, 0.20),
        (0.5, 0.55),
        (0.62, 0.20),
        (0.73, 0.58),
        (0.95, 0.30),
        (0.92, 0.85),
    )
    balls = tuple(
        oval((x - 0.06, y - 0.12, x + 0.06, y), GOLD, INK, 0.02)
        for x, y in ((0.05, 0.30), (0.38, 0.20), (0.62, 0.20), (0.95, 0.30))
    )
    return (
        poly(body, GOLD, INK, 0.03),
        *balls,
        rect((0.08, 0.74, 0.92, 0.90), c, INK, 0.02),
        oval((0.44, 0.38, 0.56, 0.52), c),
    )


def _coronet(c: RGB) -> tuple[Shape, ...]:
    """A queen's coronet: three rounded arches topped with pearls, a jewel in the middle."""
    arches = tuple(p for x in (0.21, 0.5, 0.79) for p in arc(x, 0.52, 0.145, 0.26, 180, 360, 8))
    pearls = tuple(
        oval((x - 0.06, 0.14, x + 0.06, 0.26), WHITE, INK, 0.02) for x in (0.21, 0.5, 0.79)
    )
    return (
        poly(((0.06, 0.86), *arches, (0.94, 0.86)), GOLD, INK, 0.03),
        *pearls,
        oval((0.43, 0.44, 0.57, 0.60), c, INK, 0.02),
        rect((0.06, 0.74, 0.94, 0.90), c, INK, 0.02),
    )


def _cap(c: RGB) -> tuple[Shape, ...]:
    """A jack's plumed cap."""
    feather = ((0.56, 0.40), (0.70, 0.10), (0.96, 0.00), (0.84, 0.22), (0.66, 0.44))
    return (
        poly(feather, GOLD, INK, 0.02),
        poly((*arc(0.46, 0.72, 0.40, 0.40, 180, 360, 14),), c, INK, 0.03),
        rect((0.04, 0.66, 0.88, 0.84), GOLD, INK, 0.02),
    )


def _jester() -> tuple[Shape, ...]:
    """A jester's three-pointed cap with bells: the joker."""
    purple, red = JOKER_COLOUR, (200, 24, 36)
    left = ((0.22, 0.80), (0.02, 0.22), (0.42, 0.62))
    middle = ((0.34, 0.70), (0.5, 0.06), (0.66, 0.70))
    right = ((0.58, 0.62), (0.98, 0.22), (0.78, 0.80))
    bells = tuple(
        oval((x - 0.07, y - 0.07, x + 0.07, y + 0.07), GOLD, INK, 0.02)
        for x, y in ((0.04, 0.18), (0.5, 0.05), (0.96, 0.18))
    )
    return (
        poly(left, red, INK, 0.025),
        poly(right, red, INK, 0.025),
        poly(middle, purple, INK, 0.025),
        *bells,
        rect((0.16, 0.74, 0.84, 0.94), GOLD, INK, 0.025),
    )


EMBLEMS: dict[str, tuple[Shape, ...]] = {
    "french:S": _spade(SUIT_COLOURS["S"]),
    "french:H": _heart(SUIT_COLOURS["H"]),
    "french:D": _diamond(SUIT_COLOURS["D"]),
    "french:C": _club(SUIT_COLOURS["C"]),
    "yankee:F": _face(YANKEE_COLOURS["F"]),
    "yankee:L": _flag(),
    "yankee:E": _eagle(),
    "yankee:S": _star(),
    "yankee:H": _shield(),
    "jester": _jester(),
    **{f"crown:{s}": _crown(c) for s, c in SUIT_COLOURS.items()},
    **{f"coronet:{s}": _coronet(c) for s, c in SUIT_COLOURS.items()},
    **{f"cap:{s}": _cap(c) for s, c in SUIT_COLOURS.items()},
}
"""Named art: `french:S`, `yankee:E`, `crown:H` (king), `coronet:D` (queen), `cap:C` (jack),
`jester`."""
