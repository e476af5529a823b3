"""Newmarket 2011 (RULES.md §11), a stacked scenario for each rule, and the chip policy
(§18) where the game meets it. Seed 1 with three seats draws seat 0 as the first dealer,
so seat 1 is elder and the spare hand gets the last card of each round."""

from __future__ import annotations

from bot.games.cards import french_pack
from bot.games.stops.flow import OVER, PLAY, STAKE, StopsState
from bot.games.stops.newmarket import GAME
from tests.games.stops.helpers import dealt
from tests.helpers import moves_of

play, refusal = moves_of(GAME)
EVEN = "spread 1 1 1 1"


def staked(st: StopsState) -> StopsState:
    """The deal after every seat has anted: 1 to the pool, one on each boodle."""
    return play(st, (1, EVEN), (2, EVEN), (0, EVEN))


def test_the_full_pack_aces_low_and_the_boodles_ten_jack_queen_king() -> None:
    assert sorted(GAME.pack_cards) == sorted(french_pack())
    assert [b["card"] for b in GAME.view(GAME.new(3, 1), None)["board"]] == [
        "10H",
        "JD",
        "QC",
        "KS",
    ]


def test_the_ante_is_one_to_the_pool_and_four_over_the_boodles_the_dealer_not_doubling() -> None:
    st = GAME.new(3, 1)
    assert st.phase == STAKE and st.dealer == 0
    st = play(st, (1, "spread 4 0 0 0"), (2, "spread 0 2 2 0"), (0, EVEN))
    assert st.board == (5, 3, 3, 1) and st.pool == 3
    assert st.stacks == (95, 95, 95)
    assert [(t.amount, t.reason) for t in st.moved] == [(4, "stake"), (1, "ante")]


def test_an_ante_that_does_not_add_up_to_four_is_refused() -> None:
    st = GAME.new(3, 1)
    assert refusal(st, 1, "spread 2 2 1 0") == "Your spread adds up to 5; it must add up to 4."


def test_the_spare_hand_gets_the_last_card_of_each_round_and_is_never_touched() -> None:
    st = staked(dealt(GAME, 3, 1, {1: ["2C"], 2: ["3C"], 0: ["4C"]}, spare=["5C"]))
    assert [st.hands[1][0], st.hands[2][0], st.hands[0][0], st.spare[0]] == ["2C", "3C", "4C", "5C"]
    assert st.phase == PLAY and st.turn == 1  # no widow: elder leads at once
    for viewer in (None, 0, 1, 2):
        view = GAME.view(st, viewer)
        assert view["spare"] == 13 and not set(st.spare) & set(view.get("hand") or [])


def test_played_cards_stay_face_up_in_front_of_their_players() -> None:
    st = staked(dealt(GAME, 3, 1, {1: ["2H"], 2: ["3H", "4H"]}, spare=["5H"]))
    st = play(st, (1, "play 2H"))
    view = GAME.view(st, None)
    assert view["played"][1] == ["2H"] and view["played"][2] == ["3H", "4H"]
    assert view["scene"]["seats"][2]["cards"] == ["3H", "4H"]


def test_stops_are_the_kings_and_any_card_below_one_in_the_spare_hand() -> None:
    st = staked(dealt(GAME, 3, 1, {1: ["2H", "JC", "QC", "KC"], 2: ["3H", "4H"]}, spare=["5H"]))
    st = play(st, (1, "play 2H"))
    assert st.run == ("2H", "3H", "4H") and st.turn == 2
    assert GAME.view(st, None)["news"] == "Stop: the 4\u2665 is dead. Seat 2 leads."


def test_after_a_stop_the_last_player_leads_any_suit_with_its_lowest_card() -> None:
    st = staked(dealt(GAME, 3, 1, {1: ["2H"], 2: ["3H", "4H", "6H", "9C"]}, spare=["5H"]))
    st = play(st, (1, "play 2H"))
    legal = GAME.legal_actions(st, 2)
    assert any(a.endswith("H") for a in legal)  # the suit just stopped may be led again
    assert "play 9C" in legal
    assert "lowest card of a suit" in refusal(st, 2, "play 6H")


def test_playing_a_boodle_card_takes_its_stakes() -> None:
    st = staked(dealt(GAME, 3, 1, {1: ["8H", "9H"], 2: ["10H"]}, spare=["JH"]))
    st = play(st, (1, "play 8H"))
    assert st.run == ("8H", "9H", "10H") and st.stacks[2] == 95 + 3 and st.board[0] == 0


def test_the_first_out_sweeps_the_pool_and_nobody_pays_for_cards_left() -> None:
    spades = [r + "S" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    st = staked(dealt(GAME, 3, 1, {1: spades}))
    st = play(st, (1, "play AS"))
    assert st.last is not None and st.last.out == 1 and st.last.pool == 3
    assert st.last.paid == (0, 0, 0)
    assert st.stacks == (95, 95 + 3 + 3, 95)  # the K♠'s boodle, then the pool
    assert st.board == (3, 3, 3, 0) and st.dealt == 2


def test_a_player_who_cannot_cover_the_ante_of_five_sits_the_deal_out() -> None:
    st = GAME.new(3, 1, stacks=(100, 4, 100))
    assert st.players == (2, 0)
    assert "sit this deal out" in refusal(st, 1, EVEN)


def test_boodles_left_at_the_end_are_shared_evenly_among_the_seats_still_there() -> None:
    st = GAME.new(3, 1)
    while st.phase != OVER:
        legal = GAME.legal_actions(st, st.turn)
        st = GAME.apply(st, st.turn, EVEN if EVEN in legal else legal[0])
    shares = [t.amount for t in st.moved if t.reason == "close"]
    assert shares and max(shares) - min(shares) <= 1
    assert sum(st.stacks) == 300 and GAME.pot(st) == 0
