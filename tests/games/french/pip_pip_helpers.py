"""Stacked Pip-Pip! decks for the scenario tests: the draw for the first dealer on top,
then the seven-card hands as they are dealt from elder, then the top of the stock."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from bot.games.french.pip_pip.cards import pack, points, strength
from bot.games.french.pip_pip.flow import PipPipState, draw_for_deal
from bot.games.french.pip_pip.game import GAME


def _take(rest: list[str], card: str) -> str:
    """Remove one copy of `card` from the cards still free, asserting there is one."""
    assert card in rest, f"a third {card}"
    rest.remove(card)
    return card


def stacked(
    seats: int,
    draw: Sequence[str],
    hands: Mapping[int, Sequence[str]],
    stock: Sequence[str] = (),
) -> list[str]:
    """A deck whose draw for the deal is `draw` (seat 0 first), which deals each seat of
    `hands` those cards first (the rest of its seven are low filler, no hearts), and puts `stock` on
    top of the stock; the rest of the two packs follow, lowest cards first."""
    rest = list(pack())
    top = [_take(rest, c) for c in draw]
    dealer, drawn = draw_for_deal(top, seats)
    assert len(drawn) == len(top), "the draw must use exactly the cards given"
    wanted = {s: [_take(rest, c) for c in cards] for s, cards in hands.items()}
    on_stock = [_take(rest, c) for c in stock]
    rest.sort(key=lambda c: (c[-1] == "H", points([c]), strength(c), c[-1]))
    full = {s: wanted.get(s, []) for s in range(seats)}
    for s in range(seats):
        while len(full[s]) < 7:
            full[s].append(rest.pop(0))
    dealt = [full[(dealer + 1 + i) % seats][i // seats] for i in range(7 * seats)]
    return [*top, *dealt, *on_stock, *rest]


def new(
    seats: int,
    draw: Sequence[str],
    hands: Mapping[int, Sequence[str]],
    stock: Sequence[str] = (),
    **opts: object,
) -> PipPipState:
    """A game with the draw and the first hand stacked."""
    return GAME.new(seats, 7, opts or None, deck=stacked(seats, draw, hands, stock))


THREE = ("2S", "3C", "4D")
"""A draw for three: seat 0 deals with the 2 of spades, so spades are trumps and seat 1
is eldest (then seat 2, then the dealer)."""


DRAWN_PAIR = {
    1: ["AS", "AS", "KS", "JS", "10S", "9S", "8S"],
    2: ["KS", "JS", "10S", "9S", "8S", "7S", "7S"],
    0: ["KH", "3C", "4C", "5C", "6C", "7C", "8C"],
}
"""Three seats after THREE (spades trumps): seats 1 and 2 hold only spades, and seat 0,
the dealer, none (nobody holds a pair); so seat 1 or 2 takes the first trick and leads
the next, while seat 0, last to play, draws the queen of hearts to its king
(DRAWN_STOCK)."""
DRAWN_STOCK = ("5D", "6D", "QH")


def deal_from(monkeypatch: pytest.MonkeyPatch, stack: Sequence[str]) -> None:
    """Make every Pip-Pip! game begun (at a table, and replayed after a restart) deal
    from `stack` rather than its seeded shuffle."""
    dealt = type(GAME).new

    def new_game(
        self: object,
        seats: int,
        seed: int,
        options: Mapping[str, object] | None = None,
        deck: Sequence[str] | None = None,
        stacks: Sequence[int] | None = None,
    ) -> PipPipState:
        return dealt(GAME, seats, seed, options, deck or stack, stacks)

    monkeypatch.setattr(type(GAME), "new", new_game)
