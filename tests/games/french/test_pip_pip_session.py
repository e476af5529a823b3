"""Pip-Pip! over a whole game (rules.md; RULES.md §15): a hand's score (card points won
and 50 a call), the cut for trump on later deals by the dealer's right hand, the end after
every player has dealt once (or `rotations` times), a shared win, the views (no hidden
card shown), persistence, and the AI's calls and its play against random players."""

from __future__ import annotations

import json
import random

from bot.games.cards import suit_of
from bot.games.french.pip_pip.ai import POLICY
from bot.games.french.pip_pip.cards import points
from bot.games.french.pip_pip.flow import PACK, PipPipState, end_hand, evolve
from bot.games.french.pip_pip.game import GAME
from bot.games.french.pip_pip.view import public_cards
from bot.games.rng import rng_for
from tests.games.french.pip_pip_helpers import THREE, new


def _finish_hand(st: PipPipState) -> PipPipState:
    """Play the current hand out with the first legal card each turn."""
    deal = st.deal
    while st.deal == deal and not st.winners:
        seat = min(GAME.awaiting(st))
        plays = [a for a in GAME.legal_actions(st, seat) if a.startswith("play ")]
        st = GAME.apply(st, seat, plays[0])
    return st


def _ai_game(seats: int, seed: int, **opts: object) -> PipPipState:
    """A whole game played by the AI at every seat."""
    st = GAME.new(seats, seed, opts or None)
    rng = random.Random(seed)
    while GAME.awaiting(st):
        seat = min(GAME.awaiting(st))
        st = GAME.apply(st, seat, POLICY.choose(GAME.ai_view(st, seat), seat, rng))
    return st


def test_a_hand_scores_card_points_won_and_50_a_call() -> None:
    hands = {1: ["KH", "QH", "5D", "4S", "5S", "6S", "7S"]}
    st = GAME.apply(new(3, THREE, hands), 1, "call H")
    before = st
    st = _finish_hand(st)
    won = list(st.last_deal)
    assert sum(won) == 264 + 50 and won[1] >= 50
    assert st.scores == tuple(won)
    assert before.scores == (0, 50, 0)
    assert GAME.view(st, None)["scene"]["lines"][-1].startswith("Last hand: seat 0 ")


def test_later_deals_pass_left_and_the_dealer_s_right_hand_cuts_for_trump() -> None:
    st = _finish_hand(new(3, THREE, {}))
    assert st.deal == 2 and st.dealer == 1
    cutter, card = st.shown[0]
    assert cutter == 0  # on the dealer's right
    assert st.trump == suit_of(card) and st.exposed == ((), (), ()) and st.calls == ()
    rng = rng_for(7, 1)  # the second deal's generator: shuffle, then the cut
    order = list(PACK)
    rng.shuffle(order)
    cut = rng.randrange(1, 104)
    assert card == order[cut - 1] and st.stock[-1] == card
    assert sorted(GAME.cards(st)) == sorted(PACK)
    scene = GAME.view(st, 2)["scene"]
    assert scene["groups"][0]["label"] == "Cut for trump" and scene["groups"][0]["owners"] == [0]
    assert scene["lines"][0].startswith("Seat 0 cut ")
    assert scene["title"] == "Pip-Pip! - hand 2 of 3"


def test_the_game_ends_when_every_player_has_dealt_once() -> None:
    st = new(3, THREE, {})
    dealers = []
    while not st.winners:
        dealers.append(st.dealer)
        st = _finish_hand(st)
    assert dealers == [0, 1, 2] and st.deal == 3
    best = max(st.scores)
    assert st.winners == tuple(s for s in range(3) if st.scores[s] == best)
    outcome = GAME.outcome(st)
    assert outcome is not None and outcome.points == st.scores
    assert GAME.awaiting(st) == frozenset() and GAME.legal_actions(st, 0) == []
    assert GAME.view(st, None)["scene"]["title"] == "Pip-Pip! - over"


def test_more_rotations_by_option() -> None:
    st = GAME.new(3, 4, {"rotations": 2})
    hands = 0
    while not st.winners:
        st = _finish_hand(st)
        hands += 1
    assert hands == 6 and st.deal == 6


def test_players_level_at_the_top_share_the_win() -> None:
    st = new(3, THREE, {})
    last = evolve(st, deal=3, hands=((), (), ()), won=((), (), ()), scores=(120, 80, 120), calls=())
    over = end_hand(last)
    assert over.winners == (0, 2)
    outcome = GAME.outcome(over)
    assert outcome is not None and outcome.summary == "Seat 0 and seat 2 shared the win with 120."


def test_views_show_no_hidden_card() -> None:
    st = new(3, THREE, {1: ["KH", "QH", "AD", "AD", "9S", "8S", "7S"]})
    st = GAME.apply(st, 1, "call H")
    public = json.dumps(GAME.view(st, None), default=str)
    for code in ("AD", "9S", "8S"):
        assert f'"{code}"' not in public
        assert f'"{code}"' not in json.dumps(GAME.view(st, 2), default=str)
    assert '"KH"' in public  # laid face up, for everyone
    hidden = set(st.stock) - public_cards(st)
    assert hidden and all(f'"{c}"' not in public for c in hidden)
    assert "hand" not in GAME.view(st, None)
    assert GAME.view(st, 1)["hand"] == list(st.hands[1])


def test_dump_and_load_round_trip() -> None:
    st = GAME.apply(new(3, THREE, {1: ["KH", "QH"]}), 1, "call H")
    data = json.loads(json.dumps(GAME.dump(st)))
    assert GAME.load(data) == st


def test_the_ai_calls_a_pair_and_orders_calls_for_the_trump_it_wants() -> None:
    hands = {1: ["KH", "QH", "KD", "QD", "2D", "AD", "3S"]}
    st = new(3, THREE, hands)
    view = GAME.ai_view(st, 1)
    # Diamonds are its longest suit: called last, so that diamonds end as trump.
    assert POLICY.choose(view, 1, random.Random(1)) == "call H"
    st = GAME.apply(st, 1, "call H")
    assert POLICY.choose(GAME.ai_view(st, 1), 1, random.Random(1)) == "call D"
    first = new(3, THREE, hands, (), pip_pip_first_call_wins=True)
    assert POLICY.choose(GAME.ai_view(first, 1), 1, random.Random(1)) == "call D"


def test_the_ai_waits_with_a_pair_that_would_spoil_its_trumps() -> None:
    hands = {1: ["KH", "QH", "2S", "AS", "KS", "QS", "JS"]}
    st = new(3, THREE, hands)
    assert POLICY.choose(GAME.ai_view(st, 1), 1, random.Random(1)).startswith("play ")


def test_the_ai_beats_random_players() -> None:
    wins = 0
    games = 24
    for match in range(games):
        st = GAME.new(3, 100 + match)
        rng = random.Random(match)
        mine = match % 3
        while GAME.awaiting(st):
            seat = min(GAME.awaiting(st))
            if seat == mine:
                action = POLICY.choose(GAME.ai_view(st, seat), seat, rng)
            else:
                action = rng.choice(GAME.legal_actions(st, seat))
            st = GAME.apply(st, seat, action)
        wins += mine in st.winners
    assert wins >= games * 0.6, wins


def test_ai_games_end_with_all_the_cards() -> None:
    for seats in (3, 12):
        st = _ai_game(seats, 2)
        assert st.deal == seats and st.winners
        assert sorted(GAME.cards(st)) == sorted(PACK)
        assert points(PACK) == 264
