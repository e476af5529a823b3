"""A warmed drawing process draws no card again: its first pictures cost what later
ones do (render/warm.py, run by each render worker before its first job)."""

from __future__ import annotations

import random

from bot.games.cards import Pack, french_pack, yankee_pack
from render.hand import render_hand
from render.sprites import card_sprite
from render.warm import WIDTHS, warm


def test_after_warming_no_hand_of_either_pack_draws_a_card() -> None:
    card_sprite.cache_clear()
    assert warm() == len(WIDTHS) * (len(french_pack(joker=True)) + len(yankee_pack()) + 1)
    before = card_sprite.cache_info().misses
    rng = random.Random(4)
    for pack, cards in ((Pack.FRENCH, french_pack(joker=True)), (Pack.YANKEE, yankee_pack())):
        for _ in range(5):
            render_hand(rng.sample(cards, 8), str(pack), title="Your hand at the table")
    assert card_sprite.cache_info().misses == before


def test_a_cold_process_would_have_drawn_them() -> None:
    """The measure above can fail: without warming, a first hand draws its cards."""
    card_sprite.cache_clear()
    render_hand(list(yankee_pack()[:6]), str(Pack.YANKEE), title="Your hand")
    assert card_sprite.cache_info().misses >= 6
