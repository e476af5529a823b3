"""Bethel (bot/games/patience/games/bethel.py): the four stepped families, the four piles
fed only by the turned card, and a stacked deal played to the win."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.errors import IllegalAction
from bot.games.patience.engine import rank
from bot.games.patience.game import pile_top
from tests.games.patience.helpers import Kit

KIT = Kit("bethel")
GAME: Any = KIT.game
ROW = ["AS", "2S", "3S", "4S"]


def test_turned_card_goes_to_a_family_or_a_pile() -> None:
    state = GAME.new(1, 0, deck=KIT.stacked([*ROW, "2H", "KC"]))
    assert [pile_top(state.layout, GAME.spec, f"f{k}") for k in range(1, 5)] == ROW
    state = KIT.play(state, ["deal", "move w f1", "deal", "move w t2"])
    assert pile_top(state.layout, GAME.spec, "f1") == "2H"
    assert pile_top(state.layout, GAME.spec, "t2") == "KC"


def test_refusals_leave_the_state_alone() -> None:
    state = KIT.play(GAME.new(1, 0, deck=KIT.stacked([*ROW, "KC", "QC"])), ["deal"])
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="climbs by 1"):
        GAME.apply(state, 0, "move w f1")
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "deal")  # the turned card must be placed first
    state = KIT.play(state, ["move w t1", "deal", "move w t2"])
    with pytest.raises(IllegalAction, match="only from the card turned"):
        GAME.apply(state, 0, "move t2 t1")
    assert (
        GAME.dump(KIT.play(GAME.new(1, 0, deck=KIT.stacked([*ROW, "KC", "QC"])), ["deal"]))
        == before
    )


def test_a_pile_top_goes_up_when_it_fits_by_the_family_step() -> None:
    # Family 4 climbs by fours: 4, 8, queen, 3 (16 less 13).
    state = GAME.new(1, 0, deck=KIT.stacked([*ROW, "QH", "8H", "3H"]))
    state = KIT.play(state, ["deal", "move w t1", "deal", "move w f4", "move t1 f4", "deal"])
    assert pile_top(state.layout, GAME.spec, "f4") == "QH"
    state = KIT.play(state, ["move w f4"])
    assert pile_top(state.layout, GAME.spec, "f4") == "3H"


def test_stacked_deal_played_to_the_win() -> None:
    rest = [c for c in GAME.spec.pack() if c not in ROW]
    tops, order, actions = [1, 2, 3, 4], [], []
    for _ in range(12):
        for k in range(4):
            tops[k] = (tops[k] + k) % 13 + 1
            card = next(c for c in rest if rank(c) == tops[k])
            rest.remove(card)
            order.append(card)
            actions += ["deal", f"move w f{k + 1}"]
    state = KIT.play(GAME.new(1, 0, deck=ROW + order), actions)
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
