"""Knaves' Dial (bot/games/patience/games/knaves_dial.py): the first card fixes the suit,
the first dial before the second layer, alternating colours, knaves to the centre, the
two-pack game, and a stacked deal played to the win."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import registry
from bot.games.errors import IllegalAction
from bot.games.patience.engine import RANK_TEXT
from bot.games.patience.game import pile_top
from bot.games.patience.games.knaves_dial import place_of
from tests.games.patience.helpers import Kit

KIT = Kit("knaves-dial")
GAME: Any = KIT.game
NUMBERS = [RANK_TEXT[r] for r in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13)]


def place(card: str) -> str:
    """The pile a card goes to."""
    at = place_of(card)
    return f"f{at}" if at else "c"


def test_first_card_fixes_the_suit_and_a_spade_goes_to_its_place() -> None:
    state = GAME.new(1, 0, deck=KIT.stacked(["JD", "5S", "AS"]))
    assert pile_top(state.layout, GAME.spec, "c") == "JD"
    assert pile_top(state.layout, GAME.spec, "f5") == "5S"
    state = KIT.play(state, ["deal", "move w f1"])
    assert pile_top(state.layout, GAME.spec, "f1") == "AS"


def test_another_suit_is_refused_in_the_first_dial() -> None:
    state = KIT.play(GAME.new(1, 0, deck=KIT.stacked(["5S", "AH", "5H"])), ["deal"])
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="all spades"):
        GAME.apply(state, 0, "move w f1")
    with pytest.raises(IllegalAction, match="goes to place 1"):
        GAME.apply(state, 0, "move w f2")
    assert GAME.dump(state) == before
    state = KIT.play(state, ["deal"])
    with pytest.raises(IllegalAction, match="First complete the dial"):
        GAME.apply(state, 0, "move w f5")  # a red five would fit, but the dial is not done


def test_second_layer_alternates_colours_once_the_dial_is_done() -> None:
    dial = [n + "S" for n in NUMBERS]
    state = GAME.new(1, 0, deck=KIT.stacked([*dial, "5C", "5H", "JC", "5D"]))
    state = KIT.play(state, [a for c in dial[1:] for a in ("deal", f"move w {place(c)}")])
    state = KIT.play(state, ["deal"])
    with pytest.raises(IllegalAction, match="other colour"):
        GAME.apply(state, 0, "move w f5")
    state = KIT.play(state, ["deal", "move w f5", "deal", "move w c", "deal"])
    with pytest.raises(IllegalAction, match="other colour"):
        GAME.apply(state, 0, "move w f5")
    loose = GAME.new(1, 0, {"knaves_first_dial": False}, deck=KIT.stacked(["5S", "5H"]))
    loose = KIT.play(loose, ["deal", "move w f5"])
    assert pile_top(loose.layout, GAME.spec, "f5") == "5H"


def test_two_pack_dial_holds_eight_a_number() -> None:
    two: Any = registry.get("knaves-dial-two-packs")
    state = two.new(1, 3)
    assert len(two.spec.pack()) == 104
    assert two.spec.zone_of[two.spec.index["f1"]].length == 8
    assert two.legal_actions(state, 0)


def test_stacked_deal_played_to_the_win() -> None:
    layers = [[n + s for n in NUMBERS] for s in "SHCD"]
    knaves = ["JS", "JH", "JC", "JD"]
    deck = layers[0] + knaves + layers[1] + layers[2] + layers[3]
    actions = [a for c in deck[1:] for a in ("deal", f"move w {place(c)}")]
    state = KIT.play(GAME.new(1, 0, deck=deck), actions)
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
