"""Intervale (bot/games/patience/games/intervale.py): three lapping rows of eleven, the
lower row's aces out at once, marriages up or down in suit, never two cards upon two,
spaces from the waste, the quick move finder agreeing with the engine's, and a stacked
deal played to the win."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.errors import IllegalAction
from bot.games.patience.engine import RANK_TEXT, Ctx, Spec
from tests.games.patience.helpers import Kit

KIT = Kit("intervale")
GAME: Any = KIT.game
SPEC: Any = GAME.spec
ROWS: list[list[str | None]] = [
    ["3S", *[None] * 10],
    ["2S", "QH", "QD", "7C", "5C", "QH", "KD", None, None, None, None],
    ["AS", "6H", "7H", "6C", "4C", "7C", "6C", "9S", "9D", "JH", "KS"],
]
"""The rows, top row first; None places are filled from the pack in order (aces last)."""


def grid(rows: list[list[str | None]], pack: list[str] | None = None) -> list[str]:
    """A deck whose three rows are these (None: the next spare card), then the pack (the
    spare cards in pack order, aces last, unless given)."""
    used = [c for row in rows for c in row if c is not None] + (pack or [])
    pool = list(SPEC.pack())
    for card in used:
        pool.remove(card)
    pool.sort(key=lambda c: c.startswith("A"))
    laid = [c if c is not None else pool.pop(0) for row in rows for c in row]
    return [*laid, *(pack or []), *pool]


def levels() -> list[str]:
    """All 104 cards in the order the families take them: the eight aces, the twos ..."""
    return [RANK_TEXT[r] + s for r in range(1, 14) for s in "SHDCSHDC"]


def test_the_lower_aces_go_out_and_cards_marry_up_or_down() -> None:
    state = GAME.new(1, 0, deck=grid(ROWS))
    assert KIT.top(state, "f1") == "AS" and KIT.top(state, "t1") == "2S"
    legal = GAME.legal_actions(state, 0)
    wanted = {"move t1 f1", "move t2 t3", "move t3 t2", "move t6 t4", "move t5 t7 2"}
    assert wanted <= set(legal)
    state = KIT.play(state, ["move t5 t7 2", "move t6 t4"])
    assert state.layout.piles[SPEC.index["t7"]][-3:] == ("6C", "5C", "4C")
    assert state.layout.piles[SPEC.index["t4"]][-3:] == ("7C", "6C", "7C")


def test_never_two_cards_upon_two() -> None:
    state = GAME.new(1, 0, deck=grid(ROWS))
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="two cards upon two"):
        GAME.apply(state, 0, "move t5 t4 2")  # 5C 4C onto 7C 6C
    with pytest.raises(IllegalAction, match="in suit"):
        GAME.apply(state, 0, "move t4 t2")  # 6C on 6H
    assert GAME.dump(state) == before


def test_a_space_is_filled_only_from_the_waste() -> None:
    state = KIT.play(GAME.new(1, 0, deck=grid(ROWS)), ["move t1 f1", "move t1 f1"])
    assert not state.layout.piles[SPEC.index["t1"]]
    with pytest.raises(IllegalAction, match="filled only from the waste"):
        GAME.apply(state, 0, "move t2 t1")
    state = KIT.play(state, ["deal", "move w t1"])
    assert KIT.top(state, "t1") == state.deck[33]


def test_the_quick_move_finder_agrees_with_the_engine() -> None:
    rng = random.Random(7)
    for seed in range(4):
        ctx = Ctx(seed)
        layout = GAME.new(1, seed).layout
        for _ in range(150):
            assert sorted(SPEC.card_moves(layout, ctx)) == sorted(
                Spec.card_moves(SPEC, layout, ctx)
            )
            moves = SPEC.moves(layout, ctx)
            if not moves:
                break
            layout = SPEC.apply(layout, rng.choice(moves), ctx)


def test_a_stacked_deal_is_won() -> None:
    order = levels()
    rows: list[list[str | None]] = [
        ["QH", "QD", "QC", "KS", "KH", "KD", "KC", "KS", "KH", "KD", "KC"],
        ["JD", "JC", "JS", "JH", "JD", "JC", "QS", "QH", "QD", "QC", "QS"],
        ["9C", "10S", "10H", "10D", "10C", "10S", "10H", "10D", "10C", "JS", "JH"],
    ]
    state = GAME.new(1, 0, deck=grid(rows, order[:71]))
    made: list[str] = []
    while not state.end:
        legal = GAME.legal_actions(state, 0)
        home = [a for a in legal if a.startswith("move ") and a.split(" ")[2].startswith("f")]
        action = home[0] if home else "deal"
        state = GAME.apply(state, 0, action)
        made.append(action)
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
    assert made.count("deal") == 71 and len(made) == 71 + 104
