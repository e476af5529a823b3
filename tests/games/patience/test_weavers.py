"""Weavers (bot/games/patience/games/weavers.py): the kings out, matches laid aside as
weavers, top cards down in suit on the kings, the weaving chain, the relays, and a deal
played to the win."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.errors import IllegalAction
from tests.games.patience.helpers import Kit

KIT = Kit("weavers")
GAME: Any = KIT.game
WIN_SEED = 16
ACTIONS_TEXT = (
    "weave 10s,next,next,next,next,next,next,next,next,next,next,next,next,next,next,"
    "next,next,next,next,next,next,move p11 f5,weave 4h,next,next,next,next,next,next,"
    "next,next,next,next,next,next,next,next,next,next,next,next,next,next,next,next,"
    "next,next,next,move p11 f4,move p3 f6,move p6 f2,move p5 f2,move p9 f3,weave 8c,"
    "next,next,next,next,next,next,next,next,next,next,next,next,next,next,next,next,"
    "next,next,move p7 f1,move p5 f1,weave 9c,next,next,next,weave jh,next,next,"
    "move p11 f4,move p10 f4,move p11 f5,move p10 f5,weave qc,next,move p12 f4,weave qs,"
    "next,redeal,move p1 f2,move p10 f5,move p10 f5,move p11 f5,move p12 f1,move p3 f6,"
    "move p3 f1,move p4 f3,move p11 f3,move p11 f4,move p11 f4,move p7 f8,move p5 f8,"
    "move p2 f8,move p2 f2,move p1 f2,move p5 f3,move p7 f8,move p7 f8,move p2 f8,"
    "move p7 f4,move p8 f7,move p6 f7,move p9 f2,move p9 f6,move p6 f6,move p12 f6,"
    "move p6 f1,move p1 f1,move p10 f1,move p11 f1,move p7 f1,move p9 f3,move p12 f3,"
    "move p9 f2,move p10 f2,move p10 f1,move p2 f2,weave 10c,next,next,next,next,next,"
    "next,next,next,next,move p10 f7,move p4 f4,move p4 f5,move p4 f6,move p9 f2,"
    "move p1 f2,move p8 f2,move p8 f3,move p12 f3,move p9 f1,move p9 f7,weave 2d,"
    "weave 2h,weave 4s,next,weave 6h,next,next,next,move p3 f8,move p3 f4,move p7 f8,"
    "weave 8c,next,move p8 f4,move p2 f4,move p6 f4,weave ac,redeal,move p7 f7,"
    "move p6 f7,move p5 f7,move p5 f3,move p4 f3,move p4 f6,move p7 f5,move p8 f7,"
    "move p6 f7,move p6 f3,move p8 f6,move p8 f7,weave 2c,next,next,next,move p3 f5,"
    "move p3 f6,move p3 f1,move p3 f5,move p5 f5,move p2 f5,move p2 f7,move p7 f6,"
    "move p2 f6,move p4 f6,weave 4s,move p4 f8,move p3 f8,move p1 f8,weave ac,move p1 f7,"
    "weave ad,move p1 f3,weave as,move p1 f8"
)
WIN_ACTIONS = ACTIONS_TEXT.split(",")


def stacked_queen_on_top() -> list[str]:
    """The kings first (spades, hearts, diamonds, clubs, twice), then the other cards
    with the queen of spades dealt last onto place 11."""
    kings = ["KS", "KH", "KD", "KC"] * 2
    rest = [c for c in GAME.spec.pack() if c[0] != "K"]
    rest.remove("QS")
    rest.insert(94, "QS")
    return kings + rest


def test_a_top_card_goes_down_in_suit_on_a_king() -> None:
    state = GAME.new(1, 0, deck=stacked_queen_on_top())
    assert [KIT.pile(state, f"f{k}") for k in (1, 2)] == [("KS",), ("KH",)]
    assert KIT.pile(state, "p11")[-1] == "QS"
    assert "move p11 f1" in GAME.legal_actions(state, 0)
    state = GAME.apply(state, 0, "move p11 f1")
    assert KIT.pile(state, "f1") == ("KS", "QS")


def test_wrong_suit_and_early_weave_are_refused() -> None:
    state = GAME.new(1, 0, deck=stacked_queen_on_top())
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="in suit"):
        GAME.apply(state, 0, "move p11 f2")
    weaver = KIT.pile(state, "v")[0].lower()
    with pytest.raises(IllegalAction, match="fits a family"):
        GAME.apply(state, 0, f"weave {weaver}")
    with pytest.raises(IllegalAction, match="No card is wandering"):
        GAME.apply(state, 0, "next")
    assert GAME.dump(state) == before


def test_matches_are_weavers_and_a_weave_starts_the_chain() -> None:
    state = GAME.new(1, WIN_SEED)
    assert all(c[0] == "K" for k in range(1, 9) for c in KIT.pile(state, f"f{k}"))
    assert "weave 10s" in GAME.legal_actions(state, 0)
    state = GAME.apply(state, 0, "weave 10s")
    assert KIT.pile(state, "p10")[0] == "10S"
    hand = KIT.pile(state, "h")
    assert GAME.legal_actions(state, 0) == ["auto", "hint", "next", "resign", "undo"]
    state = GAME.apply(state, 0, "next")
    assert KIT.pile(state, f"p{_number(hand[0])}")[0] == hand[0]  # under its own place


def _number(card: str) -> int:
    """A card's place number."""
    return {"A": 1, "J": 11, "Q": 12}.get(card[:-1]) or int(card[:-1])


def test_relay_keeps_the_order_and_undo_redo_are_exact() -> None:
    at = WIN_ACTIONS.index("redeal")
    state = KIT.play(GAME.new(1, WIN_SEED), WIN_ACTIONS[:at])
    assert not KIT.pile(state, "v")
    after = GAME.apply(state, 0, "redeal")
    undone = GAME.apply(after, 0, "undo")
    assert undone.layout == state.layout
    assert GAME.apply(undone, 0, "redo").layout == after.layout
    assert after.layout.passes == 1


def test_deal_played_to_the_win() -> None:
    state = KIT.play(GAME.new(1, WIN_SEED), WIN_ACTIONS)
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
