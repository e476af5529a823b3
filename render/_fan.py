"""Laying cards side by side or overlapping within a width, and pasting them."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from render.sprites import back_sprite, card_sprite, count_badge


def step_for(count: int, card_w: int, width: float, natural: int) -> int:
    """The distance between card lefts so count cards fit in width (at most natural)."""
    if count <= 1:
        return natural
    return max(1, min(natural, int((width - card_w) // (count - 1))))


def span(count: int, card_w: int, step: int) -> int:
    """The width count cards take at this step."""
    return card_w + (count - 1) * step if count else 0


def sprites_for(cards: Sequence[str], backs: int, pack: str, card_w: int) -> list[Image.Image]:
    """Face-up sprites for the cards, then one back per face-down card."""
    return [card_sprite(c, pack, card_w) for c in cards] + [back_sprite(card_w)] * backs


def paste_fan(
    canvas: Image.Image, sprites: Sequence[Image.Image], x: int, y: int, step: int
) -> None:
    """Paste sprites left to right from (x, y), each step to the right of the last."""
    for i, sprite in enumerate(sprites):
        canvas.paste(sprite, (x + i * step, y), sprite)


def paste_badge(
    canvas: Image.Image, count: int, right: int, bottom: int, height: int, plus: bool = False
) -> None:
    """A count badge (+N if plus) with its bottom-right corner at (right, bottom)."""
    badge = count_badge(count, height, plus=plus)
    canvas.paste(badge, (right - badge.width, bottom - badge.height), badge)
