"""Pip-Pip!'s pure card rules (RULES.md §15): pack, ranks, points, the trick winner with
identical cards, following, the calls a hand may make, trump after calls, the stock cut-off."""

from __future__ import annotations

from bot.games.french.pip_pip.cards import (
    callable_suits,
    deal,
    first_dealer,
    hand_score,
    legal,
    pack,
    points,
    session_over,
    stock_serves,
    trick_winner,
    trump_after,
)


def test_pack_is_two_packs() -> None:
    """104 cards, each card twice."""
    cards = pack()
    assert len(cards) == 104
    assert all(cards.count(c) == 2 for c in cards)


def test_points_table() -> None:
    """2 = 11, A = 10, K = 5, Q = 4, J = 3, others nothing."""
    assert points(["2S", "AS", "KS", "QS", "JS", "10S", "3S"]) == 33


def test_two_beats_ace_in_suit_led() -> None:
    """The 2 is the highest card."""
    assert trick_winner(["AH", "2H", "KH"], trump="S") == 1


def test_second_identical_card_wins() -> None:
    """Of two identical winning cards the second played wins."""
    assert trick_winner(["KH", "KH", "QH"], trump="S") == 1
    assert trick_winner(["AH", "3S", "3S"], trump="S") == 2


def test_trump_beats_suit_and_discard_loses() -> None:
    """The lowest trump beats the led suit; an off-suit card never wins."""
    assert trick_winner(["2H", "3S", "AD"], trump="S") == 1
    assert trick_winner(["5H", "AD", "6H"], trump="S") == 2


def test_follow_suit_if_able() -> None:
    """Holding the suit led, only it may be played; else anything."""
    assert legal(["KH", "3S", "5H"], "H") == ["KH", "5H"]
    assert legal(["KC", "3S"], "H") == ["KC", "3S"]
    assert legal(["KC", "3S"], None) == ["KC", "3S"]


def test_calls_exclude_trump_and_used_cards() -> None:
    """A K-Q pair of a non-trump suit may be called once per pair of cards."""
    hand = ["KH", "QH", "KH", "QH", "KS", "QS"]
    assert callable_suits(hand, [], trump="S") == ["H"]
    assert callable_suits(hand, ["KH", "QH"], trump="S") == ["H"]
    assert callable_suits(hand, ["KH", "QH", "KH", "QH"], trump="S") == []


def test_trump_after_several_calls() -> None:
    """Last called wins by default, the first under pip_pip_first_call_wins."""
    assert trump_after("S", ["H", "D"]) == "D"
    assert trump_after("S", ["H", "D"], first_call_wins=True) == "H"
    assert trump_after("S", []) == "S"


def test_stock_cut_off() -> None:
    """Drawing goes on only while the stock holds a card for every player."""
    assert stock_serves(5, 5)
    assert not stock_serves(4, 5)


def test_first_dealer_by_highest_draw() -> None:
    """The highest card deals (the 2 is highest); a tie at the top draws again."""
    assert first_dealer(["AS", "2C", "KH"]) == 1
    assert first_dealer(["2S", "2C", "KH"]) is None


def test_deal_seven_each_from_dealer_left() -> None:
    """Seven cards each from the dealer's left; the rest is the stock."""
    deck = pack()
    hands, stock = deal(deck, 12, dealer=11)
    assert [len(h) for h in hands] == [7] * 12
    assert hands[0][0] == deck[0]
    assert len(stock) == 104 - 84


def test_hand_score_counts_cards_and_calls() -> None:
    """Card points won plus 50 a declared Pip-Pip!."""
    assert hand_score(["2H", "AH", "7C"], calls=2) == 121
    assert hand_score([], calls=0) == 0


def test_session_ends_when_all_have_dealt_alike() -> None:
    """Twelve players end after twelve deals, or twenty-four with two rotations."""
    assert not session_over(11, 12)
    assert session_over(12, 12)
    assert not session_over(12, 12, rotations=2)
