"""Pip-Pip! (bot/games/french/pip_pip/rules.md; RULES.md §15): stacked-deck scenarios for
the draw for the first dealer and its trump, the deal and the stock, following, the 2
high and the second of two identical cards winning, each player drawing right after his
card, the stock cut-off with the dead stock turned face up, and every refusal of a card."""

from __future__ import annotations

from bot.games import registry
from bot.games.french.pip_pip.flow import PACK
from bot.games.french.pip_pip.game import GAME
from tests.games.french.pip_pip_helpers import THREE, new, stacked
from tests.helpers import moves_of

play, refusal = moves_of(GAME)

LOW_DRAW = ("2S", *(r + s for r in "3456" for s in "CDH"))[:12]
"""A draw for up to twelve: seat 0 deals with the 2 of spades."""


def test_registered_with_its_options() -> None:
    assert registry.get("pip-pip") is GAME
    assert (GAME.info.min_seats, GAME.info.max_seats) == (3, 12)
    names = [o.name for o in GAME.info.options]
    assert names == ["pip_pip_first_call_wins", "rotations"]
    assert GAME.options(None) == {"pip_pip_first_call_wins": False, "rotations": 1}


def test_the_highest_draw_deals_and_its_suit_is_the_first_trump() -> None:
    st = new(4, ("5C", "AH", "KD", "2D"), {})
    assert st.dealer == 3 and st.trump == "D"
    assert st.players == (0, 1, 2, 3)  # eldest, on the dealer's left, leads
    view = GAME.view(st, None)
    assert view["shown"] == [[0, "5C"], [1, "AH"], [2, "KD"], [3, "2D"]]
    drawn = view["scene"]["groups"][0]
    assert drawn["label"] == "Drawn for the deal"
    assert drawn["cards"] == ["5C", "AH", "KD", "2D"] and drawn["owners"] == [0, 1, 2, 3]
    assert (
        "Seat 3 won the draw for the deal with 2♦, so diamonds are trumps."
        in view["scene"]["lines"]
    )
    assert view["scene"]["counters"][0] == {"label": "Trump", "value": "diamonds"}


def test_players_tied_for_the_highest_draw_again() -> None:
    # Seats 1 and 2 tie with aces; seat 0 drew lower and draws no more.
    st = new(3, ("3C", "AH", "AS", "9D", "JC"), {})
    assert st.dealer == 2 and st.trump == "C"
    assert st.shown == ((0, "3C"), (1, "AH"), (2, "AS"), (1, "9D"), (2, "JC"))
    assert "Seat 2 won the draw for the deal with J♣" in GAME.view(st, 0)["scene"]["lines"][0]


def test_seven_each_and_the_rest_is_the_stock_with_the_draw_underneath() -> None:
    for seats in (3, 7, 12):
        deck = stacked(seats, LOW_DRAW[:seats], {})
        st = GAME.new(seats, 1, deck=deck)
        assert all(len(h) == 7 for h in st.hands)
        assert len(st.stock) == 104 - 7 * seats
        assert st.stock[-seats:] == tuple(deck[:seats])  # the drawn cards went under
        assert sorted(GAME.cards(st)) == sorted(PACK)


def test_the_2_is_high_and_the_second_of_two_identical_cards_wins() -> None:
    st = new(3, THREE, {1: ["AH"], 2: ["2H"], 0: ["2H"]})
    st = play(st, (1, "play AH"), (2, "play 2H"), (0, "play 2H"))
    assert st.last == ("AH", "2H", "2H") and st.last_owners == (1, 2, 0)
    assert st.last_winner == 0  # the dealer's 2H came second
    assert st.won[0] == ("AH", "2H", "2H") and st.tricks == (1, 0, 0)
    assert st.players == (0, 1, 2)  # the winner leads


def test_a_trump_beats_the_suit_led_and_a_discard_wins_nothing() -> None:
    st = new(3, THREE, {1: ["AH", "5C"], 2: ["3S", "6C"], 0: ["4D", "7C"]})
    st = play(st, (1, "play AH"), (2, "play 3S"), (0, "play 4D"))
    assert st.last_winner == 2


def test_follow_suit_if_able_else_anything() -> None:
    st = new(3, THREE, {1: ["AH"], 2: ["4H", "2S", "KD"], 0: ["8C", "3D"]})
    st = play(st, (1, "play AH"))
    assert GAME.legal_actions(st, 2) == ["play 4H"]
    assert refusal(st, 2, "play 2S") == "You must follow suit: you hold a heart."
    st = play(st, (2, "play 4H"))
    assert not any(c[-1] == "H" for c in st.hands[0])
    assert {a.split(" ")[1] for a in GAME.legal_actions(st, 0)} == set(st.hands[0])


def test_each_player_draws_right_after_playing_his_card() -> None:
    # Seat 1 leads, seat 2 wins, seat 0 plays last: each draws as he plays (§15.2), so
    # the stock's 5, 6 and 7 of spades go to seats 1, 2 and 0, not winner first.
    stock = ("5S", "6S", "7S")
    st = new(3, THREE, {1: ["5H"], 2: ["AH"], 0: ["6H"]}, stock=stock)
    before = st
    st = play(st, (1, "play 5H"))
    assert st.hands[1] == (*before.hands[1][1:], "5S")
    assert st.hands[2] == before.hands[2] and st.hands[0] == before.hands[0]
    assert st.stock == before.stock[1:]
    # The drawn card is the drawer's secret; the stock's count is public.
    assert GAME.view(st, 1)["hand"] == list(st.hands[1])
    for viewer in (None, 2):
        view = GAME.view(st, viewer)
        assert view["stock"] == 104 - 22
        assert view["scene"]["seats"][1]["cards"] == [] and view["scene"]["seats"][1]["backs"] == 7
    st = play(st, (2, "play AH"), (0, "play 6H"))
    assert st.last_winner == 2
    assert (st.hands[1][-1], st.hands[2][-1], st.hands[0][-1]) == stock
    assert all(len(h) == 7 for h in st.hands)
    assert len(st.stock) == 104 - 21 - 3


def test_the_stock_is_turned_face_up_when_it_cannot_serve_everyone() -> None:
    # Twelve seats: 20 cards in the stock. The first trick draws 12; the 8 left cannot
    # serve twelve, so before the second trick they are turned face up, out of play.
    st = GAME.new(12, 1, deck=stacked(12, LOW_DRAW, {}))
    assert st.dealer == 0 and len(st.stock) == 20
    for _ in range(12):
        seat = st.players[len(st.trick)]
        st = GAME.apply(st, seat, GAME.legal_actions(st, seat)[-1])
    assert st.stock == () and len(st.dead) == 8
    assert all(len(h) == 7 for h in st.hands)
    view = GAME.view(st, 3)
    assert view["dead"] == list(st.dead) and view["stock"] == 0
    groups = {g["label"]: g for g in view["scene"]["groups"]}
    assert groups["Dead stock"]["cards"] == list(st.dead)
    assert {"label": "Dead", "value": "8"} in view["scene"]["counters"]
    # The hands are played out without drawing: seven more tricks end the hand.
    for left in range(6, -1, -1):
        for _ in range(12):
            seat = st.players[len(st.trick)]
            st = GAME.apply(st, seat, GAME.legal_actions(st, seat)[-1])
        if left:
            assert all(len(h) == left for h in st.hands) and len(st.dead) == 8
    assert st.deal == 2 and st.dead == () and len(st.stock) == 20


def test_the_stock_serving_exactly_is_drawn_to_the_last_card() -> None:
    # Four seats: 76 in the stock, 19 draws of four, nothing dead.
    st = GAME.new(4, 3)
    while st.deal == 1:
        seat = st.players[len(st.trick)]
        st = GAME.apply(st, seat, GAME.legal_actions(st, seat)[-1])
        assert not st.dead
    assert st.last_deal and sum(st.tricks) == 0


def test_refusals_of_a_card() -> None:
    st = new(3, THREE, {1: ["AH"], 2: ["4H"]})
    assert refusal(st, 2, "play 4H") == "It is not your turn: seat 1 plays next."
    assert refusal(st, 1, "play 2C") == "You do not hold the 2 of clubs."
    assert refusal(st, 7, "play AH") == "There is no seat 7 at this table."
    assert "like 'play 10H'" in refusal(st, 1, "throw AH")
    assert "is not a card" in refusal(st, 1, "play ZZ")
    assert "like 'play 10H'" in refusal(st, 1, "play AH now")
    assert "like 'play 10H'" in refusal(st, 1, "x" * 40)


def test_a_finished_game_refuses_everything() -> None:
    st = GAME.new(3, 5)
    while GAME.awaiting(st):
        seat = min(GAME.awaiting(st))
        st = GAME.apply(st, seat, GAME.legal_actions(st, seat)[0])
    assert refusal(st, 0, "play 2S") == "The game is over: no more cards are played."
    assert refusal(st, 0, "call H") == "The game is over: no more cards are played."


def test_play_xx_names_either_copy_of_a_card() -> None:
    st = new(3, THREE, {1: ["KH", "KH", "5C"]})
    assert GAME.legal_actions(st, 1).count("play KH") == 1
    st = play(st, (1, "play KH"))
    assert st.hands[1].count("KH") == 1 and st.trick == ("KH",)
    assert GAME.describe_action("play KH") == "Plays the king of hearts"
