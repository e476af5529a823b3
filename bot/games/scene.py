"""What a game shows on the table, in a few generic elements the renderer lays out.

A game's view carries a `scene` (public view: everyone's; a seat's view: the same table
from that seat, with its own cards face up). The renderer knows nothing of any game: it
draws seats (with their chips or score, held cards as faces or backs, a role badge and
a note), the middle of the table (rows, fans and piles of cards), counters (pot, cards
left, trump ...) and a title. A new game builds its scene with these helpers and needs no
renderer code of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NotRequired, TypedDict

from bot.games.cards import Pack


class SeatScene(TypedDict):
    """One seat as the table shows it."""

    cards: list[str]
    """Cards shown face up in front of the seat."""
    backs: int
    """How many cards it holds face down (shown as backs)."""
    chips: NotRequired[int]
    score: NotRequired[int]
    badge: NotRequired[str]
    """A short role: 'bank', 'dealer', 'out' ..."""
    note: NotRequired[str]
    """A short line under the seat: 'rate 5', 'passed' ..."""
    active: NotRequired[bool]
    """The table waits for this seat."""
    team: NotRequired[int]
    """Partnership number, for colour."""


class Group(TypedDict):
    """Cards in the middle of the table."""

    kind: str
    """'row' (side by side), 'fan' (overlapping) or 'pile' (a stack, top card shown)."""
    label: str
    cards: list[str]
    backs: NotRequired[int]
    owners: NotRequired[list[int]]
    """For a trick: which seat played each card."""


class Counter(TypedDict):
    """A labelled number or word: Pot 30, Trump stars."""

    label: str
    value: str


class Scene(TypedDict):
    """The whole table."""

    pack: str
    title: str
    seats: list[SeatScene]
    groups: list[Group]
    counters: list[Counter]
    lines: NotRequired[list[str]]
    """A few short lines of text (the last deal's result, a call ...)."""


def seat(
    *,
    cards: Sequence[str] = (),
    backs: int = 0,
    chips: int | None = None,
    score: int | None = None,
    badge: str = "",
    note: str = "",
    active: bool = False,
    team: int | None = None,
) -> SeatScene:
    """A seat of the scene; empty fields are left out."""
    out: SeatScene = {"cards": list(cards), "backs": backs}
    if chips is not None:
        out["chips"] = chips
    if score is not None:
        out["score"] = score
    if badge:
        out["badge"] = badge
    if note:
        out["note"] = note
    if active:
        out["active"] = True
    if team is not None:
        out["team"] = team
    return out


def group(
    kind: str,
    label: str,
    cards: Sequence[str] = (),
    backs: int = 0,
    owners: Sequence[int] | None = None,
) -> Group:
    """A group of cards in the middle of the table."""
    assert kind in ("row", "fan", "pile"), kind
    out: Group = {"kind": kind, "label": label, "cards": list(cards)}
    if backs:
        out["backs"] = backs
    if owners is not None:
        out["owners"] = list(owners)
    return out


def scene(
    pack: Pack,
    title: str,
    seats: Sequence[SeatScene],
    groups: Sequence[Group] = (),
    counters: Sequence[tuple[str, object]] = (),
    lines: Sequence[str] = (),
) -> Scene:
    """The scene of a table."""
    out: Scene = {
        "pack": str(pack),
        "title": title,
        "seats": list(seats),
        "groups": list(groups),
        "counters": [{"label": k, "value": str(v)} for k, v in counters],
    }
    if lines:
        out["lines"] = list(lines)
    return out
