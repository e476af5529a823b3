"""Synthetic table scenes for the render tests, built with bot.games.scene's helpers.

`table_scene(n)` varies with n: the pack, partnerships, which seat is active, badges,
notes, face-up cards and backs, every kind of group, counters and lines.
"""

from __future__ import annotations

from bot.games.cards import Pack, french_pack, yankee_pack
from bot.games.scene import Group, Scene, SeatScene, group, scene, seat

NAMES = (
    "Alice",
    "Bob the Bold",
    "Zoë Ångström",
    "\U0001f3b2 Dicey",
    "Charlotte Brontë-Featherstonehaugh of Haworth",
    "Eve",
    "Mallory",
    "Trent",
    "Peggy",
    "Walter",
)
BADGES = ("bank", "", "dealer", "out", "", "passed")
NOTES = ("rate 5", "passed", "", "stands on 3 and waits for the turn to come round", "")


def _deck(pack: Pack) -> tuple[str, ...]:
    """A fixed interleaving of the pack, so scenes show a spread of suits and ranks."""
    cards = yankee_pack() if pack is Pack.YANKEE else french_pack(joker=True)
    return tuple(cards[(i * 7) % len(cards)] for i in range(len(cards)))


def _seats(n: int, deck: tuple[str, ...]) -> list[SeatScene]:
    teams = n % 2 == 0 and n >= 4
    out = []
    for i in range(n):
        shown = (i * 2) % 4
        out.append(
            seat(
                cards=deck[i * 3 : i * 3 + shown],
                backs=(0, 3, 13, 5, 1, 8)[i % 6],
                chips=100 + 17 * i if n != 3 else None,
                score=i * 3 if i % 3 == 1 or n == 3 else None,
                badge=BADGES[i % len(BADGES)],
                note=NOTES[i % len(NOTES)],
                active=i == (n // 2) % n,
                team=i % 2 if teams else None,
            )
        )
    return out


def _groups(n: int, deck: tuple[str, ...]) -> list[Group]:
    trick = min(n, 6)
    groups = [
        group("row", "Trick", deck[30 : 30 + trick], owners=list(range(trick))),
        group("fan", "Widow", deck[40:44], backs=n % 3),
        group("pile", "Deck", backs=20 + n),
    ]
    if n % 2 == 0:
        groups.append(group("pile", "Discards", deck[45:47], backs=2))
    if n % 3 == 0:
        groups.append(group("row", "Kitty", backs=3))
    return groups


def table_scene(n: int) -> Scene:
    """A busy table of n seats."""
    pack = Pack.YANKEE if n % 2 else Pack.FRENCH
    deck = _deck(pack)
    lines = [f"Seat {i + 1} paid {i + 2} chips" for i in range(n % 4)]
    return scene(
        pack,
        f"Test table - {n} seat{'s' if n > 1 else ''}",
        _seats(n, deck),
        _groups(n, deck),
        [("Pot", 10 * n), ("Trump", "stars" if pack is Pack.YANKEE else "hearts")],
        lines,
    )


def forty_card_scene() -> Scene:
    """Ten seats with 40 cards on the table in all, face up and face down."""
    deck = _deck(Pack.FRENCH)
    seats = [
        seat(cards=deck[i * 2 : i * 2 + 2], backs=1, chips=1000 + i, note="rate 5", active=i == 3)
        for i in range(10)
    ]
    groups = [
        group("row", "Trick", deck[20:26], owners=list(range(6))),
        group("fan", "Widow", deck[26:30]),
    ]
    assert sum(len(s["cards"]) + s["backs"] for s in seats) + 10 == 40
    return scene(Pack.FRENCH, "Forty cards", seats, groups, [("Pot", 120)], ["Deal 3 of 8"])
