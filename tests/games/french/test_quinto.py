"""Quinto (bot/games/french/quinto/rules.md; RULES.md §13): stacked-deck scenarios for the
deal and the cachette, the round of doubling (a double, a redouble, a partner's redouble
refused), following suit, a higher suit winning and a lower one discarding, the joker
played while able to follow and led, every refusal, the view and persistence."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from bot.games.cards import JOKER
from bot.games.french.quinto.flow import PACK, QuintoState, order_from
from bot.games.french.quinto.game import GAME
from tests.helpers import moves_of

play, refusal = moves_of(GAME)
PASSES = ((1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"))


def stacked(
    hands: Mapping[int, Sequence[str]], cachette: Sequence[str] = (), seats: int = 4
) -> list[str]:
    """A deck that deals `hands` (by hand id; seat 0 deals) and the cachette, each filled
    up from the rest of the pack (the joker last, so it lies in the cachette unless
    placed)."""
    fixed = {c for h in hands.values() for c in h} | set(cachette)
    rest = [c for c in PACK if c not in fixed and c != JOKER] + [JOKER] * (JOKER not in fixed)
    order = order_from(seats, 0, 1)
    full = {}
    for hid in order:
        held = list(hands.get(hid, ()))
        full[hid] = held + [rest.pop(0) for _ in range(12 - len(held))]
    deck = [full[order[i % 4]][i // 4] for i in range(48)]
    return deck + list(cachette) + rest


def new(
    hands: Mapping[int, Sequence[str]], cachette: Sequence[str] = (), **opts: object
) -> QuintoState:
    """A four-seat game with the first hand stacked."""
    return GAME.new(4, 5, opts or None, deck=stacked(hands, cachette))


def test_twelve_each_one_at_a_time_and_a_five_card_cachette() -> None:
    """Elder (seat 1) gets the first card; the last five lie face down."""
    deck = list(PACK)
    st = GAME.new(4, 1, deck=deck)
    assert [len(h) for h in st.hands] == [12] * 4
    assert st.hands[1][0] == deck[0] and st.hands[0][0] == deck[3]
    assert st.cachette == tuple(deck[48:])
    assert GAME.awaiting(st) == {1}
    assert GAME.legal_actions(st, 1) == ["double", "pass"]


def test_four_passes_and_elder_leads() -> None:
    """Nobody doubles: tricks are worth 5, and elder leads."""
    st = play(new({}), *PASSES)
    assert not st.bidding and GAME.awaiting(st) == {1}
    assert GAME.view(st, None)["doubling"] == {"by": None, "multiplier": 1}
    assert all(a.startswith("play ") for a in GAME.legal_actions(st, 1))


def test_a_double_and_an_opponents_redouble() -> None:
    """Seat 2 doubles; seat 3, an opponent, redoubles: tricks are worth 20."""
    st = play(new({}), (1, "pass"), (2, "double"))
    assert GAME.legal_actions(st, 3) == ["pass", "redouble"]
    st = play(st, (3, "redouble"))
    assert not st.bidding
    assert GAME.view(st, None)["doubling"] == {"by": 2, "multiplier": 4}
    counters = {c["label"]: c["value"] for c in GAME.view(st, None)["scene"]["counters"]}
    assert counters["Doubling"] == "redoubled (x4)"
    assert counters["Trick worth"] == "20"
    notes = [s.get("note") for s in GAME.view(st, None)["scene"]["seats"]]
    assert notes == ["0 tricks", "0 tricks", "doubled, 0 tricks", "redoubled, 0 tricks"]


def test_a_double_goes_round_to_the_doubler_and_the_partner_may_only_pass() -> None:
    """After seat 1 doubles, 2 and 3 speak; partner 3 may not redouble."""
    st = play(new({}), (1, "double"), (2, "pass"))
    assert GAME.legal_actions(st, 3) == ["pass"]
    assert "partner" in refusal(st, 3, "redouble")
    st = play(st, (3, "pass"), (0, "pass"))
    assert not st.bidding and GAME.view(st, None)["doubling"]["multiplier"] == 2


def test_doubling_refusals() -> None:
    """Out of turn, a second double, a redouble with no double, a card before play."""
    st = new({})
    assert refusal(st, 2, "pass") == "It is not your turn: seat 1 speaks next."
    assert "already doubled" in refusal(play(st, (1, "double")), 2, "double")
    assert "Nobody has doubled" in refusal(st, 1, "redouble")
    assert "doubling is over" in refusal(st, 1, "play " + st.hands[1][0])
    assert "doubling is over" in refusal(play(st, *PASSES), 1, "pass")


HANDS = {
    1: ("KD", "2D", "3S", "9C"),
    2: ("5D", "AS", "4H", "7C"),
    3: ("3D", "QH", "8S", JOKER),
    0: ("AD", "6S", "2C", "8C"),
}


def test_must_follow_suit_but_the_joker_is_free() -> None:
    """Seat 2 holds a diamond: no spade, but the joker is also allowed to seat 3."""
    st = play(new(HANDS), *PASSES, (1, "play KD"))
    legal = GAME.legal_actions(st, 2)
    assert "play 5D" in legal and "play AS" not in legal and "play 4H" not in legal
    assert refusal(st, 2, "play AS") == "You must follow suit: play a diamond (or the joker)."
    st = play(st, (2, "play 5D"))
    assert "play JK" in GAME.legal_actions(st, 3) and "play 3D" in GAME.legal_actions(st, 3)


def test_a_joker_played_while_able_to_follow_wins_nothing() -> None:
    """Seat 3 plays the joker on a diamond lead though it holds one; the ace takes the
    trick with the joker's 25 and the 5's quint (15) for seats 0 & 2."""
    st = play(new(HANDS), *PASSES, (1, "play KD"), (2, "play 5D"), (3, "play JK"), (0, "play AD"))
    assert st.last_winner == 0 and st.tricks == (1, 0)
    assert st.points == (5 + 25 + 15, 0)
    assert GAME.awaiting(st) == {0}


def test_a_higher_suit_wins_when_a_player_cannot_follow() -> None:
    """Spades led; seat 3 has none and plays a heart, which takes the trick."""
    hands = {1: ("3S",), 2: ("AS",), 3: ("QH", "2H"), 0: ("6S",)}
    st = play(new(hands), *PASSES, (1, "play 3S"), (2, "play AS"), (3, "play 2H"), (0, "play 6S"))
    assert st.last_winner == 3 and st.tricks == (0, 1)


def test_a_lower_suit_is_a_discard() -> None:
    """Diamonds led; seat 2 has none and throws a club: the diamond 9 still wins."""
    clubs = ("AC", "KC", "QC", "JC", "10C", "9C", "8C", "7C", "6C", "5C", "4C", "3C")
    hands = {1: ("9D",), 2: clubs, 3: ("2D",), 0: ("3D",)}
    st = play(new(hands), *PASSES, (1, "play 9D"))
    assert all(a[-1] in "CK" for a in GAME.legal_actions(st, 2))
    st = play(st, (2, "play AC"), (3, "play 2D"), (0, "play 3D"))
    assert st.last_winner == 1


def test_a_joker_lead_frees_every_play() -> None:
    """The joker led: seat 2 may play a spade though it holds hearts, and the highest
    card of the highest suit played takes the trick."""
    hands = {1: (JOKER, "2S"), 2: ("KS", "3H"), 3: ("AD", "4H"), 0: ("7H", "2C")}
    st = play(new(hands), *PASSES, (1, "play JK"))
    assert {"play KS", "play 3H"} <= set(GAME.legal_actions(st, 2))
    st = play(st, (2, "play KS"), (3, "play 4H"))
    assert {"play 7H", "play 2C"} <= set(GAME.legal_actions(st, 0))
    st = play(st, (0, "play 2C"))
    assert st.last_winner == 3
    assert st.points == (0, 5 + 25)


def test_card_refusals() -> None:
    """Wrong turn, a card not held, a badly written play."""
    st = play(new(HANDS), *PASSES)
    assert refusal(st, 2, "play 5D") == "It is not your turn: seat 1 plays next."
    assert refusal(st, 1, "play AD") == "You do not hold the ace of diamonds."
    assert "not a card" in refusal(st, 1, "play XY")
    assert refusal(st, 7, "pass") == "There is no seat 7 at this table."


def test_views_hide_the_cachette_and_other_hands() -> None:
    """A seat sees its own hand; nobody sees the cachette or another hand; the picture
    shows the cachette as five backs and the partnership colours."""
    st = play(new(HANDS, cachette=("5H", "AH", "2S", "QS", "JD")), *PASSES)
    for viewer in (None, 0, 1, 2, 3):
        text = json.dumps(GAME.view(st, viewer), default=str)
        assert not any(f'"{c}"' in text for c in st.cachette)
        for s in range(4):
            if s != viewer:
                assert not any(f'"{c}"' in text for c in st.hands[s])
    scene = GAME.view(st, 1)["scene"]
    cachette = next(g for g in scene["groups"] if g["label"] == "Cachette")
    assert cachette["cards"] == [] and cachette["backs"] == 5
    assert [s["team"] for s in scene["seats"]] == [0, 1, 0, 1]
    assert scene["seats"][1]["cards"] == list(st.hands[1])


def test_dump_and_load_round_trip() -> None:
    """The state survives JSON."""
    st = play(new(HANDS), (1, "double"), (2, "redouble"), (1, "play KD"))
    assert GAME.load(json.loads(json.dumps(GAME.dump(st)))) == st


def test_options() -> None:
    """A rubber by default; one game and a target as options."""
    assert GAME.new(4, 1).games_needed == 2
    assert GAME.new(4, 1, {"quinto_games": 1}).games_needed == 1
    assert GAME.new(4, 1, {"target": 100}).target == 100
