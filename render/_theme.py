"""Colours and sizes shared by the pictures.

Every picture is opaque, dark, and high in contrast (light text on dark panels), so it
reads the same in Discord's dark and light themes; lines that matter are 2 px or more at
half size, the scale at which Discord shows a 1200 px picture inline.
"""

from __future__ import annotations

from render._text import RGB

ROOM: RGB = (36, 32, 40)
BAND: RGB = (20, 18, 24)
RIM: RGB = (112, 70, 38)
RIM_DARK: RGB = (70, 42, 22)
FELT: RGB = (28, 96, 60)
FELT_LIGHT: RGB = (34, 108, 68)
FELT_DARK: RGB = (18, 70, 44)
PANEL: RGB = (24, 27, 32)
PANEL_EDGE: RGB = (110, 116, 126)
TEXT: RGB = (250, 247, 238)
MUTED: RGB = (200, 204, 210)
GOLD_TEXT: RGB = (255, 214, 90)
ACTIVE: RGB = (255, 204, 0)
DARK_TEXT: RGB = (20, 18, 24)
DIM: tuple[int, int, int, int] = (20, 18, 24, 120)
"""The shade laid over a card in a hand that cannot be played now (RGBA)."""

TEAMS: tuple[RGB, ...] = (
    (76, 146, 255),
    (240, 92, 92),
    (84, 206, 128),
    (206, 128, 240),
    (244, 164, 64),
)
"""Partnership colours, by team number (wrapping round)."""

BADGES: dict[str, RGB] = {
    "bank": (255, 204, 0),
    "banker": (255, 204, 0),
    "dealer": (120, 200, 255),
    "out": (150, 150, 150),
}
"""Badge fill colours for known roles; any other badge is light grey-blue."""
BADGE_OTHER: RGB = (196, 206, 230)


def team_colour(team: int) -> RGB:
    """The colour of a partnership."""
    return TEAMS[team % len(TEAMS)]
