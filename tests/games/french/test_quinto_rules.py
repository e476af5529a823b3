"""Quinto's pure rules (RULES.md §13): deal, following, the winner, the joker, quints and scores."""

from __future__ import annotations

from bot.games.cards import french_pack
from bot.games.french.quinto.rules import (
    deal,
    legal_plays,
    may_redouble,
    packet_score,
    quints,
    trick_winner,
)


def test_deal_gives_twelve_each_and_a_five_card_cachette() -> None:
    """The 53 cards deal 12 one at a time to four hands and leave five for the cachette."""
    deck = french_pack(joker=True)
    hands, cachette = deal(deck)
    assert [len(h) for h in hands] == [12, 12, 12, 12]
    assert len(cachette) == 5
    assert hands[1][0] == deck[1]
    assert sorted(sum(hands, ()) + cachette) == sorted(deck)


def test_must_follow_suit_but_joker_is_always_playable() -> None:
    """A hand with the led suit plays it or the joker; without it, anything."""
    hand = ("2H", "KS", "JK")
    assert set(legal_plays(hand, ("5H",))) == {"2H", "JK"}
    assert set(legal_plays(hand, ("5D",))) == {"2H", "KS", "JK"}


def test_joker_lead_frees_every_play() -> None:
    """After a joker lead no suit has to be followed."""
    assert set(legal_plays(("2H", "KS"), ("JK", "3S"))) == {"2H", "KS"}


def test_higher_suit_trumps_and_lower_suit_discards() -> None:
    """A heart beats a led diamond; a spade on a club lead is a discard."""
    assert trick_winner(("AD", "2H", "KD", "QD")) == 1
    assert trick_winner(("2C", "AS", "3C", "KS")) == 2


def test_joker_wins_nothing_and_a_joker_lead_goes_to_the_highest_suit() -> None:
    """The joker never takes a trick; after it leads, the highest card of the highest suit does."""
    assert trick_winner(("JK", "AS", "2D", "KD")) == 3
    assert trick_winner(("3C", "JK", "2C", "AC")) == 3


def test_quints_by_suit_within_one_trick() -> None:
    """A 5 scores by suit, as do A+4 and 2+3 of one suit together, but not of different suits."""
    assert quints(("5H", "7S", "8S", "9S")) == 20
    assert quints(("AD", "4D", "KC", "QC")) == 15
    assert quints(("2C", "3C", "5S", "KH")) == 15
    assert quints(("AD", "4H", "2C", "3S")) == 0


def test_packet_score_multiplies_tricks_not_quints_and_counts_the_joker() -> None:
    """5 a trick times the doubling, quints unmultiplied, the joker 25."""
    assert packet_score(("5H", "2S", "3S", "JK"), 1) == 5 + 20 + 5 + 25
    assert packet_score(("5H", "2S", "3S", "JK"), 4) == 20 + 20 + 5 + 25
    assert packet_score(("KS", "QS", "JS", "10S"), 2) == 10


def test_cachette_scores_as_a_trick_with_its_quints() -> None:
    """The cachette is one more trick and its own quints count."""
    assert packet_score(("5C", "AS", "4S", "9H", "8H"), 2) == 10 + 10 + 5


def test_only_an_opponent_may_redouble() -> None:
    """Partners sit opposite: seat 2 may not redouble seat 0's double, seats 1 and 3 may."""
    assert not may_redouble(0, 2)
    assert may_redouble(0, 1) and may_redouble(0, 3)
