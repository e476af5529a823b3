"""What a patience game is, as data (rules: games/<key>.md): its class attributes (zones,
deal, redeals, privileges ...) and the index tables built from its zones once per game.

The first layer of a `Spec` (engine.py): `_words.Words` names its piles, `_hooks.Hooks`
holds the rules a game may override, `_finder.Finder` finds the legal card moves fast,
and `engine.Spec` plays them. Each layer builds on the one before, so none imports back.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bot.games.options import Option
from bot.games.patience.model import Ctx, Kind, Layout, Zone

TARGETS = (Kind.FOUNDATION, Kind.TABLEAU, Kind.CELL)
"""The kinds of pile cards may be moved onto."""


class SpecData:
    """A patience game's data. Subclasses set the class attributes."""

    """A patience game. Subclasses set the class attributes and override the hooks."""

    key: str = ""
    title: str = ""
    packs: int = 1
    piquet: bool = False
    """A 32-card pack (sevens to aces) instead of the full 52."""
    summary: str = ""
    rules: str = ""
    source: str = ""
    zones: tuple[Zone, ...] = ()
    deal_to: str = "w"
    """What `deal` does: "w" turns cards onto the waste, "t" lays one on each tableau pile,
    "" means the game has no deal button (everything is laid out at once)."""
    deal_count: int = 1
    narrows: bool = False
    """The game's own `accepts` and `fits_foundation` only refuse more than the zones'
    rules, never allow more: the move generator may look cards up by what the zones take
    (`zone_takes`)."""
    place_first: bool = False
    """The card turned must be placed before the next is turned (`deal` waits for an
    empty waste)."""
    redeals: int = 0
    """Times the waste (or the piles) may be taken up and laid again."""
    reshuffle: bool = False
    privileges: tuple[tuple[str, int], ...] = ()
    """Named one-off moves and how many times each may be used."""
    forced: bool = False
    """A Clock-like game: at most one move at each step (auto-play only when asked)."""
    auto_ok: bool = True
    """Whether Auto may play safe cards to the foundations (False where Cheney makes each
    foundation move a choice)."""
    marks: tuple[int, ...] = ()
    """The starting marks."""
    options: tuple[Option, ...] = ()
    """The game's named options (bot.games.options.Option)."""
    figure: str = ""
    """A layout picture of its own: "clock", "windmill", "square", "wreath", "semicircle"."""

    def __init__(self) -> None:
        self.ids: list[str] = [pid for z in self.zones for pid in z.ids()]
        self.index: dict[str, int] = {pid: i for i, pid in enumerate(self.ids)}
        self.zone_of: list[Zone] = [z for z in self.zones for _ in z.ids()]
        self.of_kind: dict[Kind, list[int]] = {}
        for i, z in enumerate(self.zone_of):
            self.of_kind.setdefault(z.kind, []).append(i)
        self.move_targets: list[int] = [i for i, z in enumerate(self.zone_of) if z.kind in TARGETS]
        """The piles cards may be moved onto."""
        # Any: each slot keeps its own work's result, which `kept` gives back as that type.
        self._kept: dict[str, tuple[Layout, Ctx, Any]] = {}


def lay(
    layout: Layout, spec: SpecData, piles: Mapping[str, Iterable[str]], down: int = 0
) -> Layout:
    """The layout with these piles (bottom card first) laid, the bottom `down` cards of each
    (all but the top one if down < 0) face down."""
    changes = {spec.index[p]: tuple(c) for p, c in piles.items()}
    downs = {i: (max(len(c) - 1, 0) if down < 0 else min(down, len(c))) for i, c in changes.items()}
    return layout.put(changes, downs)
