"""Napoleon, or the Pet Game (Cheney p. 99): ten lapped columns of four, eight aces up in
suit, marriages down in suit between free cards. Napoleon fills spaces only from the waste
or the pack and turns the waste twice; the Pet Game lets the waste marry, lets any free
card fill a space, and has no redeal."""

from __future__ import annotations

import pytest

from bot.games import registry
from bot.games.errors import IllegalAction
from bot.games.patience.game import PatienceGame, PatienceState, pile_top

_NAPOLEON, _PET = registry.get("napoleon"), registry.get("pet-game")
assert isinstance(_NAPOLEON, PatienceGame) and isinstance(_PET, PatienceGame)
NAPOLEON: PatienceGame = _NAPOLEON
PET: PatienceGame = _PET
SPEC = NAPOLEON.spec
LOWEST = ["AS", "6H", "7H", "AD", "9C", "9C", "KD", "QD", "5S", "4S"]
"""The lowest row (the free cards of t1..t10); t4 is all aces: AD, AC, AH, AD."""
PLACES = {3: "AD", 13: "AC", 23: "AH", 40: "5H"} | {30 + c: card for c, card in enumerate(LOWEST)}
"""Places in the deck (top first): the layout is dealt by rows of ten; 40 is the pack's
first card."""
NAPOLEON_WIN_MOVES = (
    "move t4 f1;move t5 f2;deal;deal;move w f2;move t4 f2;deal;deal;deal;move w f3;deal;"
    "deal;deal;deal;move w f2;deal;move w f1;deal;deal;deal;deal;deal;deal;deal;deal;"
    "deal;deal;deal;deal;deal;deal;deal;deal;move w f4;deal;move w f2;move t5 f2;deal;"
    "move w f1;deal;deal;deal;move w f5;deal;deal;deal;move w f6;deal;deal;deal;deal;"
    "deal;move w f3;move t5 f3;deal;move w f6;deal;deal;move w f1;deal;deal;deal;deal;"
    "deal;move w f2;move t6 f2;deal;deal;deal;deal;deal;deal;deal;move w f7;deal;"
    "move w f3;move t5 f3;move w t5;move t5 t10;move w t5;deal;deal;move w f6;deal;deal;"
    "deal;deal;move w f3;deal;deal;deal;redeal;deal;deal;deal;deal;deal;deal;deal;deal;"
    "deal;deal;deal;move w f3;deal;deal;deal;deal;deal;move w f2;move t8 f2;move t8 f4;"
    "move t8 f6;deal;deal;deal;move w f1;deal;move w f1;deal;deal;deal;deal;move w f4;"
    "deal;move w f2;deal;deal;move w f2;move t5 f2;move w t5;move t2 t5;move t9 t2;deal;"
    "deal;deal;deal;deal;deal;move w f7;move t6 f7;deal;move w f3;move t4 f3;deal;deal;"
    "move w f6;move t3 f6;move t3 t1;move t3 f1;move t2 f1;move t2 f1;deal;deal;"
    "move w f4;deal;deal;move w f3;deal;move w f3;move t10 f3;move t10 f3;deal;deal;"
    "move w f1;deal;deal;redeal;deal;deal;deal;deal;deal;deal;deal;move w f6;move t1 f6;"
    "move t1 f6;move t1 t10;deal;move w f1;deal;deal;move w f7;move t6 f7;deal;deal;deal;"
    "deal;deal;deal;deal;deal;deal;move w f1;move t2 f1;deal;move w f4;move t1 f4;"
    "move t1 f8;move t10 f8;move t10 f8;move t2 f8;move t10 t5;move t10 f8;move t4 f8;"
    "move w t1;move w t10;move t10 t3;move w t10;move t8 t10;move w t2;move w t4;"
    "move w t8;move t2 t8;move w t2;move t7 t2;move t7 t4;move t7 f5;move t10 f5;"
    "move t10 f5;move t7 f4;move t3 f4;move t3 f4;move w f4;move w f8;move w t10;"
    "move w t3;move w t7;move w f7;move t7 t3;move w t7;move t7 t2;move w t7;move t6 t7;"
    "deal;move w t6;deal;deal;move w f7;move t2 f7;move t2 f7;move t2 f7;move w t2;deal;"
    "move w f4;move t4 f4;move t4 f4;deal;move w t4;move t6 t4;deal;move w f6;move t5 f6;"
    "move t5 f6;move t1 f6;deal;move w t1;move t1 t9;move t10 t9;deal;move w t1;"
    "move t1 t8;deal;move w f8;move t9 f8;move t9 f8;move t9 f8;move t9 f8;move t5 f8;"
    "move t9 f5;move t4 f5;move t4 f5;move t8 f5;move t8 f5;move t8 f5;move t7 f5;"
    "move t7 f5;move t2 f5;deal;move w f7;move t3 f7;move t3 f7"
)
NAPOLEON_WIN = NAPOLEON_WIN_MOVES.split(";")
PET_GAME_WIN_MOVES = (
    "move t4 f1;move t7 f2;move t4 t3;move t5 t10;deal;move w t2;deal;move w f3;move t3 f3;"
    "move t3 f3;move t5 f3;deal;move w t2;deal;deal;deal;deal;deal;move w t7;deal;deal;"
    "deal;deal;move w t6;deal;move w f3;move t8 f3;deal;move w f2;deal;deal;deal;move w f4;"
    "move t9 f4;deal;deal;deal;deal;deal;deal;move w t5;move t3 t5;move t3 f5;move t3 f3;"
    "move t6 f3;move t6 f3;move t6 f1;move t1 t3;move t1 f2;deal;deal;move w t2;deal;deal;"
    "deal;move w f2;move t7 f2;move t7 f2;move t7 f6;move t8 t7;deal;move w t3;deal;deal;"
    "deal;deal;move w f6;deal;move w t4;deal;deal;deal;deal;deal;deal;deal;deal;deal;deal;"
    "deal;move w f5;deal;move w f3;move t3 f3;move t3 f3;move w t3;deal;deal;deal;"
    "move w f2;deal;move w t8;move t1 t8;deal;move w f3;deal;move w f1;move t10 f1;"
    "move t10 f1;deal;move w f4;move t2 f4;move t2 f4;move t2 f4;move t2 f4;move t2 f7;"
    "move w f4;move w f4;move t2 t10;move t2 f5;move t8 f5;move t8 f5;move t8 f1;move w t2;"
    "deal;move w f2;move t2 f2;move t7 t2;move t7 f2;move t4 f2;move t4 f2;move t4 f1;"
    "move t8 f1;move w t4;move w t7;move w t8;move t7 t8;move w t7;deal;deal;move w t4;"
    "deal;deal;deal;move w t2;deal;move w f8;move t9 f8;move t9 t6;move w t9;deal;"
    "move w f1;move t5 f1;move t5 f1;move t5 f1;move t5 f4;move t9 f4;move t9 f4;move w f4;"
    "move w t5;move w f8;move t5 t6;move w t5;move t5 t7;move w t5;move w t10;move t3 t10;"
    "move w t3;move w t9;move w f8;move t1 f8;move w f8;move w t1;move w f1;move t1 t10;"
    "move t9 t10;move w t1;move w f8;move t2 f8;move t2 f8;move w t2;move w t5;move w t5;"
    "move w f6;move t1 t5;move w t1;move w f2;move t1 t2;move w t1;move w f6;move t10 f6;"
    "move t10 f6;move t10 f6;move t10 f6;move t10 f6;move t10 f6;move t10 f7;move t7 f6;"
    "move t7 f6;move w f6;move t1 t5;move t3 t10;move w t1;move w t3;move w f7;move t6 f7;"
    "move t6 f7;move t6 f7;move t1 f7;move t6 f7;move t5 f7;move t5 f7;move t5 f7;"
    "move t5 f7;move t5 f7;deal;move w t1;move t1 t8;deal;move w f5;move t2 f5;move t2 f5;"
    "move t8 f5;move t8 f5;move t8 f5;move t10 f5;move t10 f5;deal;move w f8;move t4 f8;"
    "move t4 f8;move t3 f8"
)
PET_GAME_WIN = PET_GAME_WIN_MOVES.split(";")
WIN_SEEDS = {"napoleon": 4, "pet-game": 14}
WINS = {"napoleon": NAPOLEON_WIN, "pet-game": PET_GAME_WIN}
"""Deals the greedy hint player wins, and its moves."""


def stacked(game: PatienceGame) -> PatienceState:
    """The deck with the cards above in their places and both packs' others in order."""
    rest = list(SPEC.pack())
    for card in PLACES.values():
        rest.remove(card)
    deck = [PLACES[i] if i in PLACES else rest.pop(0) for i in range(104)]
    return game.new(1, 9, deck=deck)


def cleared(game: PatienceGame) -> PatienceState:
    """The aces of t4 sent home, leaving a space."""
    state = stacked(game)
    for f in ("f1", "f2", "f3", "f4"):
        state = game.apply(state, 0, f"move t4 {f}")
    assert not state.layout.piles[SPEC.index["t4"]]
    return state


@pytest.mark.parametrize("game", [NAPOLEON, PET])
def test_lapped_columns_and_free_cards(game: PatienceGame) -> None:
    state = stacked(game)
    assert state.layout.piles[SPEC.index["t4"]] == ("AD", "AC", "AH", "AD")
    actions = game.legal_actions(state, 0)
    assert {"move t1 f1", "move t2 t3", "move t4 f1"} <= set(actions)
    after = game.apply(state, 0, "move t2 t3")
    assert after.layout.piles[SPEC.index["t3"]][-2:] == ("7H", "6H")


def test_refusals_change_nothing() -> None:
    state = stacked(NAPOLEON)
    with pytest.raises(IllegalAction, match="one lower, in suit"):
        NAPOLEON.apply(state, 0, "move t3 t2")  # 7H on 6H
    with pytest.raises(IllegalAction, match="Deal out the pack first"):
        NAPOLEON.apply(state, 0, "redeal")
    assert state == stacked(NAPOLEON)


def test_napoleons_waste_marries_nothing_but_the_pets_does() -> None:
    state = NAPOLEON.apply(stacked(NAPOLEON), 0, "deal")  # 5H
    with pytest.raises(IllegalAction, match="only to a family or into a space"):
        NAPOLEON.apply(state, 0, "move w t2")
    pet = PET.apply(stacked(PET), 0, "deal")
    assert "move w t2" in PET.legal_actions(pet, 0)
    with pytest.raises(IllegalAction, match="no redeal"):
        PET.apply(pet, 0, "redeal")


def test_spaces_napoleon_from_the_waste_only_the_pet_from_any_free_card() -> None:
    state = cleared(NAPOLEON)
    with pytest.raises(IllegalAction, match="filled only from the waste"):
        NAPOLEON.apply(state, 0, "move t3 t4")
    state = NAPOLEON.apply(state, 0, "deal")
    state = NAPOLEON.apply(state, 0, "move w t4")
    assert pile_top(state.layout, SPEC, "t4") == "5H"
    pet = cleared(PET)
    assert "move t3 t4" in PET.legal_actions(pet, 0)


@pytest.mark.parametrize("game", [NAPOLEON, PET])
def test_a_won_deal(game: PatienceGame) -> None:
    state = game.new(1, WIN_SEEDS[game.spec.key])
    for action in WINS[game.spec.key]:
        state = game.apply(state, 0, action)
    assert state.end == "won"
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
