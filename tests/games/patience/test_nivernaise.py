"""Nivernaise (bot/games/patience/games/nivernaise.py): side places and piles of four,
filling spaces (and the stricter rule), shuffled relays, and a stacked deal played to the
win."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.errors import IllegalAction
from tests.games.patience.helpers import Kit, levels

KIT = Kit("nivernaise")
GAME: Any = KIT.game
SPEC: Any = KIT.spec
stacked, play, play_home, top = KIT.stacked, KIT.play, KIT.play_home, KIT.top


# r5..r8, r1..r4, then four cards on t1 (bottom first), four on t2, ...
SIDES = ["KS", "9H", "9C", "9D", "AH", "8H", "8C", "8D"]
PILE1 = ["7S", "7H", "7C", "5H"]
PILE2 = ["6S", "6H", "6C", "QS"]


def test_side_cards_and_pile_tops_go_home() -> None:
    state = GAME.new(1, 0, deck=stacked(SIDES + PILE1 + PILE2))
    assert (top(state, "r5"), top(state, "r1"), top(state, "t1"), top(state, "t2")) == (
        "KS",
        "AH",
        "5H",
        "QS",
    )
    state = play(state, ["move r5 f1", "move t2 f1", "move r1 f6"])
    assert (top(state, "f1"), top(state, "f6")) == ("QS", "AH")


def test_refusals_leave_the_state_alone() -> None:
    state = GAME.new(1, 0, deck=stacked(SIDES + PILE1 + PILE2))
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="starts with the ace of hearts"):
        GAME.apply(state, 0, "move t1 f6")
    with pytest.raises(IllegalAction, match="holds one card"):
        GAME.apply(state, 0, "move t1 r2")
    with pytest.raises(IllegalAction, match="not empty"):
        GAME.apply(state, 0, "fill r2")
    assert GAME.dump(state) == before


def test_spaces_are_filled_from_a_pile_or_the_pack() -> None:
    state = play(GAME.new(1, 0, deck=stacked(SIDES + PILE1 + PILE2)), ["move r5 f1"])
    assert "fill r5" in GAME.legal_actions(state, 0)
    filled = play(state, ["move t1 r5"])
    assert top(filled, "r5") == "5H" and top(filled, "t1") == "7C"
    from_pack = play(state, ["fill r5"])
    assert top(from_pack, "r5") == state.deck[32]


def test_the_stricter_rule_fills_a_space_before_anything_else() -> None:
    new = GAME.new(1, 0, {"nivernaise_spaces": "at-once"}, deck=stacked(SIDES + PILE1 + PILE2))
    state = play(new, ["move r5 f1"])
    assert all(
        a.startswith(("fill", "move t")) or a in ("undo", "hint", "resign", "auto")
        for a in GAME.legal_actions(state, 0)
    )
    with pytest.raises(IllegalAction, match="fill the empty side place first"):
        GAME.apply(state, 0, "move t2 f1")
    with pytest.raises(IllegalAction, match="fill the empty side place first"):
        GAME.apply(state, 0, "deal")
    state = play(state, ["move t2 r5", "move r5 f1"])
    assert top(state, "f1") == "QS"


def test_undo_and_redo_are_exact_across_the_reshuffle() -> None:
    state = GAME.new(1, 5)
    while "deal" in GAME.legal_actions(state, 0):
        state = play(state, ["deal"])
    relaid = play(state, ["redeal"])
    assert relaid.layout.shuffles == 1
    assert all(len(relaid.layout.piles[SPEC.index[f"t{k}"]]) == 4 for k in range(1, 7))
    undone = play(relaid, ["undo"])
    assert undone.layout == state.layout
    assert play(undone, ["redo"]).layout == relaid.layout


def test_a_stacked_deal_is_won() -> None:
    order = levels()
    deck = order[:8]
    for r in range(4):
        batch = order[8 + 24 * r : 32 + 24 * r]
        for k in range(6):
            deck += [batch[k + 18], batch[k + 12], batch[k + 6], batch[k]]
    state, made = play_home(GAME.new(1, 0, deck=deck))
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
    assert made.count("deal") == 3 and len(made) == 3 + 104
