"""The shared trick rules (bot/games/tricks/rules.py) with the Yankee Notion values and
with a French pack: dealing, trump, following, the trick winner, partnerships, the
four-handed odd cards, the final two-card trick and the follow refusals."""

from __future__ import annotations

import pytest

from bot.games.cards import yankee_pack
from bot.games.tricks.rules import (
    deal_hands,
    elder_of,
    final_leader,
    follow_refusal,
    legal_cards,
    next_dealer,
    next_players,
    odd_cards,
    partner_of,
    play_order,
    required_suit,
    sides,
    team_of,
    trick_winner,
    turn_up,
)
from bot.games.yankee.tricks import FACES, yankee_refusal, yankee_strength

PACK = yankee_pack()


# --- seating and dealing ---------------------------------------------------------------


def test_elder_sits_left_of_the_dealer_and_the_deal_passes_left() -> None:
    assert [elder_of(d, 4) for d in range(4)] == [1, 2, 3, 0]
    assert [next_dealer(d, 3) for d in range(3)] == [1, 2, 0]
    assert next_dealer(0, 2) == elder_of(0, 2) == 1


def test_partnerships_are_opposite_seats_with_four_only() -> None:
    assert [team_of(s, 4) for s in range(4)] == [0, 1, 0, 1]
    assert [partner_of(s, 4) for s in range(4)] == [2, 3, 0, 1]
    assert [team_of(s, 3) for s in range(3)] == [0, 1, 2]
    assert partner_of(1, 3) is None
    assert (sides(2), sides(3), sides(4)) == (2, 3, 2)


def test_deal_is_one_at_a_time_from_elder() -> None:
    hands, rest = deal_hands(PACK, 3, 1, 13)
    # dealer 1: elder is seat 2, then 0, then the dealer.
    assert hands[2][:2] == (PACK[0], PACK[3])
    assert hands[0][:2] == (PACK[1], PACK[4])
    assert hands[1][:2] == (PACK[2], PACK[5])
    assert [len(h) for h in hands] == [13, 13, 13]
    assert rest == PACK[39:]


def test_four_handed_odd_cards_go_to_elder_then_dealer() -> None:
    hands, rest = deal_hands(PACK, 4, 3, 12, odd_cards(4, 3))
    assert [len(h) for h in hands] == [13, 12, 12, 13]
    assert hands[0][-1] == PACK[48] and hands[3][-1] == PACK[49]
    assert rest == ()


def test_trump_is_the_dealer_s_first_card_unless_a_face() -> None:
    assert turn_up(("7E", "3F", "2L")) == ("7E",)
    assert turn_up(("3F", "0F", "2L", "5S"), FACES) == ("3F", "0F", "2L")
    with pytest.raises(AssertionError):
        turn_up(("3F", "4F"), FACES)


# --- following ---------------------------------------------------------------------------


def test_plain_lead_follow_suit_else_any_card() -> None:
    hand = ("5E", "3E", "9S", "2F", "4L")
    assert legal_cards(hand, ("7E",), "L", FACES) == ("5E", "3E")
    # no eagle: anything, with no duty to trump or play a Face
    assert legal_cards(("9S", "2F", "4L"), ("7E",), "L", FACES) == ("9S", "2F", "4L")


def test_face_lead_face_else_trump_else_any() -> None:
    assert legal_cards(("1F", "4L", "5E"), ("7F",), "L", FACES) == ("1F",)
    # no Face but a trump: the trump is forced
    assert legal_cards(("4L", "6L", "5E"), ("7F",), "L", FACES) == ("4L", "6L")
    assert required_suit(("4L", "5E"), "7F", "L", FACES) == "L"
    assert legal_cards(("5E", "9S"), ("7F",), "L", FACES) == ("5E", "9S")


def test_trump_lead_trump_else_face_else_any() -> None:
    assert legal_cards(("2L", "1F", "5E"), ("7L",), "L", FACES) == ("2L",)
    assert legal_cards(("1F", "3F", "5E"), ("7L",), "L", FACES) == ("1F", "3F")
    assert legal_cards(("5E", "9S"), ("7L",), "L", FACES) == ("5E", "9S")


def test_the_leader_may_lead_anything() -> None:
    hand = ("1F", "2L", "5E")
    assert legal_cards(hand, (), "L", FACES) == hand
    assert required_suit(hand, None, "L", FACES) is None


def test_without_a_second_trump_it_is_plain_follow_suit() -> None:
    assert legal_cards(("1F", "4L", "5E"), ("7F",), "L", second=None) == ("1F",)
    assert legal_cards(("4L", "5E"), ("7F",), "L", second=None) == ("4L", "5E")


# --- the trick winner -------------------------------------------------------------------


def test_rank_order_is_zero_high_then_nine_down_to_one() -> None:
    order = sorted(["1E", "0E", "9E", "5E"], key=yankee_strength, reverse=True)
    assert order == ["0E", "9E", "5E", "1E"]


@pytest.mark.parametrize(
    ("trick", "trump", "winner"),
    [
        (("3E", "0E", "9E", "1E"), "L", 1),  # the highest of the suit led
        (("3E", "0S", "9E"), "L", 2),  # an off-suit card never wins
        (("3E", "1F", "9E"), "L", 1),  # a Face beats a plain suit
        (("3E", "1F", "2L", "0F"), "L", 2),  # trump beats every Face
        (("5F", "0F", "9F"), "L", 1),  # Faces among themselves: 0 high
        (("5L", "0F", "9L"), "L", 2),  # highest trump
        (("5L", "0E", "1L"), "L", 0),
    ],
)
def test_trick_winner(trick: tuple[str, ...], trump: str, winner: int) -> None:
    assert trick_winner(trick, trump, FACES, yankee_strength) == winner


# --- the final two-card trick -------------------------------------------------------------


def test_play_order_is_clockwise_from_the_leader() -> None:
    assert play_order(2, range(4), 4) == (2, 3, 0, 1)
    assert play_order(3, (0, 3), 4) == (3, 0)


# Dealer 3, elder 0 (partners: 0 & 2 against 1 & 3).
@pytest.mark.parametrize(
    ("winner", "leader"),
    [
        (0, 0),  # elder won the 12th trick
        (3, 3),  # the dealer won it
        (2, 0),  # elder's partner won it: elder leads
        (1, 3),  # the dealer's partner won it: the dealer leads
    ],
)
def test_final_two_card_trick_leader(winner: int, leader: int) -> None:
    assert final_leader(winner, 4, dealer=3) == leader
    hands = (("5E",), (), (), ("2S",))
    expected = (leader, 3 - leader)
    assert next_players(hands, winner, dealer=3) == expected


def test_three_handed_final_trick_is_led_by_the_dealer_if_the_third_won() -> None:
    # dealer 1, elder 2, the third player is seat 0
    assert final_leader(0, 3, dealer=1) == 1
    assert final_leader(2, 3, dealer=1) == 2
    assert next_players(((), ("1E",), ("2E",)), 0, dealer=1) == (1, 2)


def test_every_holder_plays_the_next_trick_led_by_its_winner() -> None:
    hands = (("1E",), ("2E",), ("3E",), ("4E",))
    assert next_players(hands, 2, dealer=0) == (2, 3, 0, 1)
    assert next_players(((), (), (), ()), 2, dealer=0) == ()


# --- any pack, and the refusals ---------------------------------------------------------


def test_rules_serve_a_french_pack_without_a_second_trump() -> None:
    strength = {"A": 14, "K": 13, "Q": 12, "J": 11}
    power = lambda card: strength.get(card[:-1]) or int(card[:-1])  # noqa: E731
    assert turn_up(("10H", "3C")) == ("10H",)
    assert legal_cards(("2H", "KS", "10S"), ("5S",), "H") == ("KS", "10S")
    assert legal_cards(("2H", "KD"), ("5S",), "H") == ("2H", "KD")
    assert trick_winner(("10S", "AS", "2H", "KS"), "H", None, power) == 2
    assert trick_winner(("10S", "AS", "2D", "KS"), "H", None, power) == 1
    assert trick_winner(("10S", "AS"), None, None, power) == 1


def test_follow_refusals_name_what_to_play() -> None:
    assert str(yankee_refusal("E", "7E", "L")) == "You must follow suit: you hold an eagle."
    assert "must play a Face, as you hold one" in str(yankee_refusal("F", "7F", "L"))
    assert "A Face was led and you hold none: you must trump with a flag" in str(
        yankee_refusal("L", "7F", "L")
    )
    assert "Trumps were led and you hold none: you must play a Face" in str(
        yankee_refusal("F", "7L", "L")
    )
    names = {"S": "spade", "H": "heart"}
    refusal = follow_refusal("S", "5S", "H", names)
    assert str(refusal) == "You must follow suit: you hold a spade."
