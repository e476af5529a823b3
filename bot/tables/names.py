"""Seats in words: the games know seats only by number, and write a seat in any sentence a
person reads (a refusal, a summary, a status line in a scene) as "seat N" or "Seat N",
N counted from 0. Every front end passes such text through `name_seats`, so the player
reads "Alice finished 3 chips ahead", never "Seat 0 finished 3 chips ahead"."""

from __future__ import annotations

import re
from collections.abc import Sequence

_SEAT = re.compile(r"\b([Ss])eat (\d+)\b(?:'s)?")


def name_seats(text: str, names: Sequence[str]) -> str:
    """The text with every "seat N" of a seat the table has replaced by its name (a
    possessive "seat N's" becomes "Name's"); numbers the table has no seat for stay."""

    def one(match: re.Match[str]) -> str:
        index = int(match.group(2))
        if index >= len(names):
            return match.group(0)
        possessive = "'s" if match.group(0).endswith("'s") else ""
        return names[index] + possessive

    return _SEAT.sub(one, text)
