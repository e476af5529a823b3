"""Blockade (bot/games/patience/games/blockade.py): rows of ten, blockaded cards, spaces
filled in order from the pack, the final draw, and a stacked deal played to the win."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.errors import IllegalAction
from bot.games.patience.engine import Ctx
from tests.games.patience.helpers import Kit, levels

KIT = Kit("blockade")
GAME: Any = KIT.game
SPEC: Any = KIT.spec
stacked, play, play_home, top = KIT.stacked, KIT.play, KIT.play_home, KIT.top


ROW1 = ["KS", "5H", "9C", "3D", "7S", "8H", "6C", "4D", "10S", "JH"]
ROW2 = ["AS", "5C", "9H", "3C", "7H", "8C", "6H", "4C", "10H", "JC"]
ROW3 = ["2H", "5D", "9D", "3H", "7D", "8D", "6D", "4H", "10D", "JD"]


def test_the_first_row_is_laid_and_its_cards_go_home() -> None:
    state = GAME.new(1, 0, deck=stacked(ROW1 + ROW2 + ROW3))
    assert [top(state, f"g{k}") for k in range(1, 11)] == ROW1
    assert top(state, "g11") is None
    state = play(state, ["move g1 f1", "deal"])
    assert top(state, "g1") == "AS"  # the space is filled first, from the pack
    state = play(state, ["move g1 f5", "deal"])
    assert top(state, "g1") == "5C" and top(state, "g11") is None


def test_a_blockaded_card_cannot_be_used() -> None:
    state = play(GAME.new(1, 0, deck=stacked(ROW1 + ROW2 + ROW3)), ["deal", "deal"])
    assert top(state, "g11") == "AS" and top(state, "g21") == "2H"
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="blockaded"):
        GAME.apply(state, 0, "move g11 f5")
    with pytest.raises(IllegalAction, match="Nothing may be laid"):
        GAME.apply(state, 0, "move g2 g3")
    assert GAME.dump(state) == before
    state = play(state, ["move g1 f1", "move g11 f5"])
    assert top(state, "f5") == "AS"  # the space above freed it


def test_the_draw_comes_once_when_the_pack_is_out_and_nothing_fits() -> None:
    spec = SPEC
    cards = ["QS", *ROW1[1:], *ROW2, *ROW3]  # no free card fits a family
    layout = spec.empty().put({spec.index[f"g{k}"]: (c,) for k, c in enumerate(cards, 1)}, {})
    layout = layout.mark(0, 3)
    ctx = Ctx(0, GAME.options({}))
    assert spec.extra_moves(layout, ctx) == ["draw g11 f5"]
    assert not spec.card_moves(layout, ctx)
    drawn = spec.apply(layout, "draw g11 f5", ctx)
    assert drawn.used == (1,) and drawn.piles[spec.index["f5"]] == ("AS",)
    again = drawn.put({spec.index["g15"]: ("KS",)}, {})
    with pytest.raises(IllegalAction, match="already drawn"):
        spec.apply(again, "draw g15 f1", ctx)


def test_a_stacked_deal_is_won() -> None:
    state, made = play_home(GAME.new(1, 0, deck=levels()))
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
    assert made.count("deal") == 10 and len(made) == 10 + 104
