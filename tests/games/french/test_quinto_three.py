"""Quinto for three (bot/games/french/quinto/rules.md; RULES.md §13): the dealer plays his
hand and an exposed dummy against the other two in partnership; he doubles on his own
hand (the dummy stays face down until the doubling is over); the partnership adds 25 at
the hand's end; the deal, and so the lone hand, rotates."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence

from bot.games.french.quinto.ai import POLICY
from bot.games.french.quinto.flow import DUMMY, QuintoState, evolve
from bot.games.french.quinto.game import GAME
from tests.games.french.test_quinto import stacked
from tests.helpers import moves_of

play, refusal = moves_of(GAME)
PASSES = ((1, "pass"), (2, "pass"), (0, "pass"))


def new(hands: Mapping[int, Sequence[str]], cachette: Sequence[str] = ()) -> QuintoState:
    """A three-seat game with the first hand stacked (hand 3 is the dummy)."""
    return GAME.new(3, 5, deck=stacked(hands, cachette, seats=3))


HANDS = {1: ("9S", "2H"), DUMMY: ("AS", "5S"), 2: ("3S", "KD"), 0: ("KS", "QD")}


def test_the_deal_gives_the_dealer_a_dummy_opposite() -> None:
    """Twelve to each seat, twelve to the dummy dealt in its place after elder, five
    left; every seat plays for itself in the scores."""
    st = new(HANDS)
    assert [len(h) for h in st.hands] == [12, 12, 12] and len(st.dummy) == 12
    assert {"AS", "5S"} <= set(st.dummy) and len(st.cachette) == 5
    assert st.scores == (0, 0, 0)


def test_the_dummy_is_face_down_while_the_dealer_decides_on_his_own_hand() -> None:
    """During the doubling no view shows a dummy card; the dealer doubles and both
    opponents may redouble."""
    st = play(new(HANDS), (1, "pass"), (2, "pass"))
    for viewer in (None, 0, 1, 2):
        view = GAME.view(st, viewer)
        text = json.dumps(view, default=str)
        assert not any(f'"{c}"' in text for c in st.dummy)
    dummy = next(g for g in GAME.view(st, 0)["scene"]["groups"] if g["label"].startswith("Dummy"))
    assert dummy["cards"] == [] and dummy["backs"] == 12
    assert GAME.legal_actions(st, 0) == ["double", "pass"]
    st = play(st, (0, "double"))
    assert GAME.legal_actions(st, 1) == ["pass", "redouble"]
    st = play(st, (1, "pass"))
    assert GAME.legal_actions(st, 2) == ["pass", "redouble"]


def test_a_partner_may_not_redouble_the_other_partner() -> None:
    """Seat 1 doubles: partner 2 may only pass, the dealer may redouble."""
    st = play(new(HANDS), (1, "double"))
    assert GAME.legal_actions(st, 2) == ["pass"]
    assert "partner" in refusal(st, 2, "redouble")
    st = play(st, (2, "pass"), (0, "redouble"))
    assert not st.bidding and GAME.view(st, None)["doubling"] == {"by": 1, "multiplier": 4}


def test_the_dummy_is_exposed_and_the_dealer_plays_it_in_its_turn() -> None:
    """After the doubling everyone sees the dummy; it plays after elder, by the dealer."""
    st = play(new(HANDS), *PASSES)
    for viewer in (None, 1, 2):
        assert sorted(GAME.view(st, viewer)["dummy"]) == sorted(st.dummy)
    st = play(st, (1, "play 9S"))
    assert GAME.awaiting(st) == {0}
    assert GAME.view(st, 0)["from_dummy"] and not GAME.view(st, 1).get("from_dummy")
    assert set(GAME.legal_actions(st, 0)) == {"play AS", "play 5S"} | {
        f"play {c}" for c in st.dummy if c[-1] == "S"
    }
    assert refusal(st, 0, "play KS") == "It is the dummy's turn: play one of the dummy's cards."
    st = play(st, (0, "play AS"), (2, "play 3S"))
    assert refusal(st, 0, "play 5S").startswith("It is your own hand's turn")
    st = play(st, (0, "play KS"))
    assert st.last_winner == 0 and st.tricks == (1, 0)
    assert GAME.view(st, None)["last_trick"]["owners"] == [1, 0, 2, 0]


def test_the_picture_colours_the_partnership_against_the_dealer() -> None:
    """Seats 1 and 2 share a colour, the dealer has his own; the dummy is his."""
    scene = GAME.view(play(new(HANDS), *PASSES), None)["scene"]
    assert [s["team"] for s in scene["seats"]] == [0, 1, 1]
    assert scene["seats"][0]["badge"] == "dealer"
    assert scene["groups"][0]["label"] == "Dummy (seat 0 plays it)"
    assert [c["label"] for c in scene["counters"]][2:5] == ["Seat 0", "Seat 1", "Seat 2"]


def test_the_partnership_adds_25_and_the_lone_hand_rotates() -> None:
    """At the hand's end the dealer scores his side's points, each partner theirs and 25;
    seat 1 deals the next hand and plays it alone."""
    st = play(new(HANDS, ("6H", "7H", "7D", "8C", "9C")), *PASSES)
    st = evolve(st, hands=(("KS",), ("9S",), ("3S",)), dummy=("AS",), points=(100, 60))
    st = play(st, (1, "play 9S"), (0, "play AS"), (2, "play 3S"), (0, "play KS"))
    assert st.last_deal == (100 + 5 + 5, 60 + 25, 60 + 25)
    assert st.scores == st.last_deal
    assert st.dealer == 1 and len(st.dummy) == 12
    assert GAME.view(st, None)["teams"] == [1, 0, 1]


def test_the_ai_plays_the_dummy_legally() -> None:
    """The dealer's AI, on the dummy's turn, plays one of the dummy's cards."""
    st = play(new(HANDS), *PASSES, (1, "play 9S"))
    action = POLICY.choose(GAME.ai_view(st, 0), 0, random.Random(1))
    assert action in GAME.legal_actions(st, 0)
    assert action.split(" ")[1] in st.dummy
