"""Quien Sabe (bot/games/yankee/quien_sabe/rules.md): a stacked-deck scenario for every rule, the
chip contract, the options, the refusals, the views and the table picture."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

import pytest

from bot.games import IllegalAction
from bot.games.cards import Pack, yankee_pack
from bot.games.chips import POT, Transfer
from bot.games.stakes import DEAL_USAGE
from bot.games.yankee.quien_sabe.flow import MAX_REDEALS, SOFT_DEALS, evolve
from bot.games.yankee.quien_sabe.game import GAME, QuienSabeState
from tests.games.dealing import by_dealer, dealing
from tests.helpers import moves_of

PACK = yankee_pack()


def deck_for(players: Sequence[int], hands: Mapping[int, Sequence[str]]) -> list[str]:
    """A deck that deals these six cards to each player (players in order from elder):
    three each from elder, then three more; the rest of the pack below."""
    top: list[str] = []
    for batch in (0, 1):
        for s in players:
            top += hands[s][batch * 3 : batch * 3 + 3]
    return [*top, *(c for c in PACK if c not in top)]


def two(
    elder: Sequence[str], dealer: Sequence[str], options: Mapping[str, object] | None = None
) -> QuienSabeState:
    """A two-handed game: seat 1 (elder) and seat 0 (dealer) hold these cards."""
    return new(2, 1, options, deck=deck_for((1, 0), {1: elder, 0: dealer}))


play, refusal = moves_of(GAME)
new = dealing(GAME)


def pass_out(state: QuienSabeState) -> QuienSabeState:
    """Everyone passes, playing their highest card (never a zero in round one), until the
    current deal ends."""
    deal = GAME.deal_number(state)
    while GAME.deal_number(state) == deal and GAME.awaiting(state):
        (seat,) = GAME.awaiting(state)
        legal = GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, "pass" if "pass" in legal else legal[-1])
    return state


LOW_1 = ["5L", "1L", "2L", "3L", "4L", "6L"]
LOW_0 = ["5E", "1E", "2E", "3E", "4E", "6E"]


# --- the game's description -----------------------------------------------------------------


def test_info() -> None:
    info = GAME.info
    assert (info.key, info.family, info.pack) == ("quien-sabe", "chips", Pack.YANKEE)
    assert (info.min_seats, info.max_seats) == (2, 8)
    assert info.source == 'Hoyle\'s Games (1857), as retold in "yankee notion cards"'
    names = [o.name for o in info.options]
    assert names == [
        "ante",
        "rate",
        "exact_bonus",
        "quien_sabe_soft_score",
        "soft_target",
        "rounds",
    ]
    defaults = {o.name: o.default for o in info.options}
    assert defaults == {
        "ante": 1,
        "rate": 1,
        "exact_bonus": 0,
        "quien_sabe_soft_score": False,
        "soft_target": 100,
        "rounds": 1,
    }
    # Eight deals of eight players: the voids' cards, round one, five rounds of card + 8 choices.
    assert info.max_actions == 8 * (MAX_REDEALS * 7 + 8 + 5 * 8 * 9)
    assert "Quien sabe" in info.rules


def test_describe_action() -> None:
    assert GAME.describe_action("call") == "Quien sabe!"
    assert GAME.describe_action("pass") == "I pass"
    assert GAME.describe_action("play 7F") == "Play Ruth, the Quakeress (7F)"
    assert GAME.describe_action("play 7L") == "Play the 7 of flags (7L)"


# --- the deal ---------------------------------------------------------------------------


def test_six_cards_each_in_two_batches_of_three_from_elder() -> None:
    deck = list(PACK)
    state = new(3, 1, deck=deck)
    # Elder is seat 1, then seat 2, then the dealer, seat 0.
    assert GAME.view(state, 1)["hand"] == [*deck[0:3], *deck[9:12]]
    assert GAME.view(state, 2)["hand"] == [*deck[3:6], *deck[12:15]]
    assert GAME.view(state, 0)["hand"] == [*deck[6:9], *deck[15:18]]
    assert len(state.deck) == 50 - 18
    assert GAME.awaiting(state) == {1}
    assert GAME.view(state, None)["qsn"] == 30
    assert sorted(GAME.cards(state)) == sorted(PACK)


def test_the_qsn_is_ten_a_player_dealt_in() -> None:
    for seats in range(2, 9):
        assert GAME.view(new(seats, 4), None)["qsn"] == 10 * seats
    # A seat that cannot cover the ante sits out and does not count.
    state = new(4, 4, stacks=[100, 100, 0, 100])
    view = GAME.view(state, None)
    assert view["players"] == [1, 3, 0]
    assert view["qsn"] == 30
    assert GAME.view(state, 2)["hand"] == []
    assert refusal(state, 2, "play 1L").startswith("You sit this deal out")


def test_the_antes_go_in_with_the_dealer_s_deal_before_a_card_is_seen() -> None:
    state = GAME.new(2, 1, deck=deck_for((1, 0), {1: LOW_1, 0: LOW_0}))
    assert GAME.awaiting(state) == {0} and GAME.legal_actions(state, 0) == ["deal"]
    assert GAME.between_hands(state) and GAME.hand_refunds(state) == ()
    assert GAME.view(state, 1)["hand"] == [] and GAME.pot(state) == 0
    assert refusal(state, 1, "play 5L") == "It is not your turn: seat 0 deals."
    assert refusal(state, 0, "pass") == DEAL_USAGE
    state = play(state, (0, "deal"))
    assert GAME.last_transfers(state) == (Transfer(0, POT, 1, "ante"), Transfer(1, POT, 1, "ante"))
    assert GAME.stacks(state) == (99, 99)
    assert GAME.pot(state) == 2
    assert GAME.view(state, 1)["hand"] == LOW_1 and GAME.awaiting(state) == {1}
    assert not GAME.between_hands(state)  # a card is seen: the deal is under way
    assert GAME.hand_refunds(state) == (
        Transfer(POT, 0, 1, "refund"),
        Transfer(POT, 1, 1, "refund"),
    )
    with pytest.raises(IllegalAction, match="between deals"):
        GAME.adjust_stack(state, 0, 5)
    state = play(state, (1, "play 5L"))
    assert GAME.last_transfers(state) == ()


def test_the_ante_option() -> None:
    state = play(two(LOW_1, LOW_0, {"ante": 3}), (1, "play 5L"))
    assert GAME.stacks(state) == (97, 97)
    assert GAME.pot(state) == 6


def test_a_top_up_between_deals_seats_the_waiting_deal_again() -> None:
    state = GAME.new(3, 2, stacks=[100, 0, 100])
    assert GAME.view(state, None)["players"] == [2, 0]
    cards = sorted(GAME.cards(state))
    topped = GAME.adjust_stack(state, 1, 10)
    assert GAME.stacks(topped) == (100, 10, 100)
    assert GAME.view(topped, None)["players"] == [1, 2, 0]
    assert GAME.awaiting(topped) == {0} and topped.deck == state.deck  # not dealt yet
    dealt = by_dealer(GAME, topped)
    assert len(GAME.view(dealt, 1)["hand"]) == 6
    assert sorted(GAME.cards(dealt)) == cards
    # Dealt from the same unseen shuffle: as if the deal had been made to three.
    assert dealt.hands == new(3, 2).hands
    with pytest.raises(IllegalAction, match="between deals"):
        GAME.adjust_stack(dealt, 0, 5)
    with pytest.raises(IllegalAction, match="only 100 chips"):
        GAME.adjust_stack(state, 0, -101)
    # Cashing out so that one player is left ends the game.
    over = GAME.adjust_stack(state, 2, -100)
    assert GAME.is_over(over)


# --- round one, face up, and the void-and-redeal ------------------------------


def test_round_one_is_face_up_and_nobody_may_call() -> None:
    state = two(LOW_1, LOW_0)
    assert "round one" in refusal(state, 1, "call")
    assert "round one" in refusal(state, 0, "pass")
    state = play(state, (1, "play 5L"))
    assert GAME.view(state, None)["face_up"] == [[], ["5L"]]
    assert GAME.view(state, None)["face_up_total"] == 5
    assert GAME.legal_actions(state, 0) == sorted(f"play {c}" for c in LOW_0)
    assert "round one" in refusal(state, 0, "call")
    state = play(state, (0, "play 5E"))
    assert GAME.view(state, None)["face_up_total"] == 10
    assert GAME.view(state, None)["round"] == 2
    assert GAME.awaiting(state) == {1}


def test_a_zero_counts_ten_and_a_deal_within_ten_of_the_qsn_is_void() -> None:
    state = two(["0L", *LOW_1[1:]], LOW_0)
    state = play(state, (1, "play 0L"))  # 20 - 10 <= 10, and it is not the round's last card
    assert GAME.deal_number(state) == 2  # a fresh shuffle
    assert state.dealer == 0 and GAME.awaiting(state) == {1}  # the same dealer redeals
    assert GAME.pot(state) == 2 and GAME.stacks(state) == (99, 99)  # the antes stay
    assert GAME.last_transfers(state) == ()
    assert not GAME.between_hands(state)  # the same hand goes on
    assert GAME.hand_refunds(state) == (
        Transfer(POT, 0, 1, "refund"),
        Transfer(POT, 1, 1, "refund"),
    )
    last = GAME.view(state, None)["last"]
    assert (last["kind"], last["total"], last["qsn"]) == ("void", 10, 20)
    assert last["face_up"] == [[], ["0L"]]
    assert GAME.view(state, None)["face_up"] == [[], []]
    assert sorted(GAME.cards(state)) == sorted(PACK)
    # No new ante on the redeal's first card.
    legal = GAME.legal_actions(state, 1)
    card = next(a for a in reversed(legal) if not a.startswith("play 0"))
    state = play(state, (1, card))
    assert GAME.last_transfers(state) == ()
    assert GAME.pot(state) == 2
    lines = GAME.view(state, None)["scene"]["lines"]
    assert any("void" in line for line in lines)


def test_eleven_short_of_the_qsn_is_not_void() -> None:
    # Three players, QSN 30: after 9 and a zero, 30 - 19 = 11.
    hands = {1: ["9L", *LOW_1[1:]], 2: ["0E", *LOW_0[1:]], 0: ["5S", "1S", "2S", "3S", "4S", "6S"]}
    state = new(3, 1, deck=deck_for((1, 2, 0), hands))
    state = play(state, (1, "play 9L"), (2, "play 0E"))
    assert GAME.deal_number(state) == 1
    assert GAME.awaiting(state) == {0}


def test_exactly_ten_short_before_the_last_card_is_void() -> None:
    hands = {1: ["0L", *LOW_1[1:]], 2: ["0E", *LOW_0[1:]], 0: ["5S", "1S", "2S", "3S", "4S", "6S"]}
    state = new(3, 1, deck=deck_for((1, 2, 0), hands))
    state = play(state, (1, "play 0L"))  # 30 - 10 = 20: play on
    assert GAME.deal_number(state) == 1
    state = play(state, (2, "play 0E"))  # 30 - 20 = 10: void
    assert GAME.deal_number(state) == 2
    assert GAME.pot(state) == 3


def test_the_last_card_of_round_one_never_voids() -> None:
    state = two(LOW_1, ["0E", *LOW_0[1:]])
    state = play(state, (1, "play 5L"), (0, "play 0E"))  # 20 - 15 = 5, but the round is over
    assert GAME.deal_number(state) == 1
    assert GAME.view(state, None)["round"] == 2


def test_voids_in_a_row_stop_after_the_cap() -> None:
    state = two(["0L", *LOW_1[1:]], LOW_0)
    for _ in range(MAX_REDEALS):
        state = evolve(state, hands=(state.hands[0], ("0L", *state.hands[1][1:])))
        state = play(state, (1, "play 0L"))
    assert state.redeals == MAX_REDEALS
    state = evolve(state, hands=(state.hands[0], ("0L", *state.hands[1][1:])))
    before = GAME.deal_number(state)
    state = play(state, (1, "play 0L"))
    assert GAME.deal_number(state) == before  # played out this time
    assert GAME.awaiting(state) == {0}


# --- the face-down rounds and the choices -------------------------------------


def test_face_down_then_each_player_chooses_in_turn() -> None:
    hands = {1: LOW_1, 2: LOW_0, 0: ["5S", "1S", "2S", "3S", "4S", "6S"]}
    state = new(3, 1, deck=deck_for((1, 2, 0), hands))
    state = play(state, (1, "play 5L"), (2, "play 5E"), (0, "play 5S"))
    state = play(state, (1, "play 1L"), (1, "pass"), (2, "pass"), (0, "pass"))
    assert GAME.awaiting(state) == {2}
    assert "face down first" in refusal(state, 2, "call")
    state = play(state, (2, "play 2E"))
    assert GAME.view(state, None)["chooser"] == 2  # the player who just played first
    assert GAME.legal_actions(state, 2) == ["call", "pass"]
    assert "not your turn" in refusal(state, 0, "call")
    state = play(state, (2, "pass"))
    assert GAME.view(state, None)["chooser"] == 0  # then clockwise from his left
    assert "first" in refusal(state, 0, "play 1S")
    state = play(state, (0, "pass"), (1, "pass"))
    assert GAME.awaiting(state) == {0}
    assert GAME.view(state, None)["phase"] == "play"
    assert "face down first" in refusal(state, 0, "call")
    assert "seat 0 plays next" in refusal(state, 1, "call")


def test_players_see_their_own_face_down_cards_only() -> None:
    state = play(two(LOW_1, LOW_0), (1, "play 5L"), (0, "play 5E"), (1, "play 1L"))
    assert GAME.view(state, 1)["my_face_down"] == ["1L"]
    assert GAME.private_cards(state, 1) == {"1L", "2L", "3L", "4L", "6L"}
    for viewer in (None, 0):
        view = GAME.view(state, viewer)
        assert view["face_down"] == [0, 1]
        words = set(json.dumps(view, default=str).replace('"', " ").split())
        assert "1L" not in words and "2L" not in words
        assert view["scene"]["seats"][1]["backs"] == 1
    own = GAME.view(state, 1)["scene"]
    assert own["seats"][1]["backs"] == 0 and "1L" in own["seats"][1]["note"]
    assert own["groups"][0]["cards"] == ["2L", "3L", "4L", "6L"]


# --- the call and its payout -------------------------------------------------------


def test_a_call_below_the_qsn_pays_each_other_player_and_the_pool_stays() -> None:
    state = play(two(LOW_1, LOW_0), (1, "play 5L"), (0, "play 5E"), (1, "play 1L"))
    state = play(state, (1, "call"))  # 5 + 5 + 1 = 11 < 20: short by 9
    assert GAME.last_transfers(state) == (Transfer(1, 0, 9, "difference"),)
    assert GAME.stacks(state) == (108, 90)
    assert GAME.pot(state) == 2  # carries over
    last = GAME.view(state, None)["last"]
    assert (last["kind"], last["caller"], last["total"], last["qsn"]) == ("call", 1, 11, 20)
    assert last["face_down"] == [[], ["1L"]] and last["net"] == [9, -9] and last["pool"] == 0
    # The next deal: the deal has passed left, and nothing has moved in it yet.
    assert GAME.deal_number(state) == 2 and state.dealer == 1
    assert GAME.awaiting(state) == {1}  # the new dealer deals
    assert GAME.between_hands(state) and GAME.hand_refunds(state) == ()
    state = play(state, (1, "deal"))
    assert GAME.pot(state) == 4  # the carried pool and the new antes
    assert GAME.hand_refunds(state) == (
        Transfer(POT, 0, 1, "refund"),
        Transfer(POT, 1, 1, "refund"),
    )


def test_a_good_call_takes_the_pool_and_the_difference_at_the_rate() -> None:
    hand = ["9L", "8L", "2L", "3L", "4L", "6L"]
    state = play(two(hand, LOW_0, {"rate": 2}), (1, "play 9L"), (0, "play 5E"))
    state = play(state, (1, "play 8L"), (1, "call"))  # 22: two over the QSN of 20
    assert GAME.last_transfers(state) == (
        Transfer(POT, 1, 2, "payout"),
        Transfer(0, 1, 4, "difference"),
    )
    assert GAME.stacks(state) == (95, 105)
    assert GAME.pot(state) == 0
    lines = GAME.view(state, None)["scene"]["lines"]
    assert (
        lines[0] == "Deal 1: seat 1 called Quien sabe at 22 (QSN 20, good) and took the pool of 2."
    )
    assert lines[1:] == ["Seat 0: 5E, -4 chips", "Seat 1: 9L 8L, +6 chips"]


def test_a_call_exactly_at_the_qsn_takes_the_pool_only() -> None:
    hand = ["5L", "0L", "2L", "3L", "4L", "6L"]
    state = play(two(hand, LOW_0), (1, "play 5L"), (0, "play 5E"), (1, "play 0L"), (1, "call"))
    assert GAME.last_transfers(state) == (Transfer(POT, 1, 2, "payout"),)
    assert GAME.stacks(state) == (99, 101)


def test_the_exact_bonus() -> None:
    hand = ["5L", "0L", "2L", "3L", "4L", "6L"]
    state = two(hand, LOW_0, {"exact_bonus": 3})
    state = play(state, (1, "play 5L"), (0, "play 5E"), (1, "play 0L"), (1, "call"))
    assert GAME.last_transfers(state) == (
        Transfer(POT, 1, 2, "payout"),
        Transfer(0, 1, 3, "difference"),
    )
    # No bonus a point over.
    hand = ["5L", "0L", "1L", "3L", "4L", "6L"]
    state = two(hand, ["6E", "1E", "2E", "3E", "4E", "5E"], {"exact_bonus": 3})
    state = play(state, (1, "play 5L"), (0, "play 6E"), (1, "play 0L"), (1, "call"))
    assert GAME.last_transfers(state)[1] == Transfer(0, 1, 1, "difference")


def test_a_player_without_a_face_down_card_may_call() -> None:
    hand = ["9L", "8L", "2L", "3L", "4L", "6L"]
    state = play(two(hand, LOW_0), (1, "play 9L"), (0, "play 5E"), (1, "play 8L"), (1, "pass"))
    assert GAME.view(state, 0)["my_face_down"] == []
    state = play(state, (0, "call"))  # 22: a good call for seat 0
    assert GAME.last_transfers(state) == (
        Transfer(POT, 0, 2, "payout"),
        Transfer(1, 0, 2, "difference"),
    )


def test_a_payer_who_cannot_cover_the_difference_pays_what_he_has() -> None:
    hands = {
        1: ["9L", "0L", "8L", "3L", "4L", "6L"],
        2: LOW_0,
        0: ["9S", "1S", "2S", "3S", "4S", "6S"],
    }
    state = new(3, 1, deck=deck_for((1, 2, 0), hands), stacks=[100, 100, 4])
    state = play(state, (1, "play 9L"), (2, "play 5E"), (0, "play 9S"))  # 23
    state = play(state, (1, "play 0L"), (1, "pass"), (2, "pass"), (0, "pass"))  # 33
    state = play(state, (2, "play 1E"), (2, "pass"), (0, "pass"), (1, "call"))  # 34: 4 over
    assert GAME.last_transfers(state) == (
        Transfer(POT, 1, 3, "payout"),
        Transfer(2, 1, 3, "difference"),  # owed 4, has 3
        Transfer(0, 1, 4, "difference"),
    )
    assert GAME.stacks(state) == (95, 109, 0)


def test_a_short_caller_pays_in_proportion() -> None:
    hands = {1: LOW_1, 2: LOW_0, 0: ["5S", "1S", "2S", "3S", "4S", "6S"]}
    state = new(3, 1, deck=deck_for((1, 2, 0), hands), stacks=[100, 6, 100])
    state = play(state, (1, "play 5L"), (2, "play 5E"), (0, "play 5S"), (1, "play 6L"))
    state = play(state, (1, "pass"), (2, "pass"), (0, "pass"), (2, "play 4E"), (2, "pass"))
    state = play(state, (0, "pass"), (1, "call"))  # 25: owes 5 to each, has 5
    # 5 x 5 // 10 = 2 each, the odd chip to the first payee on his left (seat 2).
    assert GAME.last_transfers(state) == (
        Transfer(1, 0, 2, "difference"),
        Transfer(1, 2, 3, "difference"),
    )
    assert GAME.stacks(state) == (101, 0, 102)


def test_nobody_calling_in_six_rounds_voids_the_deal_and_the_pool_carries_over() -> None:
    state = pass_out(two(LOW_1, LOW_0))
    assert GAME.deal_number(state) == 2 and state.dealer == 1
    assert GAME.stacks(state) == (99, 99) and GAME.pot(state) == 2
    last = GAME.view(state, None)["last"]
    assert last["kind"] == "nocall" and last["unseen"] == [5, 5] and last["face_down"] == [[], []]
    assert any("nobody called" in line for line in GAME.view(state, None)["scene"]["lines"])


# --- the end of the game -------------------------------------------------------------------


def test_the_game_lasts_a_round_of_deals_and_shares_a_pool_left_over() -> None:
    state = new(3, 5, stacks=[100, 100, 1])
    state = pass_out(state)  # seat 2 put in its last chip
    assert GAME.view(state, None)["players"] == [0, 1]
    state = pass_out(pass_out(state))
    assert GAME.is_over(state)
    assert GAME.deal_number(state) == 3
    # Pool of 3 + 2 + 2. The deal passed 0, 1, then past seat 2 (no chips) to seat 0 again,
    # so the last deal's elder (seat 1) has the odd chip.
    assert state.dealer == 0
    assert GAME.last_transfers(state) == (
        Transfer(POT, 1, 3, "close"),
        Transfer(POT, 2, 2, "close"),
        Transfer(POT, 0, 2, "close"),
    )
    assert GAME.pot(state) == 0
    outcome = GAME.outcome(state)
    assert outcome is not None and sum(outcome.points) == 0
    assert outcome.points == (-1, 0, 1)  # three antes each from seats 0 and 1, one from 2
    assert GAME.view(state, None)["scene"]["title"] == "Quien Sabe - over"
    assert "over" in refusal(state, 0, "pass")


def test_the_game_ends_when_fewer_than_two_can_cover_the_ante() -> None:
    state = new(2, 1, deck=deck_for((1, 0), {1: LOW_1, 0: LOW_0}), stacks=[100, 10])
    state = play(state, (1, "play 5L"), (0, "play 5E"), (1, "play 1L"), (1, "call"))
    assert GAME.stacks(state) == (109, 1)  # the pool of 2 shared when the game ends
    assert GAME.is_over(state)
    assert GAME.last_transfers(state)[-2:] == (
        Transfer(POT, 1, 1, "close"),
        Transfer(POT, 0, 1, "close"),
    )


def test_rounds_option() -> None:
    state = new(2, 6, {"rounds": 2})
    assert state.deals == 4


# --- soft score ---------------------------------------------------------------------


def test_soft_score_moves_no_chips_and_keeps_points_on_paper() -> None:
    soft = {"quien_sabe_soft_score": True}
    state = two(LOW_1, LOW_0, soft)
    assert GAME.last_transfers(state) == () and GAME.pot(state) == 0
    assert GAME.stacks(state) == (100, 100)
    assert state.scores == (-1, -1) and GAME.view(state, None)["pool"] == 2
    assert not GAME.between_hands(state) and GAME.hand_refunds(state) == ()
    state = play(state, (1, "play 5L"), (0, "play 5E"), (1, "play 1L"), (1, "call"))
    assert state.scores == (8, -10)  # short by 9, paid on paper; the paper pool stays
    assert GAME.view(state, None)["pool"] == 2
    assert GAME.view(state, None)["scene"]["seats"][0]["score"] == 8


def test_soft_score_first_to_the_target_wins() -> None:
    soft = {"quien_sabe_soft_score": True, "rate": 2}
    hand = ["9L", "0L", "2L", "3L", "4L", "6L"]
    state = play(two(hand, LOW_0, soft), (1, "play 9L"), (0, "play 5E"), (1, "play 0L"))
    state = evolve(state, scores=(0, 80))
    state = play(state, (1, "call"))  # 24: 4 over at rate 2, and the pool of 2
    assert state.scores == (-8, 90)
    assert not GAME.is_over(state)
    state = play(two(hand, LOW_0, soft), (1, "play 9L"), (0, "play 5E"), (1, "play 0L"))
    state = evolve(state, scores=(0, 90))
    state = play(state, (1, "call"))
    assert state.scores == (-8, 100)
    assert GAME.is_over(state)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == (1,) and outcome.points == (0, 0)
    assert "reached 100 points" in outcome.summary


def test_soft_score_target_option_and_deal_cap() -> None:
    soft = {"quien_sabe_soft_score": True, "soft_target": 10, "rounds": 1}
    hand = ["9L", "0L", "2L", "3L", "4L", "6L"]
    state = play(two(hand, LOW_0, soft), (1, "play 9L"), (0, "play 5E"), (1, "play 0L"))
    state = play(state, (1, "call"))  # 24: -1 + 2 + 4 = 5, short of 10: go on (rounds ignored)
    assert not GAME.is_over(state) and state.deals == SOFT_DEALS
    state = evolve(state, dealt=SOFT_DEALS)
    state = pass_out(state)
    assert GAME.is_over(state)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (1,)
    assert "led after 200 deals" in outcome.summary


# --- refusals, persistence ----------------------------------------------------------------


def test_refusals() -> None:
    state = two(LOW_1, LOW_0)
    assert "do not hold 5E" in refusal(state, 1, "play 5E")
    assert "not a Yankee Notion card" in refusal(state, 1, "play ZZ")
    assert "Write 'play'" in refusal(state, 1, "bid 3")
    assert "Write 'play'" in refusal(state, 1, "play")
    assert "not your turn" in refusal(state, 0, "play 5E")
    assert "no seat 5" in refusal(state, 5, "play 5L")
    state = play(state, (1, "play 5L"), (0, "play 5E"), (1, "play 1L"))
    assert "'call'" in refusal(state, 1, "bid 3")


def test_dump_and_load() -> None:
    state = play(two(LOW_1, LOW_0), (1, "play 5L"), (0, "play 5E"), (1, "play 1L"), (1, "call"))
    data = json.loads(json.dumps(GAME.dump(state)))
    assert GAME.load(data) == state


def test_private_cards_leave_out_codes_the_last_reveal_shows() -> None:
    state = play(two(LOW_1, LOW_0), (1, "play 5L"), (0, "play 5E"), (1, "play 1L"), (1, "call"))
    shown = {"5L", "5E", "1L"}
    for seat in (0, 1):
        assert not GAME.private_cards(state, seat) & shown
        assert GAME.private_cards(state, seat) == set(state.hands[seat]) - shown
