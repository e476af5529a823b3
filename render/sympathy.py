"""The Sympathy picture: each player's seventeen piles of three and her grace card, one
row per player, face-down cards as backs, the player to act marked, and a status line with
the cards thrown out and what the last turn did (bot.games.patience.sympathy.game's view).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.games.messages import plain
from render import _theme as theme
from render._picture import Picture, encode
from render._text import draw_fitted, font
from render.patience_draw import (
    GAP,
    HEIGHT,
    MARGIN,
    STATUS_H,
    TITLE_H,
    WIDTH,
    draw_fanned,
    draw_squared,
)
from render.sprites import card_size

PILES = 17
NAME_H = 30


def render_sympathy(view: Mapping[str, Any], names: Sequence[str] = ()) -> Picture:
    """The picture of a Sympathy view, with the players' names (seat order)."""
    view = plain(view)
    image = Image.new("RGB", (WIDTH, HEIGHT), theme.FELT)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, TITLE_H), fill=theme.FELT_DARK)
    draw_fitted(
        draw, (MARGIN, TITLE_H // 2), "Sympathy", font(26), theme.TEXT, WIDTH - 2 * MARGIN, "lm"
    )
    players: Sequence[Mapping[str, Any]] = view.get("players", [])
    columns = PILES + 1
    width = (WIDTH - 2 * MARGIN - GAP * columns) // columns  # a gap more before the grace
    w, _ = card_size(width)
    room = (HEIGHT - TITLE_H - STATUS_H - GAP) // max(len(players), 1)
    for seat, side in enumerate(players):
        y = TITLE_H + GAP + seat * room
        name = names[seat] if seat < len(names) else f"Player {seat + 1}"
        to_act = view.get("turn") == seat
        colour = theme.ACTIVE if to_act else theme.TEXT
        label = f"{name} - to turn up a card" if to_act else name
        draw_fitted(draw, (MARGIN, y + NAME_H // 2), label, font(20), colour, WIDTH, "lm")
        top = y + NAME_H
        x = MARGIN
        for number, cards in enumerate(side.get("piles", []), start=1):
            pile = {"id": str(number), "cards": list(cards)}
            draw_fanned(image, pile, x, top, width, room - NAME_H - GAP)
            x += w + GAP
        grace = {"id": "grace", "cards": list(side.get("grace", []))}
        draw_squared(image, grace, x + GAP, top, width)
    _status(draw, view)
    return encode(image, "sympathy")


def _status(draw: ImageDraw.ImageDraw, view: Mapping[str, Any]) -> None:
    """Cards thrown out, the last turn, and the result."""
    parts = [f"Thrown out {view.get('out', 0)} of 104"]
    if view.get("last"):
        parts.append(str(view["last"]))
    if view.get("result"):
        parts.append(str(view["result"]))
    y = HEIGHT - STATUS_H
    draw.rectangle((0, y, WIDTH, HEIGHT), fill=theme.FELT_DARK)
    draw_fitted(
        draw,
        (MARGIN, y + STATUS_H // 2),
        "  ·  ".join(parts),
        font(20, bold=False),
        theme.TEXT,
        WIDTH - 2 * MARGIN,
        "lm",
    )
