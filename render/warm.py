"""Warming a fresh drawing process, so that its first pictures cost what later ones do.

A render worker draws each card face and back once per width and keeps it
(`render.sprites`); its first pictures draw them, along with the fonts they load. A bot
that starts with every table at once asks for those first pictures together: at 400
tables the first hands of a fresh worker took 125-150 ms each to draw, and answers
waited behind them for up to 0.8 s (bench/RESULTS.md, "Issue 32: from a cold start").
`warm` draws them all before the worker takes its first job.
"""

from __future__ import annotations

from bot.games.cards import Pack, french_pack, yankee_pack
from render import _middle, _seat, hand
from render.hand import render_hand
from render.sprites import back_sprite, card_sprite

WIDTHS = (hand.CARD_W, _seat.CARD_W, *_middle.CARD_WIDTHS)
"""The widths of the cards in hand pictures, at the seats and in the middle of a table."""


def warm() -> int:
    """Draw every card of both packs, and a card's back, at every width table and hand
    pictures use, and a hand of each pack (its title's font); the sprites drawn."""
    drawn = 0
    for pack, cards in ((Pack.FRENCH, french_pack(joker=True)), (Pack.YANKEE, yankee_pack())):
        for width in WIDTHS:
            for card in cards:
                card_sprite(card, str(pack), width)
                drawn += 1
        render_hand(cards[:5], str(pack), title="Your hand")
    for width in WIDTHS:
        back_sprite(width)
        drawn += 1
    return drawn
