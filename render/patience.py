"""The patience picture: a game's zones laid out on the felt, each pile labelled with the
id its moves use (t3, f1, w), face-down cards as backs, and a status line.

The generic arrangement (`draw_generic`) lays the zones out in bands, top to bottom:
squared piles first (the pack, the waste, families, reserves, cells: the top card and a
count), single-pile zones together on the first row, then the other zones packed into
rows, each zone of a grid (Fourteen's rows a-e) or a long one (Blockade's places, Double
Jump's line of piles) on rows of its own; then lines (a single face-up pile, such as Push
Pin's line, drawn as a wrapped row of numbered cards so every card shows); then the
tableau zones as rows of columns fanned downwards. It tries card widths from the largest
down and keeps the first at which everything fits, putting labels beside the cards
instead of above them when only that fits; fans then share out the height left over.
Games with a figure in the book (the Clock's dial, the Windmill ...) name it as `figure`
in their view, and `render.patience_figures` draws them, handing any zone that is not part
of the figure back to `draw_generic` in a box of its own.

Every patience picture is a PNG in 256 colours from one fixed palette (render._palette):
the cards, the felt and the text use few colours, so the mapping costs about a millisecond
and the deflate works on one byte a pixel instead of three, which is what keeps a 104-card
layout inside the table picture's budget (bench/RESULTS.md "Render").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.games.messages import plain
from render._palette import encode_palette
from render._picture import Picture
from render.patience_draw import BODY, Zone, background, draw_status
from render.patience_figures import FIGURES
from render.patience_plan import Spot, draw_generic, generic_spots

ROW_LENGTHS: dict[str, dict[str, int]] = {"blockade": {"g": 10}}
"""Row lengths that the rules depend on (Blockade's rows of ten), by game and zone."""


def render_patience(view: Mapping[str, Any]) -> Picture:
    """The picture of a patience view (bot.games.patience.game.PatienceGame.view)."""
    view = plain(view)
    return encode_palette(compose_patience(view), f"patience-{view.get('game', 'game')}")


def compose_patience(view: Mapping[str, Any]) -> Image.Image:
    """The patience picture before encoding (render_patience encodes it)."""
    view = plain(view)
    image = background(str(view.get("title", "Patience"))).copy()
    zones: Sequence[Zone] = view.get("zones", [])
    figure = FIGURES.get(str(view.get("figure") or ""))
    placed = figure(zones) if figure is not None else None
    if placed is not None:
        placed.draw(image)
    else:
        draw_generic(image, zones, BODY, ROW_LENGTHS.get(str(view.get("game", "")), {}))
    draw_status(ImageDraw.Draw(image), view)
    return image


def layout(view: Mapping[str, Any]) -> list[Spot]:
    """Where every pile of the view goes: the game's figure, or the generic arrangement."""
    zones: Sequence[Zone] = view.get("zones", [])
    figure = FIGURES.get(str(view.get("figure") or ""))
    placed = figure(zones) if figure is not None else None
    if placed is not None:
        return placed.spots()
    return generic_spots(zones, BODY, ROW_LENGTHS.get(str(view.get("game", "")), {}))
