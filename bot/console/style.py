"""How the terminal writes cards and emphasis: French suits as symbols, every suit in its
colour on a terminal, plain text (no escape codes) when the output is a pipe or a file.

Yankee Notion cards keep their suit letter (`7E`), since that is what the player types
and no common font has symbols for faces, flags, eagles, stars and shields; on a terminal
each suit has the colour of its pictures.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO

from bot.games.cards import FRENCH_SYMBOLS, JOKER, Pack

FACE_DOWN = "##"
"""A face-down card, where the layout shows one (a patience pile, a stock)."""

_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")
# ANSI colours chosen to match the pictures' suit colours (render/_emblems.py)
_FRENCH_COLOURS = {"S": "", "H": "31", "D": "34", "C": "32"}
_YANKEE_COLOURS = {"F": "35", "L": "31", "E": "33", "S": "34", "H": "32"}


@dataclass(frozen=True, slots=True)
class Style:
    """What the output can show: colour (a terminal) and suit symbols (its encoding)."""

    colour: bool = False
    symbols: bool = True

    @classmethod
    def for_stream(cls, out: TextIO) -> Style:
        """Colour only on a terminal (and never with NO_COLOR set); symbols when the
        stream's encoding can write them."""
        tty = bool(getattr(out, "isatty", lambda: False)())
        colour = tty and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"
        encoding = getattr(out, "encoding", None) or "utf-8"
        try:
            "".join(FRENCH_SYMBOLS.values()).encode(encoding)
        except (UnicodeEncodeError, LookupError):
            return cls(colour, symbols=False)
        return cls(colour, symbols=True)

    def paint(self, text: str, code: str) -> str:
        """The text in an ANSI style (e.g. '1' bold, '31' red), or as it is without colour."""
        if not self.colour or not code or not text:
            return text
        return f"\x1b[{code}m{text}\x1b[0m"

    def marker(self) -> str:
        """The mark of the seat the table waits for."""
        return self.bold("▶" if self.symbols else "*")

    def bold(self, text: str) -> str:
        """Emphasis: the heading, whose turn it is."""
        return self.paint(text, "1")

    def dim(self, text: str) -> str:
        """De-emphasis: face-down cards, secondary facts."""
        return self.paint(text, "2")

    def card(self, code: str | None, pack: Pack) -> str:
        """One card: a French card with its suit symbol, a Yankee card as its code, a
        face-down card as '##'; coloured by suit on a terminal."""
        if code is None:
            return self.dim(FACE_DOWN)
        if code == JOKER:
            return self.paint("Joker", "35")
        suit = code[-1]
        if pack is Pack.YANKEE:
            return self.paint(code, _YANKEE_COLOURS.get(suit, ""))
        text = code[:-1] + FRENCH_SYMBOLS[suit] if self.symbols else code
        return self.paint(text, _FRENCH_COLOURS.get(suit, ""))

    def cards(self, codes: Sequence[str | None], pack: Pack) -> str:
        """Cards side by side, '-' for none."""
        return " ".join(self.card(c, pack) for c in codes) if codes else "-"


def visible_len(text: str) -> int:
    """The width of text on the screen: its length without colour codes."""
    return len(_ESCAPE.sub("", text))
