"""Raw English in a text a user received in the pseudo-locale: what is left once every
catalogue word (the pseudo-locale's ⟦...⟧, accented, at any depth), the names the test
gave its players and seats, mentions, numbers, card codes and symbols are taken away.
A word of two or more plain ASCII letters left over came from no catalogue."""

from __future__ import annotations

import re
from collections.abc import Iterable

_MENTION = re.compile(r"<[@#][!&]?\d+>|<t:\d+(?::\w)?>|<a?:\w+:\d+>")
_URL = re.compile(r"https?://\S+")
_CARD = re.compile(r"\b(?:10|[2-9AJQKT0-9])[SHDCFLE]\b|\bJK\b")
_WORD = re.compile(r"[A-Za-z]{2,}")


def without_catalogue_words(text: str) -> str:
    """The text with every pseudo-locale passage ⟦...⟧ (nested ones too) taken out."""
    out: list[str] = []
    depth = 0
    for char in text:
        if char == "⟦":
            depth += 1
        elif char == "⟧":
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(char)
    return "".join(out)


def raw_english(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The plain English words a pseudo-locale text holds that no catalogue gave it;
    `allowed` are the names, codes and other words the test knows are no sentence."""
    left = without_catalogue_words(text)
    for name in sorted(allowed, key=len, reverse=True):
        if name:
            left = left.replace(name, " ")
    left = _URL.sub(" ", _MENTION.sub(" ", left))
    left = _CARD.sub(" ", left)
    return _WORD.findall(left)
