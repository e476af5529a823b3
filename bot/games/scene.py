"""What a game shows on the table, in a few generic elements the renderer lays out.

A game's view carries a `scene` (public view: everyone's; a seat's view: the same table
from that seat, with its own cards face up). The renderer knows nothing of any game: it
draws seats (with their chips or score, held cards as faces or backs, a role badge and
a note), the middle of the table (rows, fans and piles of cards), counters (pot, cards
left, trump ...) and a title. A new game builds its scene with these helpers and needs no
renderer code of its own.

Every word in a scene (title, badges, notes, labels, counters, lines) is a `Text`: a
`Message` a front end translates for its reader (`bot.i18n.localised`), or a plain string
shown as it is (a name, a number). Code never reads a label to learn what a group is: a
group that is the viewer's own hand drawn apart says so by its `role`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NotRequired, TypedDict

from bot.games.cards import Pack
from bot.games.messages import Message, Text


class SeatScene(TypedDict):
    """One seat as the table shows it."""

    cards: list[str]
    """Cards shown face up in front of the seat."""
    backs: int
    """How many cards it holds face down (shown as backs)."""
    chips: NotRequired[int]
    score: NotRequired[int]
    badge: NotRequired[Text]
    """A short role: 'bank', 'dealer', 'out' ..."""
    tone: NotRequired[str]
    """The badge's kind where a picture colours it (`TONES`), in any language: taken
    from its message's key, whose last part names it (`tricks.badge.dealer`)."""
    note: NotRequired[Text]
    """A short line under the seat: 'rate 5', 'passed' ..."""
    active: NotRequired[bool]
    """The table waits for this seat."""
    team: NotRequired[int]
    """Partnership number, for colour."""


class Group(TypedDict):
    """Cards in the middle of the table."""

    kind: str
    """'row' (side by side), 'fan' (overlapping) or 'pile' (a stack, top card shown)."""
    label: Text
    cards: list[str]
    backs: NotRequired[int]
    owners: NotRequired[list[int]]
    """For a trick: which seat played each card."""
    role: NotRequired[str]
    """What the group is, for code that must know: `HAND`, the viewer's own hand drawn
    apart from its seat."""


class Counter(TypedDict):
    """A labelled number or word: Pot 30, Trump stars."""

    label: Text
    value: Text


TONES = frozenset({"bank", "banker", "dealer", "out"})
"""The badges a picture colours by their kind."""

HAND = "hand"
"""A group's role: the viewer's own hand, drawn apart from the cards before its seat."""


class Scene(TypedDict):
    """The whole table."""

    pack: str
    title: Text
    seats: list[SeatScene]
    groups: list[Group]
    counters: list[Counter]
    lines: NotRequired[list[Text]]
    """A few short lines of text (the last deal's result, a call ...)."""


def seat(
    *,
    cards: Sequence[str] = (),
    backs: int = 0,
    chips: int | None = None,
    score: int | None = None,
    badge: Text = "",
    note: Text = "",
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
        tone = badge.key.rsplit(".", 1)[-1] if isinstance(badge, Message) else badge.lower()
        if tone in TONES:
            out["tone"] = tone
    if note:
        out["note"] = note
    if active:
        out["active"] = True
    if team is not None:
        out["team"] = team
    return out


def group(
    kind: str,
    label: Text,
    cards: Sequence[str] = (),
    backs: int = 0,
    owners: Sequence[int] | None = None,
    role: str = "",
) -> Group:
    """A group of cards in the middle of the table."""
    assert kind in ("row", "fan", "pile"), kind
    out: Group = {"kind": kind, "label": label, "cards": list(cards)}
    if backs:
        out["backs"] = backs
    if owners is not None:
        out["owners"] = list(owners)
    if role:
        out["role"] = role
    return out


def scene(
    pack: Pack,
    title: Text,
    seats: Sequence[SeatScene],
    groups: Sequence[Group] = (),
    counters: Sequence[tuple[Text, object]] = (),
    lines: Sequence[Text] = (),
) -> Scene:
    """The scene of a table."""
    out: Scene = {
        "pack": str(pack),
        "title": title,
        "seats": list(seats),
        "groups": list(groups),
        "counters": [
            {"label": k, "value": v if isinstance(v, Message) else str(v)} for k, v in counters
        ],
    }
    if lines:
        out["lines"] = list(lines)
    return out
