"""The patience picture: a game's zones laid out on the felt, each pile labelled with the
id its moves use (t3, f1, w), face-down cards as backs, and a status line.

The generic arrangement puts every zone that is not a tableau (the pack, the waste,
families, reserves, cells) in rows along the top, then each tableau zone as a row of
columns with its cards fanned downwards, the fan tightening to fit. Card width follows
the widest row, so a 104-card layout of fifteen columns fits the same 1200 x 800 canvas
as a small one. Games with a figure of their own in the book (the Clock's dial ...) pass
`figure` in their view; `render.patience_figures` draws those.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import _theme as theme
from render._picture import Picture, encode
from render._text import draw_fitted, font
from render.sprites import back_sprite, card_size, card_sprite, count_badge

WIDTH, HEIGHT = 1200, 800
TITLE_H, STATUS_H = 48, 40
MARGIN, GAP = 16, 8
LABEL_H = 18
MAX_CARD_W = 84
MIN_CARD_W = 34
STACKED = ("stock", "waste", "foundation", "reserve", "cell", "indicator", "discard")
"""Zone kinds drawn as a squared pile (only the top card shows, with a count)."""

Pile = Mapping[str, Any]
Zone = Mapping[str, Any]


def render_patience(view: Mapping[str, Any]) -> Picture:
    """The picture of a patience view (bot.games.patience.game.PatienceGame.view)."""
    image = Image.new("RGB", (WIDTH, HEIGHT), theme.FELT)
    draw = ImageDraw.Draw(image)
    _title(draw, str(view.get("title", "Patience")))
    zones: Sequence[Zone] = view.get("zones", [])
    figure = str(view.get("figure") or "")
    from render.patience_figures import FIGURES  # the figures build on this module

    drawer = FIGURES.get(figure)
    if drawer is not None:
        drawer(image, zones)
    else:
        draw_generic(image, zones)
    _status(draw, view)
    return encode(image, f"patience-{view.get('game', 'game')}")


def _title(draw: ImageDraw.ImageDraw, title: str) -> None:
    draw.rectangle((0, 0, WIDTH, TITLE_H), fill=theme.FELT_DARK)
    draw_fitted(draw, (MARGIN, TITLE_H // 2), title, font(26), theme.TEXT, WIDTH - 2 * MARGIN, "lm")


def _status(draw: ImageDraw.ImageDraw, view: Mapping[str, Any]) -> None:
    """Moves, redeals and privileges left, the hint, and the result."""
    parts = [f"Moves {view.get('moves', 0)}"]
    redeals = int(view.get("redeals") or 0)
    if redeals:
        parts.append(f"Redeals left {redeals - int(view.get('passes') or 0)}")
    for name, left in (view.get("privileges") or {}).items():
        parts.append(f"{name.replace('_', ' ')}: {left} left")
    if view.get("hint"):
        hint = view["hint"]
        parts.append("Hint: no move makes progress" if hint == "none" else f"Hint: {hint}")
    if view.get("result"):
        parts.append(str(view["result"]))
    elif view.get("stuck"):
        parts.append("No move left: undo, or give up")
    y = HEIGHT - STATUS_H
    draw.rectangle((0, y, WIDTH, HEIGHT), fill=theme.FELT_DARK)
    text = "  ·  ".join(parts)
    draw_fitted(
        draw,
        (MARGIN, y + STATUS_H // 2),
        text,
        font(20, bold=False),
        theme.TEXT,
        WIDTH - 2 * MARGIN,
        "lm",
    )


def draw_generic(image: Image.Image, zones: Sequence[Zone]) -> None:
    """Non-tableau zones in rows along the top, tableau zones below as fanned columns."""
    stacked = [p for z in zones if z["kind"] in STACKED for p in z["piles"]]
    fanned = [z for z in zones if z["kind"] not in STACKED]
    widest = max([len(z["piles"]) for z in fanned] + [min(len(stacked), 14), 1])
    width = _card_width(widest)
    w, h = card_size(width)
    per_row = max(1, (WIDTH - 2 * MARGIN + GAP) // (w + GAP))
    rows = [stacked[i : i + per_row] for i in range(0, len(stacked), per_row)]
    y = TITLE_H + GAP
    for row in rows:
        x = (WIDTH - (len(row) * (w + GAP) - GAP)) // 2
        for pile in row:
            draw_squared(image, pile, x, y, width)
            x += w + GAP
        y += h + LABEL_H + GAP
    if not fanned:
        return
    room = HEIGHT - STATUS_H - y - GAP
    each = room // len(fanned)
    for zone in fanned:
        piles = zone["piles"]
        x = (WIDTH - (len(piles) * (w + GAP) - GAP)) // 2
        for pile in piles:
            draw_fanned(image, pile, x, y, width, each - LABEL_H - GAP)
            x += w + GAP
        y += each


def _card_width(columns: int) -> int:
    """The widest card that lets `columns` piles sit side by side."""
    fit = (WIDTH - 2 * MARGIN + GAP) // max(columns, 1) - GAP
    return max(MIN_CARD_W, min(MAX_CARD_W, fit))


def _label(image: Image.Image, text: str, x: int, y: int, width: int) -> None:
    draw = ImageDraw.Draw(image)
    draw_fitted(
        draw, (x + width // 2, y + LABEL_H // 2), text, font(14), theme.GOLD_TEXT, width + GAP, "mm"
    )


def _slot(image: Image.Image, x: int, y: int, width: int) -> None:
    """An empty place: a faint outline."""
    w, h = card_size(width)
    ImageDraw.Draw(image).rounded_rectangle(
        (x, y, x + w - 1, y + h - 1), radius=max(3, width // 10), outline=theme.FELT_LIGHT, width=2
    )


def _sprite(card: str | None, width: int) -> Image.Image:
    return back_sprite(width) if card is None else card_sprite(card, "french", width)


def draw_squared(image: Image.Image, pile: Pile, x: int, y: int, width: int) -> None:
    """A squared pile at (x, y): its id above, its top card (or a back, or an empty
    place), and a count when it holds more than one card."""
    _label(image, str(pile["id"]), x, y, width)
    top = y + LABEL_H
    cards: Sequence[str | None] = pile["cards"]
    if not cards:
        _slot(image, x, top, width)
        return
    sprite = _sprite(cards[-1], width)
    image.paste(sprite, (x, top), sprite)
    if len(cards) > 1:
        badge = count_badge(len(cards), max(14, width // 3))
        w, _ = card_size(width)
        image.paste(badge, (x + w - badge.width + 4, top - 4), badge)


def draw_fanned(image: Image.Image, pile: Pile, x: int, y: int, width: int, room: int) -> None:
    """A column at (x, y): its id above and its cards fanned downwards within `room`."""
    _label(image, str(pile["id"]), x, y, width)
    top = y + LABEL_H
    cards: Sequence[str | None] = pile["cards"]
    if not cards:
        _slot(image, x, top, width)
        return
    _, h = card_size(width)
    step = h * 0.3 if len(cards) < 2 else min(h * 0.3, (room - h) / (len(cards) - 1))
    step = max(step, 3.0)
    for i, card in enumerate(cards):
        sprite = _sprite(card, width)
        image.paste(sprite, (x, round(top + i * step)), sprite)


def fits(zones: Sequence[Zone]) -> bool:
    """Whether every pile of the zones has an id and a list of cards (a sanity check)."""
    return all("id" in p and isinstance(p.get("cards"), list) for z in zones for p in z["piles"])
