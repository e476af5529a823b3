"""No translation overflows its box, measured: every game's picture at a few moments of a
seeded game is drawn in English and in each shipped locale and the pseudo-locale (40%
longer than English), and a locale may cut no more texts than English does there
(`render._text.cuts`: a text cut with an ellipsis even a quarter smaller, a counter or a
line left out for want of room). English itself cuts only what is too long in any
language (a whole deal's story in one line, a long name)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.front.seats import named_texts
from bot.games import registry
from bot.i18n import LOCALES, PSEUDO
from render._text import cuts
from render.patience import compose_patience
from render.sympathy import render_sympathy
from render.table import compose_table

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu"]
MOMENTS = (0, 8, 30)
"""After how many moves of a seeded random game the picture is drawn."""
OTHERS = tuple(locale for locale in (*LOCALES, PSEUDO) if locale != "en")


def states(key: str) -> list[tuple[Any, int]]:
    """The game's states at `MOMENTS` (fewer if it ends first), and its seats."""
    game = registry.get(key)
    seats = min(max(game.info.min_seats, 4), game.info.max_seats)
    rng = random.Random(key)
    state = game.new(seats=seats, seed=3, options={})
    found = []
    for move in range(max(MOMENTS) + 1):
        if move in MOMENTS:
            found.append((state, seats))
        awaiting = sorted(game.awaiting(state))
        if not awaiting:
            break
        seat = rng.choice(awaiting)
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return found


def cut_in(key: str, state: Any, seats: int, locale: str) -> set[str]:
    """The texts the game's public picture cuts in a locale."""
    game = registry.get(key)
    names = NAMES[:seats]
    view = game.view(state, None)
    with cuts() as found:
        if game.info.picture == "table":
            compose_table(named_texts(view["scene"], names, locale), names)
        elif game.info.picture == "patience":
            compose_patience(named_texts(view, names, locale))
        else:
            render_sympathy(named_texts(view, names, locale), names)
    return found


@pytest.mark.parametrize("key", registry.keys())
def test_no_locale_cuts_more_than_english(key: str) -> None:
    for state, seats in states(key):
        english = cut_in(key, state, seats, "en")
        for locale in OTHERS:
            cut = cut_in(key, state, seats, locale)
            assert len(cut) <= len(english), f"{key} in {locale} cuts {sorted(cut - english)}"
