"""The shared Stops rules: successors, stops, legal leads, boodle sweeps and carry-over."""

from __future__ import annotations

import pytest

from bot.games.errors import IllegalAction
from bot.games.stops.michigan.game import PAGE as MICHIGAN
from bot.games.stops.newmarket_1885.game import PAGE as NEWMARKET_1885
from bot.games.stops.page import BEFORE_DEALER, FIRST, HIGH, LAST, Dressing, Place, StopsRules
from bot.games.stops.rules import (
    deal_all,
    deal_order,
    first_jack_dealer,
    holder_of,
    is_stop,
    legal_leads,
    next_in_sequence,
    out_payments,
    parse_spread,
    quick_spreads,
    spreads,
    stake,
    successor,
    sweep,
    swept,
)


def test_successor_runs_up_the_suit_and_ends_at_the_king() -> None:
    assert successor("AS") == "2S"
    assert successor("10H") == "JH"
    assert successor("KC") is None


def test_kings_the_seven_of_diamonds_and_dead_successors_are_stops() -> None:
    assert is_stop(NEWMARKET_1885, "KH", ())
    assert is_stop(NEWMARKET_1885, "7D", ())
    assert is_stop(NEWMARKET_1885, "8S", ["9S"])
    assert not is_stop(NEWMARKET_1885, "8S", ["9H"])


def test_a_leader_may_lead_only_the_lowest_card_of_a_suit() -> None:
    assert legal_leads(["5S", "2S", "KH", "9H", "JD"]) == ["2S", "9H", "JD"]


def test_the_holder_of_the_next_card_is_found_or_none_when_dead() -> None:
    hands = [["2S", "3H"], ["4H"]]
    assert holder_of(hands, "4H") == 1
    assert holder_of(hands, "5H") is None


def test_a_boodle_card_sweeps_its_chips_and_the_others_carry_over() -> None:
    board = (3, 5, 2, 4)
    assert swept(NEWMARKET_1885, "KH", board) == 5
    assert sweep(NEWMARKET_1885, "KH", board) == (3, 0, 2, 4)
    assert swept(NEWMARKET_1885, "2H", board) == 0
    assert sweep(NEWMARKET_1885, "2H", board) == board


def test_the_dealer_stakes_double_and_the_out_player_is_paid_per_card() -> None:
    assert stake((0, 1, 0, 0), (1, 1, 1, 1), 2) == (2, 3, 2, 2)
    assert out_payments([["2S"], [], ["3H", "4H"]], out=1) == (1, 0, 2)


def test_the_first_seat_dealt_a_jack_deals_first() -> None:
    assert first_jack_dealer(["2S", "5H", "9C", "JD", "JH"], seats=3) == 0
    assert first_jack_dealer(["2S", "JH"], seats=3) == 1


def test_the_sequence_passes_to_the_holder_of_the_next_card_or_stops() -> None:
    hands = [["3S", "4S"], ["5S"], []]
    assert next_in_sequence(hands, "2S") == 0
    assert next_in_sequence(hands, "4S") == 1
    assert next_in_sequence(hands, "5S") is None
    assert next_in_sequence(hands, "KS") is None


def test_a_typed_spread_must_give_four_whole_numbers_adding_up_to_the_stake() -> None:
    assert parse_spread("1, 0 2 1", total=4, places=4) == (1, 0, 2, 1)
    with pytest.raises(IllegalAction, match="adds up to 3; it must add up to 4"):
        parse_spread("1 1 1 0", total=4, places=4)
    with pytest.raises(IllegalAction, match="4 whole numbers"):
        parse_spread("1 1 2", total=4, places=4)
    with pytest.raises(IllegalAction, match="4 whole numbers"):
        parse_spread("1 1 -1 3", total=4, places=4)


def test_the_quick_spreads_each_add_up_to_the_stake() -> None:
    picks = quick_spreads(4, NEWMARKET_1885.boodle)
    assert picks["one on each"] == (1, 1, 1, 1)
    assert picks["all on the K♥"] == (0, 4, 0, 0)
    assert picks["two and two: A♠ and J♦"] == (2, 0, 0, 2)
    assert all(sum(s) == 4 for s in picks.values())
    assert not any("each" in label for label in quick_spreads(3, NEWMARKET_1885.boodle))


def test_every_spread_of_a_stake_is_listed_once() -> None:
    every = spreads(4, 4)
    assert len(every) == len(set(every)) == 35
    assert all(sum(s) == 4 and min(s) >= 0 for s in every)


def test_aces_high_runs_end_at_the_ace() -> None:
    assert successor("KS", HIGH) == "AS"
    assert successor("AS", HIGH) is None
    assert is_stop(MICHIGAN, "AH", ())
    assert not is_stop(MICHIGAN, "KH", ())


def test_the_spare_hand_gets_its_card_where_each_game_deals_it() -> None:
    players = (1, 2, 0)  # dealer 0: elder 1 first, the dealer last
    assert deal_order(players, BEFORE_DEALER) == (1, 2, -1, 0)
    assert deal_order(players, LAST) == (1, 2, 0, -1)
    assert deal_order(players, FIRST) == (-1, 1, 2, 0)
    hands, spare = deal_all(["AS", "2S", "3S", "4S", "5S"], players, 3, BEFORE_DEALER)
    assert hands == (("4S",), ("AS", "5S"), ("2S",)) and spare == ("3S",)


def test_a_michigan_leader_after_a_stop_leads_another_suit_if_he_can() -> None:
    assert legal_leads(["2S", "5H", "3H"], HIGH, not_suit="H") == ["2S"]
    assert legal_leads(["KH", "AH"], HIGH) == ["KH"]


def test_a_place_won_by_another_card_is_swept_by_that_card() -> None:
    # A place marked by one card may be won by another (Pope Joan's Pope is the 9♦).
    page = StopsRules(
        places=(Place("9D", name="Pope", won_by="9D"), Place("KH", name="King", won_by="QH")),
        dressing=Dressing(),
    )
    assert page.boodle == ("9D", "KH")
    assert swept(page, "QH", (3, 5)) == 5 and sweep(page, "QH", (3, 5)) == (3, 0)
    assert swept(page, "KH", (3, 5)) == 0 and sweep(page, "KH", (3, 5)) == (3, 5)
    assert sweep(page, "9D", (3, 5)) == (0, 5)
