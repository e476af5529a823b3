"""Michigan (RULES.md §12), a stacked scenario for each rule, and the chip policy (§18)
where the game meets it. Seed 1 with three seats draws seat 0 as the first dealer, so
the extra hand is dealt first, on the dealer's left, then seat 1 (elder), seat 2, seat 0."""

from __future__ import annotations

from bot.games.errors import IllegalAction
from bot.games.stops.flow import AUCTION, DEAL, PLAY, WIDOW
from bot.games.stops.michigan import GAME
from bot.games.stops.michigan.game import PAGE as MICHIGAN
from bot.games.stops.play import next_leader
from tests.games.stops.helpers import by_dealer, dealt
from tests.helpers import moves_of

play, refusal = moves_of(GAME)
PLAIN = {"michigan_plain_spare": True}


def test_aces_are_high_so_a_run_ends_at_the_ace() -> None:
    st = dealt(GAME, 3, 1, {1: ["10S", "JS", "QS", "KS", "AS"]}, options=PLAIN)
    st = play(st, (1, "play 10S"))
    assert st.run == ("10S", "JS", "QS", "KS", "AS")
    assert "the A\u2660 ends its suit" in GAME.view(st, None)["news"]


def test_the_boodles_are_ace_of_hearts_king_of_clubs_queen_of_diamonds_jack_of_spades() -> None:
    view = GAME.view(GAME.new(3, 1), None)
    assert [b["card"] for b in view["board"]] == ["AH", "KC", "QD", "JS"]


def test_the_dealer_puts_two_on_each_boodle_and_every_other_player_one() -> None:
    st = GAME.new(3, 1)
    assert st.phase == DEAL and st.turn == 0 and GAME.legal_actions(st, 0) == ["deal"]
    st = play(st, (0, "deal"))
    assert st.phase == WIDOW and st.turn == 0
    assert st.board == (4, 4, 4, 4) and st.stacks == (92, 96, 96)
    assert sorted(t.amount for t in st.moved) == [4, 4, 8]


def test_the_ante_goes_down_before_the_cards_are_dealt() -> None:
    st = GAME.new(3, 1)
    assert GAME.between_hands(st) and st.board == (0, 0, 0, 0)
    assert not any(GAME.view(st, s)["hand"] for s in range(3)) and not st.spare
    st = play(st, (0, "deal"))
    widow = GAME.view(st, 1)  # the widow phase: hands seen, the ante on the board
    assert widow["hand"] and [b["chips"] for b in widow["board"]] == [4, 4, 4, 4]
    assert not GAME.between_hands(st)
    assert "between deals" in refusal_of_stack(st, 1)


def refusal_of_stack(st: object, seat: int) -> str:
    """What a top-up of the seat is told."""
    try:
        GAME.adjust_stack(st, seat, 10)  # type: ignore[arg-type]
    except IllegalAction as err:
        return str(err)
    raise AssertionError("the top-up was taken")


def test_a_stop_during_the_widow_gives_the_ante_back() -> None:
    st = play(GAME.new(3, 1), (0, "deal"))
    refunds = GAME.hand_refunds(st)
    assert sorted((t.src, t.dst, t.amount) for t in refunds) == [(-1, 0, 8), (-1, 1, 4), (-1, 2, 4)]
    assert GAME.pot(st) == sum(t.amount for t in refunds)  # nothing was carried over


def test_the_extra_hand_is_dealt_first_on_the_dealer_s_left() -> None:
    st = dealt(GAME, 3, 1, {1: ["3C"], 2: ["4C"], 0: ["5C"]}, spare=["2C"])
    assert [st.spare[0], st.hands[1][0], st.hands[2][0], st.hands[0][0]] == ["2C", "3C", "4C", "5C"]


def test_the_dealer_may_exchange_his_hand_for_the_extra_hand_unseen() -> None:
    st = by_dealer(GAME, GAME.new(3, 1))
    old_hand, widow = st.hands[0], st.spare
    assert not set(widow) & set(GAME.view(st, 0)["hand"])
    st = play(st, (0, "exchange"))
    assert st.hands[0] == widow and st.spare == old_hand and st.phase == PLAY and st.turn == 1


def test_the_exchanged_hand_is_dead_and_makes_stops() -> None:
    st = dealt(GAME, 3, 1, {1: ["2H"], 2: ["3H"], 0: ["4H"]})
    st = play(st, (0, "exchange"), (1, "play 2H"))
    assert st.run == ("2H", "3H") and "the 3\u2665 is dead" in GAME.view(st, None)["news"]


def test_a_kept_hand_puts_the_extra_hand_up_for_one_round_of_rising_bids() -> None:
    st = play(GAME.new(3, 1), (0, "deal"), (0, "keep"))
    assert st.phase == AUCTION and st.turn == 1
    st = play(st, (1, "bid 2"))
    assert refusal(st, 2, "bid 2") == "Bid more than 2, or pass."
    assert refusal(st, 2, "bid 500") == "You have 96 chips: bid no more, or pass."
    assert "not your turn" in refusal(st, 1, "bid 5")
    widow, hand2 = st.spare, st.hands[2]
    st = play(st, (2, "bid 3"))
    assert st.phase == PLAY and st.turn == 1
    assert st.hands[2] == widow and st.spare == hand2
    assert st.stacks == (92 + 3, 96, 96 - 3)
    assert [(t.src, t.dst, t.amount) for t in st.moved] == [(2, 0, 3)]


def test_when_nobody_bids_the_extra_hand_stays_dead() -> None:
    st = play(GAME.new(3, 1), (0, "deal"), (0, "keep"))
    widow = st.spare
    st = play(st, (1, "pass"), (2, "pass"))
    assert st.spare == widow and st.phase == PLAY and st.stacks == (92, 96, 96)


def test_with_the_plain_spare_option_there_is_no_widow() -> None:
    st = play(GAME.new(3, 1, PLAIN), (0, "deal"))
    assert st.phase == PLAY and st.turn == 1 and st.stacks == (92, 96, 96)
    assert {t.reason for t in st.moved} == {"stake"}


def test_after_a_stop_the_next_lead_must_be_of_a_different_suit() -> None:
    st = dealt(GAME, 3, 1, {1: ["2H", "5C"], 2: ["3H", "6H", "9D"]}, spare=["4H"], options=PLAIN)
    st = play(st, (1, "play 2H"))
    assert st.turn == 2
    legal = GAME.legal_actions(st, 2)
    assert legal and not any(a.endswith("H") for a in legal)
    assert "other than the one just stopped" in refusal(st, 2, "play 6H")


def test_the_turn_passes_left_when_the_stopper_holds_no_other_suit() -> None:
    hands = ((), ("5H", "9H"), ("2C",), ("KD",))
    assert next_leader(MICHIGAN, hands, 1, "4H") == 2
    only = ((), ("5H",), ("7H",), ())
    assert next_leader(MICHIGAN, only, 1, "4H") == 2  # nobody has another suit: next with cards


def test_the_first_out_is_paid_a_chip_a_card_left() -> None:
    spades = [r + "S" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")]
    st = dealt(GAME, 3, 1, {1: spades}, options=PLAIN)
    st = play(st, (1, "play 2S"))
    assert st.last is not None and st.last.out == 1 and st.last.paid == (13, 0, 13)
    assert st.stacks[1] == 96 + 4 + 26  # the J♠'s boodle, then 26 for cards left


def test_the_kitty_option_adds_a_chip_a_player_won_by_the_first_out() -> None:
    spades = [r + "S" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")]
    st = dealt(GAME, 3, 1, {1: spades}, options={**PLAIN, "michigan_kitty": True})
    st = play(st, (1, "play 2S"))
    assert st.last is not None and st.last.pool == 3


def test_a_player_who_cannot_cover_his_ante_sits_the_deal_out() -> None:
    st = GAME.new(3, 1, stacks=(100, 3, 100))
    assert st.players == (2, 0)
    assert "sit this deal out" in refusal(st, 1, "pass")
