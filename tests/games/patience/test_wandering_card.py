"""Wandering Card (bot/games/patience/games/wandering_card.py): matches laid aside in the
deal, the forced chain `next`, the first-row option, and a deal played to the win."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.errors import IllegalAction
from bot.games.patience.engine import RANK_OF, RANK_TEXT
from tests.games.patience.helpers import Kit

KIT = Kit("wandering-card")
GAME: Any = KIT.game
WIN_SEED, WIN_STEPS = 0, 52


def no_match_deck() -> list[str]:
    """Four layers in which no card falls on its own place, except the ace of spades,
    swapped with the 2 of spades to lie first (on place 1)."""
    deck = [
        RANK_TEXT[(p + k - 1) % 13 + 1] + "SHDC"[k - 1] for k in range(1, 5) for p in range(1, 14)
    ]
    deck[0], deck[12] = deck[12], deck[0]
    return deck


def test_match_laid_aside_and_next_is_the_only_move() -> None:
    state = GAME.new(1, 0, deck=no_match_deck())
    assert KIT.pile(state, "a") == ("AS",)
    assert len(KIT.pile(state, "p1")) == 3 and len(KIT.pile(state, "p13")) == 4
    assert GAME.legal_actions(state, 0) == ["auto", "hint", "next", "resign"]
    after = GAME.apply(state, 0, "next")
    assert KIT.pile(after, "p1")[0] == "AS"  # under its pile


def test_moving_cards_by_hand_is_refused() -> None:
    state = GAME.new(1, 0, deck=no_match_deck())
    before = GAME.dump(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "move p2 p3")
    with pytest.raises(IllegalAction, match="one move"):
        GAME.apply(state, 0, "wander")
    assert GAME.dump(state) == before


def test_chain_runs_until_a_top_card_is_in_its_place() -> None:
    state = GAME.apply(GAME.new(1, 0, deck=no_match_deck()), 0, "next")
    assert KIT.pile(state, "p1") == ("AS", "3H", "4D")
    assert KIT.pile(state, "h") == ("5C",)  # the top card of place 1 wanders on
    while KIT.pile(state, "h"):
        card = KIT.pile(state, "h")[0]
        state = GAME.apply(state, 0, "next")
        home = KIT.pile(state, f"p{RANK_OF[card[:-1]]}")
        assert home[0] == card  # put under its own place
    assert RANK_OF[home[-1][:-1]] == RANK_OF[card[:-1]]  # the chain stopped on a right card
    assert "next" not in GAME.legal_actions(state, 0)  # nothing is left to wander
    assert state.end == ""


def test_first_row_option() -> None:
    state = GAME.new(1, 0, {"wandering_first_row": False}, deck=no_match_deck())
    assert KIT.pile(state, "a") == ()
    assert KIT.pile(state, "p1")[0] == "AS"
    assert "next" not in GAME.legal_actions(state, 0)


def test_deal_played_to_the_win() -> None:
    state = GAME.new(1, WIN_SEED)
    for _ in range(WIN_STEPS):
        state = GAME.apply(state, 0, "next")
    assert state.end == "won"
    assert GAME.outcome(state).winners == (0,)
