"""Newmarket 1885 (RULES.md §10), a stacked scenario for each rule, and the chip policy
(§18) where the game meets it. Seed 1 with three seats draws seat 0 as the first dealer,
so seat 1 is elder and the spare hand gets its card between seat 2's and the dealer's."""

from __future__ import annotations

import pytest

from bot.games.cards import french_pack
from bot.games.errors import IllegalAction
from bot.games.stops.flow import DEAL, OVER, PLAY, STAKE, StopsState
from bot.games.stops.newmarket_1885 import GAME
from bot.games.stops.rules import first_jack_dealer
from tests.games.stops.helpers import dealt
from tests.helpers import moves_of

play, refusal = moves_of(GAME)
EVEN = "spread 1 1 1 1"
SPREADS = ((1, EVEN), (2, EVEN), (0, EVEN))


def staked(st: StopsState) -> StopsState:
    """The deal after every seat has spread one chip on each board card."""
    return play(st, *SPREADS)


def test_the_pack_is_the_51_cards_without_the_eight_of_diamonds() -> None:
    assert sorted(GAME.pack_cards) == sorted(c for c in french_pack() if c != "8D")
    st = staked(GAME.new(3, 1))
    assert sorted(GAME.cards(st)) == sorted(GAME.pack_cards)


def test_the_board_is_the_ace_of_spades_king_of_hearts_queen_of_clubs_jack_of_diamonds() -> None:
    view = GAME.view(GAME.new(3, 1), None)
    assert [b["card"] for b in view["board"]] == ["AS", "KH", "QC", "JD"]


def test_the_first_jack_dealt_face_up_from_seat_0_makes_the_first_dealer() -> None:
    for seed in range(20):
        st = GAME.new(4, seed)
        assert st.draw[-1].startswith("J") and not any(c.startswith("J") for c in st.draw[:-1])
        assert st.dealer == first_jack_dealer(st.draw, 4) == (len(st.draw) - 1) % 4
        lines = GAME.view(st, None)["scene"].get("lines", [])
        assert any(f"card, to seat {st.dealer}, who deals." in line for line in lines)


def test_each_player_spreads_his_stake_as_he_likes_and_the_dealer_doubles() -> None:
    st = GAME.new(3, 1)
    assert st.phase == STAKE and st.turn == 1 and st.dealer == 0
    st = play(st, (1, "spread 0 4 0 0"), (2, "spread 2 0 0 2"), (0, "spread 1 1 1 1"))
    assert st.board == (2 + 2, 4 + 2, 0 + 2, 2 + 2)
    assert st.stacks == (100 - 8, 100 - 4, 100 - 4)
    assert [t.amount for t in st.moved] == [8]
    assert st.phase == PLAY and st.turn == 1


def test_a_spread_that_does_not_add_up_is_refused_in_one_sentence() -> None:
    st = GAME.new(3, 1)
    assert refusal(st, 1, "spread 1 1 1 0") == "Your spread adds up to 3; it must add up to 4."
    assert "4 whole numbers" in refusal(st, 1, "spread 1 1 2")
    assert "not your turn" in refusal(st, 2, EVEN)
    assert len(GAME.legal_actions(st, 1)) == 35


def test_stakes_come_before_the_cards_are_seen_unless_the_table_says_after() -> None:
    assert GAME.view(GAME.new(3, 1), 1).get("hand") == []
    after = GAME.new(3, 1, {"stake_after_deal": True})
    assert after.phase == DEAL and GAME.view(after, 1)["hand"] == [] and GAME.between_hands(after)
    after = play(after, (0, "deal"))
    assert after.phase == STAKE and len(GAME.view(after, 1)["hand"]) == 13
    assert not after.moved and not GAME.between_hands(after)  # cards seen: the deal is on


def test_with_stakes_after_the_deal_a_seat_leaves_only_before_the_cards_are_dealt() -> None:
    st = GAME.new(3, 1, {"stake_after_deal": True})
    gone = GAME.leave(st, 2)
    assert gone.players == (1, 0) and gone.phase == DEAL and gone.order == st.order
    seen = play(st, (0, "deal"))
    assert "wait until this one is over" in refusal_of_leave(seen, 2)
    assert GAME.hand_refunds(seen) == ()


def refusal_of_leave(st: StopsState, seat: int) -> str:
    """What a seat leaving is told."""
    try:
        GAME.leave(st, seat)
    except IllegalAction as err:
        return str(err)
    raise AssertionError("the leave was taken")


def test_the_spare_hand_gets_its_card_just_before_the_dealer() -> None:
    st = staked(dealt(GAME, 3, 1, {1: ["2C"], 2: ["3C"], 0: ["5C"]}, spare=["4C"]))
    order = [st.hands[1][0], st.hands[2][0], st.spare[0], st.hands[0][0]]
    assert order == ["2C", "3C", "4C", "5C"]
    assert len(st.spare) == 13 and len(st.hands[0]) == 12


def test_eldest_leads_the_lowest_card_of_a_suit_of_his_choosing() -> None:
    st = staked(dealt(GAME, 3, 1, {1: ["2H", "9H", "3C", "KC"]}))
    legal = GAME.legal_actions(st, 1)
    assert "play 2H" in legal and "play 9H" not in legal and "play 3C" in legal
    assert "lowest card of a suit" in refusal(st, 1, "play 9H")
    assert "You do not hold" in refusal(st, 1, "play 2D")
    assert "not your turn" in refusal(st, 2, "play 2D")


def test_the_next_card_is_played_by_its_holder_and_one_player_plays_several_in_a_row() -> None:
    st = staked(dealt(GAME, 3, 1, {1: ["2H"], 2: ["3H", "4H"]}, spare=["5H"]))
    st = play(st, (1, "play 2H"))
    assert st.run == ("2H", "3H", "4H") and st.run_by == (1, 2, 2)
    assert st.turn == 2  # the player who played last leads next


def test_a_card_whose_successor_is_in_the_spare_hand_stops_and_the_status_says_so() -> None:
    st = staked(dealt(GAME, 3, 1, {1: ["2H"], 2: ["3H", "4H"]}, spare=["5H"]))
    before = st
    st = play(st, (1, "play 2H"))
    assert GAME.view(st, None)["news"] == "Stop: the 4\u2665 is dead. Seat 2 leads."
    assert GAME.announce(before, 1, "play 2H").endswith("Stop: the 4\u2665 is dead.")


def test_the_seven_of_diamonds_always_stops() -> None:
    st = staked(dealt(GAME, 3, 1, {1: ["5D", "6D", "7D"]}))
    st = play(st, (1, "play 5D"))
    assert st.run == ("5D", "6D", "7D") and st.turn == 1
    assert "the 7\u2666 always stops (there is no 8\u2666)" in GAME.view(st, None)["news"]


def test_a_king_stops_and_so_does_a_card_whose_successor_was_played() -> None:
    hands = {1: ["10C", "JC", "QC", "KC", "2H"], 2: ["3H", "9C"]}
    st = staked(dealt(GAME, 3, 1, hands, spare=["4H"]))
    st = play(st, (1, "play 10C"))
    assert st.run == ("10C", "JC", "QC", "KC") and st.turn == 1
    assert "the K\u2663 ends its suit" in GAME.view(st, None)["news"]
    st = play(st, (1, "play 2H"))
    assert st.run == ("2H", "3H") and st.turn == 2
    st = play(st, (2, "play 9C"))
    assert st.run == ("9C",) and st.turn == 2
    assert "Stop: the 9\u2663 is dead." in GAME.view(st, None)["news"]


def test_played_cards_are_turned_down_at_each_stop_unless_show_history() -> None:
    hands = {1: ["2H"], 2: ["3H", "4H"]}
    hidden = play(staked(dealt(GAME, 3, 1, hands, spare=["5H"])), (1, "play 2H"))
    assert GAME.view(hidden, None)["played"] == []
    assert [g["label"] for g in GAME.view(hidden, None)["scene"]["groups"]].count("Sequence") == 1
    opts = {"show_history": True}
    shown = play(staked(dealt(GAME, 3, 1, hands, spare=["5H"], options=opts)), (1, "play 2H"))
    assert GAME.view(shown, None)["played"][2] == ["3H", "4H"]


def test_playing_a_board_card_sweeps_its_chips() -> None:
    st = dealt(GAME, 3, 1, {1: ["QH"], 2: ["KH"]}, spare=["AH"])
    st = play(st, (1, "spread 0 4 0 0"), (2, EVEN), (0, EVEN))
    assert st.board[1] == 4 + 1 + 2
    st = play(st, (1, "play QH"))
    assert st.board[1] == 0 and st.stacks[2] == 100 - 4 + 7
    assert [(t.src, t.dst, t.amount, t.reason) for t in st.moved] == [(-1, 2, 7, "boodle")]


def test_going_out_is_paid_a_chip_a_card_by_each_other_player() -> None:
    spades = [r + "S" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    st = staked(dealt(GAME, 3, 1, {1: spades}))
    st = play(st, (1, "play AS"))
    last = st.last
    assert last is not None and last.out == 1 and last.paid == (12, 0, 13)
    assert st.dealt == 2 and st.dealer == 1  # the deal passed to the left
    assert st.stacks[1] == 100 - 4 + 4 + 25  # the A♠'s chips, then 25 for cards left
    assert GAME.view(st, None)["news"].startswith("Seat 1 is out! 25 chips paid")


def test_a_player_is_out_the_moment_he_plays_his_last_card_even_mid_run() -> None:
    cards = [r + "S" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")]
    st = staked(dealt(GAME, 3, 1, {1: [*cards, "JH", "QH", "KH"], 2: ["JS", "QS"]}))
    st = play(st, (1, "play JH"), (1, "play AS"))
    assert st.last is not None and st.last.out == 1 and st.dealt == 2


def test_a_debt_bigger_than_the_stake_is_paid_with_the_whole_stake() -> None:
    spades = [r + "S" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    st = staked(dealt(GAME, 3, 1, {1: spades}, stacks=(100, 100, 6)))
    st = play(st, (1, "play AS"))
    assert st.last is not None and st.last.paid == (12, 0, 2)
    assert sum(st.stacks) + GAME.pot(st) == 206


def test_unswept_board_chips_carry_over_to_the_next_deal() -> None:
    spades = [r + "S" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    st = staked(dealt(GAME, 3, 1, {1: spades}))
    st = play(st, (1, "play AS"))
    assert st.board == (0, 4, 4, 4) and st.carried == (0, 4, 4, 4)
    board = GAME.view(st, None)["board"]
    assert board[1] == {"card": "KH", "chips": 4, "carried": 4}
    st = play(st, (2, EVEN))
    assert GAME.view(st, None)["board"][1] == {"card": "KH", "chips": 5, "carried": 4}


def test_a_boodle_carried_over_three_deals() -> None:
    for seed in range(400):
        st = GAME.new(3, seed, {"rounds": 3})
        carried = 0
        while st.phase != OVER:
            deal = st.dealt
            while st.phase != OVER and st.dealt == deal:
                seat = st.turn
                legal = GAME.legal_actions(st, seat)
                st = GAME.apply(st, seat, EVEN if EVEN in legal else legal[0])
            carried = carried + 1 if st.phase != OVER and st.carried[0] else 0
            if carried == 3:
                assert st.board[0] >= 3 * 4  # three deals' stakes at least, none swept
                return
    pytest.fail("no seed carried the ace of spades' chips over three deals")


def test_a_player_who_cannot_cover_the_stake_sits_the_deal_out() -> None:
    st = GAME.new(3, 1, stacks=(100, 3, 100))
    assert st.players == (2, 0) and st.turn == 2
    assert "sit this deal out" in refusal(st, 1, EVEN)
    assert GAME.view(st, None)["scene"]["seats"][1]["note"] == "sits out"


def test_a_dealer_who_cannot_cover_his_double_stake_passes_the_deal_left() -> None:
    st = GAME.new(3, 1, stacks=(7, 100, 100))
    assert st.dealer == 1 and st.players == (2, 0, 1)


def test_the_board_left_at_the_close_goes_by_lot_from_the_seeded_generator() -> None:
    ends = []
    for _ in range(2):
        st = GAME.new(3, 5)
        while st.phase != OVER:
            st = GAME.apply(st, st.turn, GAME.legal_actions(st, st.turn)[0])
        ends.append(st.moved)
    closes = [t for t in ends[0] if t.reason == "close"]
    assert ends[0] == ends[1] and closes and GAME.pot(st) == 0
    assert sum(st.stacks) == 300


def test_the_board_left_at_the_close_is_split_evenly_with_split_board() -> None:
    st = GAME.new(3, 5, {"split_board": True})
    while st.phase != OVER:
        st = GAME.apply(st, st.turn, GAME.legal_actions(st, st.turn)[0])
    shares = [t.amount for t in st.moved if t.reason == "close"]
    assert shares and max(shares) - min(shares) <= 1 and len(shares) == 3


def test_a_table_stopped_mid_deal_unwinds_it_and_settles_the_carried_board() -> None:
    spades = [r + "S" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    st = play(staked(dealt(GAME, 3, 1, {1: spades})), (1, "play AS"))
    st = play(st, (2, EVEN), (0, EVEN))  # the next deal's first stakes
    refunds = GAME.hand_refunds(st)
    assert {t.dst for t in refunds} == {2, 0} and all(t.src == -1 for t in refunds)
    left = GAME.pot(st) - sum(t.amount for t in refunds)
    assert left == 12 == sum(st.carried)
    closing = GAME.closing_transfers(st, left)
    assert sum(t.amount for t in closing) == 12 and {t.reason for t in closing} == {"close"}


def test_a_seat_that_left_takes_no_share_of_the_board() -> None:
    spades = [r + "S" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    st = play(staked(dealt(GAME, 3, 1, {1: spades}, options={"split_board": True})), (1, "play AS"))
    assert GAME.between_hands(st)
    st = GAME.leave(st, 0)
    assert st.stacks[0] == 0 and 0 not in st.players
    closing = GAME.closing_transfers(st, GAME.pot(st))
    assert {t.dst for t in closing} <= {1, 2}


def dealers(st: StopsState) -> list[int]:
    """The dealer of every deal the game deals, played to its end by the first legal
    action."""
    seen = [st.dealer]
    while st.phase != OVER:
        deal = st.dealt
        st = GAME.apply(st, st.turn, GAME.legal_actions(st, st.turn)[0])
        if st.phase != OVER and st.dealt != deal:
            seen.append(st.dealer)
    return seen


def test_the_deal_passes_left_one_seat_a_hand_past_a_seat_that_cannot_deal() -> None:
    st = GAME.new(4, 3, stacks=(100, 0, 100, 100))
    assert st.dealer == 0
    assert dealers(st) == [0, 2, 3, 0]  # seat 2 stood in for seat 1 and deals but once


def test_the_game_lasts_its_deals_when_a_seat_cannot_deal() -> None:
    st = GAME.new(4, 3, {"rounds": 2}, stacks=(100, 0, 100, 100))
    assert dealers(st) == [0, 2, 3, 0, 2, 3, 0, 2]


def to_the_end(st: StopsState) -> StopsState:
    """The game played to its end by the first legal action."""
    while st.phase != OVER:
        st = GAME.apply(st, st.turn, GAME.legal_actions(st, st.turn)[0])
    return st


def test_the_game_over_line_says_how_the_board_left_at_the_close_was_shared() -> None:
    st = to_the_end(GAME.new(3, 5, {"split_board": True}))
    close = [t for t in st.moved if t.reason == "close"]
    total = sum(t.amount for t in close)
    news = GAME.view(st, None)["news"] or ""
    shares = ", ".join(f"seat {t.dst} {t.amount}" for t in close)
    assert f"The {total} chips left on the board are shared: {shares}." in news
    assert "stay on the board" not in news
    assert GAME.view(st, None)["last"]["result"] == news


def test_the_game_over_line_says_who_drew_the_board_left_at_the_close_by_lot() -> None:
    st = to_the_end(GAME.new(3, 5))
    close = [t for t in st.moved if t.reason == "close"]
    total = sum(t.amount for t in close)
    news = GAME.view(st, None)["news"] or ""
    assert f"The {total} chips left on the board are drawn by lot: " in news
    for t in close:
        assert f"seat {t.dst} takes " in news
    assert "stay on the board" not in news
