"""The Egyptian (Cheney p. 62): ten wings round four aces, end cards only, marriages in
suit up or down, a cleared wing taking any end card, and the optional draw."""

from __future__ import annotations

import pytest

from bot.games import registry
from bot.games.errors import IllegalAction
from bot.games.patience.engine import Ctx, Layout
from bot.games.patience.game import PatienceGame, PatienceState, pile_top

_FOUND = registry.get("egyptian")
assert isinstance(_FOUND, PatienceGame)
GAME: PatienceGame = _FOUND
SPEC = GAME.spec
ACES = ["AS", "AH", "AD", "AC"]
WINGS = ["2S", "9C", "8C", "7C", "6C", "2D", "3C", "4C", "JC", "5H", "6H"]
"""The first wing is laid from the outside in (2S its outer end), the second from the
ace outwards (2D next to the ace, 5H its outer end); 6H is the outer end of the third."""
WIN_SEED = 0
WIN_MOVES = (
    "move t1 f1;move t2 f2;move t3 f3;move t4 f4;move t5 f1;move t6 f2;move t10 f2;"
    "move t4 f2;move t7 f3;move t1 f3;move t5 f3;move t8 f4;move t2 f4;move t6 f4;"
    "move t10 f4;move t4 f4;move t8 f2;move t2 f2;move t6 f2;move t10 f2;move t4 f2;"
    "move t8 f4;move t2 f4;move t6 f4;move t10 f4;move t4 f4;move t8 f2;move t2 f2;"
    "move t6 f2;move t8 f4;move t9 f1;move t3 f1;move t7 f1;move t1 f1;move t5 f1;"
    "move t9 f3;move t3 f3;move t7 f3;move t1 f3;move t5 f3;move t9 f1;move t3 f1;"
    "move t7 f1;move t1 f1;move t5 f1;move t9 f3;move t3 f3;move t7 f3"
)
WIN = WIN_MOVES.split(";")
"""A deal the greedy hint player wins, and its moves."""


def stacked(draw: bool = False) -> PatienceState:
    """The aces, then the wings above, then the rest of the pack in order."""
    first = ACES + WINGS
    rest = [c for c in SPEC.pack() if c not in first]
    return GAME.new(1, 3, {"egyptian_draw": draw}, deck=first + rest)


def layered() -> list[str]:
    """A deck whose wings come off in the order the families want: the outer ends are the
    lowest cards and the cards next to the centre the highest."""
    order = [
        r + s for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K") for s in "SHDC"
    ]
    layers = [order[0:10], order[10:20], order[20:30], order[30:40], order[40:48]]
    deck = list(ACES)
    for k, size in enumerate([5] * 8 + [4, 4]):
        outward = [layers[depth][k] for depth in range(size)]  # outer end first
        deck += outward if k % 2 == 0 else outward[::-1]
    return deck


def test_the_wings_are_laid_in_the_books_order() -> None:
    lay = stacked().layout
    assert lay.piles[SPEC.index["t1"]] == ("6C", "7C", "8C", "9C", "2S")
    assert lay.piles[SPEC.index["t2"]] == ("2D", "3C", "4C", "JC", "5H")
    assert [len(lay.piles[SPEC.index[f"t{k}"]]) for k in range(1, 11)] == [5] * 8 + [4, 4]
    assert pile_top(lay, SPEC, "f1") == "AS"


def test_end_cards_go_home_or_marry_in_suit() -> None:
    state = stacked()
    actions = GAME.legal_actions(state, 0)
    assert {"move t1 f1", "move t2 t3", "move t3 t2"} <= set(actions)
    after = GAME.apply(state, 0, "move t2 t3")
    assert pile_top(after.layout, SPEC, "t3") == "5H"
    assert pile_top(after.layout, SPEC, "t2") == "JC"


def test_refusals_change_nothing() -> None:
    state = stacked()
    with pytest.raises(IllegalAction, match="one higher or one lower, in suit"):
        GAME.apply(state, 0, "move t2 t1")  # 5H on 2S
    with pytest.raises(IllegalAction, match="draw"):
        GAME.apply(state, 0, "draw t2 1 f3")  # no draw unless the option allows it
    assert state == stacked()


def test_a_cleared_wing_takes_any_end_card() -> None:
    empty = SPEC.empty()
    lay: Layout = empty.put(
        {SPEC.index["t1"]: ("9S", "4H"), SPEC.index["t2"]: (), SPEC.index["f1"]: ("AS",)}, {}
    )
    ctx = Ctx(0, GAME.options({}))
    assert "move t1 t2" in SPEC.moves(lay, ctx)
    after = SPEC.apply(lay, "move t1 t2", ctx)
    assert after.piles[SPEC.index["t2"]] == ("4H",)


def test_the_optional_draw() -> None:
    state = stacked(draw=True)
    assert "draw t2 1 f3" in GAME.legal_actions(state, 0)  # 2D from next to the centre
    after = GAME.apply(state, 0, "draw t2 1 f3")
    assert pile_top(after.layout, SPEC, "f3") == "2D"
    assert after.layout.piles[SPEC.index["t2"]] == ("3C", "4C", "JC", "5H")
    with pytest.raises(IllegalAction, match="already drawn"):
        GAME.apply(after, 0, "draw t1 1 t2")


def test_a_won_deal() -> None:
    state = GAME.new(1, WIN_SEED, deck=layered())
    for action in WIN:
        state = GAME.apply(state, 0, action)
    assert state.end == "won"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
