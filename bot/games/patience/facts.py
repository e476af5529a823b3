"""What a patience game's view shows (PatienceGame.view), as a type extending the game
contract's View: the zones and their piles, the counters, and how the game ended."""

from __future__ import annotations

from typing import TypedDict

from bot.games.base import View


class Pile(TypedDict):
    """One pile as the view shows it: its id, and its cards bottom first (None for a card
    face down, or hidden beneath the top one where the player may not look)."""

    id: str
    cards: list[str | None]


class Zone(TypedDict):
    """A zone of the layout (its name, kind and label) and its piles."""

    name: str
    kind: str
    label: str
    piles: list[Pile]


class PatienceView(View, total=False):
    """A patience layout as anyone may see it, with its counters."""

    figure: str
    """A layout picture of the game's own ("clock", "windmill" ...), or ""."""
    zones: list[Zone]
    marks: list[int]
    undos: int
    hints: int
    assists: int
    """Answers of "Can I still win?" recorded: a game with one is assisted."""
    end: str | None
