"""Fair deals where Cheney takes named cards out first (the rules page beside the game,
9): the cards are taken out, then the rest is shuffled, so the other copies of a card
taken out fall anywhere in the pack; a stacked deck is still dealt exactly as given."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.patience.engine import rank
from tests.games.patience.helpers import Kit, on_top, two_packs_with

SEEDS = 1500

SULTAN = Kit("sultan")
SPOTS = ("r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8")


def dealt_order(kit: Kit, state: Any, spots: tuple[str, ...]) -> list[str]:
    """The cards the deal did not set apart, in the order it laid them: the places named,
    then the pack from its top card."""
    laid = [card for pid in spots for card in kit.pile(state, pid)]
    return laid + list(reversed(kit.pile(state, "s")))


@pytest.mark.parametrize(
    ("key", "spots", "wanted"),
    [
        ("sultan", SPOTS, lambda c: c == "AH"),
        ("windmill", SPOTS, lambda c: rank(c) == 1),
        ("legitimist", (), lambda c: rank(c) == 13),
        ("musical", (), lambda c: rank(c) == 1),
    ],
)
def test_the_other_copies_of_a_card_taken_out_fall_in_either_half_alike(
    key: str, spots: tuple[str, ...], wanted: Any
) -> None:
    kit = Kit(key)
    early = total = 0
    for seed in range(SEEDS):
        order = dealt_order(kit, kit.game.new(1, seed), spots)
        half = len(order) / 2
        places = [k for k, card in enumerate(order) if wanted(card)]
        early += sum(k < half for k in places)
        total += len(places)
    # Taken from the shuffled pack, the Sultan's second ace of hearts fell in the first
    # half about a quarter of the time, and the rank games' copies well under half.
    assert total >= SEEDS
    assert abs(early / total - 0.5) < 0.035


def test_the_cards_taken_out_are_the_ones_the_deal_lays_down() -> None:
    state = SULTAN.game.new(1, 12)
    square = [SULTAN.pile(state, f"f{k}")[0] for k in range(1, 9)]
    assert SULTAN.pile(state, "k") == ("KH",)
    assert square == ["KC", "AH", "KC", "KD", "KD", "KS", "KH", "KS"]
    assert sorted(dealt_order(SULTAN, state, SPOTS) + square + ["KH"]) == sorted(SULTAN.spec.pack())


def test_a_stacked_deck_is_dealt_exactly_as_given() -> None:
    deck = two_packs_with(["5C", "9D"])
    rest = list(deck)
    for card in ("KH", "KC", "AH", "KC", "KD", "KD", "KS", "KH", "KS"):
        rest.remove(card)
    state = SULTAN.game.new(1, 3, deck=deck)
    assert state.deck == tuple(deck)
    assert dealt_order(SULTAN, state, SPOTS) == rest
    assert SULTAN.pile(state, "r1") == ("5C",)
    assert SULTAN.pile(state, "r2") == ("9D",)


def test_a_stacked_musical_deck_keeps_its_order() -> None:
    kit = Kit("musical")
    rows = ["AS", "2S", "3S", "4S", "2H", "4H", "6H", "8H"]
    deck = on_top(["7C", "AD", *rows], kit.spec.pack())
    state = kit.game.new(1, 0, deck=deck)
    assert [kit.pile(state, f"i{k}")[0] for k in range(1, 5)] == ["AD", "2S", "3S", "4S"]
    assert [kit.pile(state, f"f{k}")[0] for k in range(1, 5)] == ["2H", "4H", "6H", "8H"]
    assert dealt_order(kit, state, ())[:2] == ["7C", "AS"]
