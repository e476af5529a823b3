"""Hint mechanics shared by the games that turn a card onto one of a few free piles and
build nothing on them (Solitaire and The Toad): where a waiting card buries least, and
which moves are safe to make by themselves."""

from __future__ import annotations

from bot.games.patience.engine import Layout, Spec, rank


def bury_weight(spec: Spec, layout: Layout, move: str) -> int | None:
    """A hint's weight for laying a waiting card on a pile: on a higher card (the closer
    the better), else on an empty pile, else on the lowest top; None for other moves."""
    words = move.split(" ")
    if words[0] != "move" or not words[2].startswith("t"):
        return None
    card = layout.piles[spec.index[words[1]]][-1]
    pile = layout.piles[spec.index[words[2]]]
    if not pile:
        return 30
    gap = rank(pile[-1]) - rank(card)
    return 40 - gap if gap >= 0 else 15 + gap


def goes_home(move: str) -> bool:
    """Whether the move sends a card up to a family."""
    words = move.split(" ")
    return words[0] == "move" and words[2].startswith("f")
