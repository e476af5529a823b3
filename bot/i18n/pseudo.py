"""The pseudo-locale: English with every letter accented and the text made about 40%
longer, so a test sees at once a word that did not come from the catalogue (it is plain
ASCII) and a box too small for a longer language. Placeholders are kept as they are."""

from __future__ import annotations

import math
from functools import cache

from bot.games.messages import PLACEHOLDER

_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçđéƒĝĥíĵķĺɱñóƥʠŕšŧúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤɊŔŠŦÚṼŴẊÝŽ",
)
GROWTH = 1.4
"""How much longer a pseudo-translated template is than its English."""


@cache
def pseudo(template: str) -> str:
    """A template in the pseudo-locale: accented, bracketed and padded to 40% longer."""
    parts: list[str] = []
    end = 0
    for match in PLACEHOLDER.finditer(template):
        parts.append(template[end : match.start()].translate(_ACCENTED))
        parts.append(match[0])
        end = match.end()
    parts.append(template[end:].translate(_ACCENTED))
    body = "".join(parts)
    padding = max(0, math.ceil(len(template) * GROWTH) - len(template) - 2)
    return f"⟦{body}{'·' * padding}⟧"
