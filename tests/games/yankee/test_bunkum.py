"""Bunkum (bot/games/yankee/bunkum/rules.md): a stacked-deck scenario for every rule, the fifteens
optimiser against a brute force, the tie-break, the chip contract, refusals and views."""

from __future__ import annotations

import functools
import itertools
import json
import random
from collections.abc import Sequence

import pytest

from bot.games import IllegalAction
from bot.games.cards import Pack, yankee_pack
from bot.games.chips import POT, Transfer
from bot.games.stakes import DEAL_USAGE
from bot.games.yankee.bunkum.game import GAME
from bot.games.yankee.fifteens import (
    best_batches,
    discard_fifteens,
    remaining,
    rotation,
    tie_break,
    tied_lowest,
)
from tests.games.dealing import by_dealer, dealing
from tests.helpers import moves_of

PACK = yankee_pack()


def stacked(hands: dict[int, list[str]], reserve: Sequence[str] = (), dealer: int = 0) -> list[str]:
    """A deck dealing these hands (one card at a time from the dealer's left), then this
    reserve (top first), then the rest of the pack."""
    seats = max(hands) + 1
    order = [s for s in rotation((dealer + 1) % seats, seats) if s in hands]
    top = [hands[s][r] for r in range(len(hands[order[0]])) for s in order]
    top += list(reserve)
    assert len(set(top)) == len(top)
    return [*top, *(c for c in PACK if c not in top)]


play, refusal = moves_of(GAME)
new = dealing(GAME)


def shown(view: object) -> set[str]:
    """Every word-like string in a view."""
    return set(json.dumps(view, default=str).replace('"', " ").replace(",", " ").split())


# Two players. Elder (seat 1): zeros and ones, total 5. Dealer (seat 0): twos and threes,
# 25, whose best fifteen is the five threes (five cards, not 3+3+3+2+2+2): total 10.
LOW = ["0F", "0L", "0E", "0S", "0H", "1F", "1L", "1E", "1S", "1H"]
TENS = ["2F", "2L", "2E", "2S", "2H", "3F", "3L", "3E", "3S", "3H"]
RESERVE = ["9F", "8F", "7F", "6F", "5F"]

# Three players, 9 cards each. Seat 1 (elder): 9+6, 8+7, 5+5+5, keeps 2 3 (5, 2 cards).
# Seat 2: 9+6, 8+7, keeps 2 3 0 0 0 (5, 5 cards). Seat 0: 9+6, 8+7, keeps 4 4 2 1 1 (12).
THREE = {
    1: ["9F", "6F", "8F", "7F", "5F", "5L", "5E", "2F", "3F"],
    2: ["9E", "6E", "8E", "7E", "2L", "3L", "0F", "0L", "0E"],
    0: ["9S", "6S", "8S", "7S", "4S", "4H", "2E", "1E", "1S"],
}


# --- the fifteens -------------------------------------------------------------------


@functools.cache
def brute(values: tuple[int, ...]) -> tuple[int, int]:
    """(batches, -cards laid aside) by trying every batch the first card could head."""
    values = tuple(v for v in values if v)
    if not values:
        return 0, 0
    first, rest = values[0], values[1:]
    best = brute(rest)
    for k in range(1, len(rest) + 1):
        for pick in itertools.combinations(range(len(rest)), k):
            if first + sum(rest[i] for i in pick) == 15:
                left = tuple(v for i, v in enumerate(rest) if i not in pick)
                b, used = brute(left)
                best = max(best, (b + 1, used - 1 - k))
    return best


def test_fifteens_match_a_brute_force_on_random_hands() -> None:
    rng = random.Random(1)
    values = [int(c[0]) for c in PACK]
    for _ in range(300):
        hand = rng.sample(values, rng.randint(6, 11))
        batches = best_batches(hand)
        assert all(sum(b) == 15 for b in batches)
        assert (len(batches), -sum(map(len, batches))) == brute(tuple(sorted(hand)))
        total, kept = remaining(hand)
        assert total == sum(hand) - 15 * len(batches)
        assert kept == len(hand) - sum(map(len, batches))


def test_a_case_where_greedy_fails() -> None:
    # Greedy takes the 9 with 5 and 1 (15) and is left 5 5 3 3 = 16; the best is 1.
    assert sorted(best_batches([9, 5, 5, 5, 3, 3, 1])) == [(5, 5, 5), (9, 3, 3)]
    assert remaining([9, 5, 5, 5, 3, 3, 1]) == (1, 1)


def test_cards_that_fit_several_batches() -> None:
    # The 4s fit 8+4+3 and 6+5+4 and both batches are needed: nothing is left.
    assert sorted(best_batches([8, 6, 5, 4, 4, 3, 1])) == [(6, 5, 4), (8, 4, 3)]
    assert remaining([8, 6, 5, 4, 4, 3, 1]) == (1, 1)
    # The 9 fits 9+6 and 9+5+1, the 6 fits 9+6 and 6+5+4: two batches either way, all gone.
    assert remaining([9, 6, 5, 5, 4, 1]) == (0, 0)


def test_equal_totals_keep_more_cards() -> None:
    # 3+3+3+3+3 and 3+3+3+2+2+2 both leave 10; five threes keep five cards, not four.
    assert best_batches([2, 2, 2, 2, 2, 3, 3, 3, 3, 3]) == ((3, 3, 3, 3, 3),)
    assert remaining([2, 2, 2, 2, 2, 3, 3, 3, 3, 3]) == (10, 5)
    # 9+6 or 9+4+2 or 6+4+3+2: the pair keeps the most cards.
    assert best_batches([9, 6, 4, 3, 2]) == ((9, 6),)


def test_zeros_never_join_a_batch() -> None:
    batches, kept = discard_fifteens(["0F", "9F", "6L", "0E", "5S", "5H", "5E"])
    assert batches == (("9F", "6L"), ("5S", "5H", "5E"))
    assert kept == ("0F", "0E")
    assert remaining([0, 0, 0, 0, 0]) == (0, 5)
    assert best_batches([0, 7, 8, 0]) == ((8, 7),)


def test_the_tie_break_is_a_pure_function() -> None:
    assert rotation(2, 4) == [2, 3, 0, 1]
    assert tie_break({0: 5, 1: 4, 2: 9}, {0: 1, 1: 1, 2: 8}, 1, 3) == 1  # lowest total
    assert tie_break({0: 5, 1: 5, 2: 5}, {0: 2, 1: 1, 2: 2}, 1, 3) == 2  # cards, then rotation
    assert tie_break({0: 5, 2: 5}, {0: 3, 2: 3}, 1, 3) == 2
    assert tie_break({0: 5, 2: 5}, {0: 3, 2: 3}, 0, 3) == 0
    assert tied_lowest({0: 5, 1: 7, 2: 5}, 1, 3) == [2, 0]


# --- the game's description and the deal ---------------------------------------------


def test_info() -> None:
    info = GAME.info
    assert (info.key, info.family, info.pack) == ("bunkum", "chips", Pack.YANKEE)
    assert (info.min_seats, info.max_seats) == (2, 4)
    assert [o.name for o in info.options] == ["ante", "rate", "bunkum_split_ties", "rounds"]
    assert [o.default for o in info.options] == [1, 1, False, 1]
    assert "fifteen" in info.rules.lower()
    assert GAME.describe_action("bid 3") == "Bid 3 chips for the reserve card"
    assert GAME.describe_action("bid 1") == "Bid 1 chip for the reserve card"
    assert GAME.describe_action("pass") == "Pass on this card"


@pytest.mark.parametrize(("seats", "size"), [(2, 10), (3, 9), (4, 8)])
def test_the_deal_schedule(seats: int, size: int) -> None:
    state = new(seats, 1, deck=PACK)
    order = rotation(1, seats)
    for i, s in enumerate(order):
        assert state.hands[s] == PACK[i : size * seats : seats]  # one at a time from elder
    assert state.reserve == PACK[size * seats : size * seats + 5]
    assert len(state.dead) == 50 - size * seats - 5
    assert sorted(GAME.cards(state)) == sorted(PACK)
    assert GAME.view(state, None)["reserve_left"] == 5
    assert GAME.awaiting(state) == {1}


def test_the_antes_go_in_with_the_dealer_s_deal_before_a_card_is_seen() -> None:
    state = GAME.new(3, 1, options={"ante": 2})
    assert GAME.awaiting(state) == {0} and GAME.legal_actions(state, 0) == ["deal"]
    assert GAME.pot(state) == 0 and GAME.stacks(state) == (100, 100, 100)
    assert GAME.between_hands(state) and GAME.hand_refunds(state) == ()
    assert not any(GAME.view(state, s)["hand"] for s in range(3))
    assert refusal(state, 1, "pass") == "It is not your turn: seat 0 deals."
    assert refusal(state, 0, "pass") == DEAL_USAGE
    state = play(state, (0, "deal"))
    assert GAME.last_transfers(state) == tuple(Transfer(s, POT, 2, "ante") for s in range(3))
    assert GAME.pot(state) == 6 and GAME.stacks(state) == (98, 98, 98)
    assert len(GAME.view(state, 1)["hand"]) == 9 and GAME.awaiting(state) == {1}
    assert not GAME.between_hands(state)  # a card is seen: the deal is under way
    assert GAME.hand_refunds(state) == tuple(Transfer(POT, s, 2, "refund") for s in range(3))
    assert GAME.legal_actions(state, 1)[-2:] == ["bid 98", "pass"]
    state = play(state, (1, "pass"), (2, "bid 4"))
    assert GAME.last_transfers(state) == ()


# --- the auction --------------------------------------------------------------------


def test_a_card_is_sold_blind_to_the_last_bidder() -> None:
    state = new(2, 1, deck=stacked({1: LOW, 0: TENS}, RESERVE))
    state = play(state, (1, "bid 2"), (0, "bid 3"))
    assert GAME.view(state, None)["bid"] == 3 and GAME.view(state, None)["bidder"] == 0
    state = play(state, (1, "pass"))
    assert GAME.last_transfers(state) == (Transfer(0, POT, 3, "bid"),)
    assert GAME.stacks(state) == (96, 99) and GAME.pot(state) == 5
    assert state.hands[0][-1] == "9F" and len(state.hands[0]) == 11
    assert GAME.view(state, 0)["bought_cards"] == ["9F"]
    assert "9F" in GAME.private_cards(state, 0)
    for viewer in (None, 1):
        view = GAME.view(state, viewer)
        assert "9F" not in shown(view)
        assert view["seats"][0]["cards"] == 11 and view["seats"][0]["bought"] == 1
    # The next card: elder opens again, nobody has passed on it.
    assert GAME.awaiting(state) == {1}
    assert GAME.view(state, None)["reserve_left"] == 4
    assert GAME.view(state, None)["bid"] == 0
    assert not any(s["passed"] for s in GAME.view(state, None)["seats"])
    assert GAME.hand_refunds(state) == (
        Transfer(POT, 0, 4, "refund"),
        Transfer(POT, 1, 1, "refund"),
    )


def test_passing_leaves_this_card_s_auction_only() -> None:
    state = new(3, 2)
    state = play(state, (1, "bid 1"), (2, "pass"), (0, "bid 2"), (1, "bid 3"))
    assert GAME.awaiting(state) == {0}  # seat 2 passed: the bidding goes round without him
    assert "passed on this card" in refusal(state, 2, "bid 5")
    state = play(state, (0, "pass"))
    assert len(state.hands[1]) == 10 and GAME.stacks(state) == (99, 96, 99)
    assert GAME.awaiting(state) == {1}
    state = play(state, (1, "pass"), (2, "bid 1"))  # seat 2 bids on the next card
    assert GAME.awaiting(state) == {0}


def test_the_last_to_speak_may_open_and_takes_the_card() -> None:
    state = new(3, 2)
    state = play(state, (1, "pass"), (2, "pass"), (0, "bid 1"))
    assert len(state.hands[0]) == 10 and GAME.pot(state) == 4
    assert GAME.last_transfers(state)[-1] == Transfer(0, POT, 1, "bid")


def test_the_reserve_sold_out_leads_to_the_showdown() -> None:
    state = new(2, 1, deck=stacked({1: LOW, 0: TENS}, RESERVE))
    for _ in range(5):
        state = play(state, (1, "bid 1"), (0, "pass"))
    # Elder bought all five (9 8 7 6 5): 9+6, 8+7 go, the 5 stays: 5 + 5 = 10 with 12 cards.
    last = GAME.view(state, None)["last_deal"]
    assert last["discarded"] == 0
    assert last["hands"][1] == [*LOW, *RESERVE]
    assert sorted(last["batches"][1]) == [["8F", "7F"], ["9F", "6F"]]
    assert last["kept"][1] == [*LOW, "5F"]
    assert last["totals"] == [10, 10]
    assert last["winners"] == [1]  # eleven cards kept beat five
    assert state.started == 2 and GAME.pot(state) == 0  # the next deal is dealt


def test_everyone_passing_abandons_the_rest_of_the_reserve() -> None:
    state = new(2, 1, deck=stacked({1: LOW, 0: TENS}, RESERVE))
    state = play(state, (1, "bid 1"), (0, "pass"), (1, "pass"), (0, "pass"))
    last = state.last
    assert last is not None and last.discarded == 4
    assert last.hands[1] == (*LOW, "9F")  # 9F was sold; the other four are thrown away
    assert last.totals == (10, 14)
    assert last.winners == (0,)
    assert "8F" not in shown(GAME.view(state, None)["last_deal"])  # never seen


# --- the showdown -------------------------------------------------------------------


def test_the_lowest_total_wins_the_pot_and_the_differences() -> None:
    state = new(2, 1, options={"rate": 2}, deck=stacked({1: LOW, 0: TENS}, RESERVE))
    assert GAME.last_transfers(state) == (Transfer(0, POT, 1, "ante"), Transfer(1, POT, 1, "ante"))
    state = play(state, (1, "pass"), (0, "pass"))
    assert GAME.last_transfers(state) == (
        Transfer(POT, 1, 2, "payout"),
        Transfer(0, 1, 10, "difference"),
    )
    assert GAME.stacks(state) == (89, 111)
    last = GAME.view(state, 0)["last_deal"]
    assert last["batches"] == [[["3F", "3L", "3E", "3S", "3H"]], []]
    assert last["kept"][0] == TENS[:5] and last["totals"] == [10, 5]
    assert last["winners"] == [1] and last["owed"] == [10, 0] and last["paid"] == [10, 0]
    assert last["won"] == [0, 2] and last["received"] == [0, 10]
    scene = GAME.view(state, 0)["scene"]
    labels = [g["label"] for g in scene["groups"]]
    assert "Seat 0: fifteen 1" in labels and "Seat 0 keeps 10" in labels
    assert any("wins the pot" in line for line in scene["lines"])


def test_a_tie_is_broken_by_cards_remaining() -> None:
    state = new(3, 1, deck=stacked(THREE))
    state = play(state, (1, "pass"), (2, "pass"), (0, "pass"))
    assert state.last is not None
    assert state.last.totals == (12, 5, 5)
    assert state.last.winners == (2,)  # five cards kept beat elder's two
    assert GAME.stacks(state) == (92, 99, 109)


def test_a_tie_is_broken_by_rotation_from_elder() -> None:
    # Both keep one 5: elder (seat 1) wins the tie; seat 0 pays nothing.
    one = ["9F", "6F", "8F", "7F", "9L", "6L", "5F", "5L", "5E", "5S"]
    other = ["9E", "6E", "8E", "7E", "9S", "6S", "4F", "4L", "7S", "5H"]
    state = new(2, 1, deck=stacked({1: one, 0: other}))
    state = play(state, (1, "pass"), (0, "pass"))
    assert state.last is not None and state.last.totals == (5, 5)
    assert [len(k) for k in state.last.kept] == [1, 1]
    assert state.last.winners == (1,)
    assert GAME.stacks(state) == (99, 101)


def test_split_ties_share_the_pot_and_the_differences() -> None:
    state = new(3, 1, options={"bunkum_split_ties": True}, deck=stacked(THREE))
    state = play(state, (1, "pass"), (2, "pass"), (0, "pass"))
    assert state.last is not None and state.last.winners == (1, 2)
    # Pot 3 shared 2/1 and seat 0's difference of 7 shared 4/3, odd chips from elder.
    assert state.last.won == (0, 2, 1) and state.last.received == (0, 4, 3)
    assert GAME.stacks(state) == (92, 105, 103)


def test_a_payer_who_cannot_cover_pays_what_he_has() -> None:
    state = new(2, 1, stacks=[3, 100], deck=stacked({1: LOW, 0: TENS}))
    state = play(state, (1, "pass"), (0, "pass"))
    assert state.last is not None and state.last.owed == (5, 0) and state.last.paid == (2, 0)
    assert GAME.stacks(state) == (0, 103)
    assert GAME.is_over(state)  # seat 0 cannot cover the next ante
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.points == (-3, 3) and GAME.pot(state) == 0


def test_a_short_payer_shares_his_stack_among_tied_winners_in_proportion() -> None:
    options = {"bunkum_split_ties": True}
    state = new(3, 1, options=options, stacks=[4, 100, 100], deck=stacked(THREE))
    state = play(state, (1, "pass"), (2, "pass"), (0, "pass"))
    # Owed 4 and 3 out of 3 chips: 1 and 1, the odd chip to the payer's left (seat 1).
    assert state.last is not None and state.last.received == (0, 2, 1)
    assert GAME.stacks(state)[0] == 0


# --- seats, chips and the game's length ------------------------------------------------


def test_a_seat_that_cannot_cover_the_ante_sits_out() -> None:
    state = GAME.new(3, 1, stacks=[0, 100, 100], deck=PACK)
    assert state.dealer == 1 and not GAME.view(state, None)["seats"][0]["playing"]
    assert "sit this deal out" in refusal(state, 0, "pass")
    dealt = by_dealer(GAME, state)
    assert dealt.hands[0] == () and len(dealt.hands[1]) == 10  # the two-player schedule
    topped = GAME.adjust_stack(state, 0, 10)  # a top-up before the deal deals him in
    assert topped.dealer == 0 and topped.deck == state.deck  # the same unseen shuffle
    assert [len(h) for h in by_dealer(GAME, topped).hands] == [9, 9, 9]
    with pytest.raises(IllegalAction, match="only between deals"):
        GAME.adjust_stack(dealt, 0, 5)


def test_a_player_with_nothing_left_may_only_pass() -> None:
    state = play(new(2, 1, stacks=[1, 100]), (1, "bid 1"))
    assert GAME.legal_actions(state, 0) == ["pass"]
    assert "cannot top" in refusal(state, 0, "bid 2")


def test_the_deal_passes_left_and_the_game_lasts_rounds_times_seats() -> None:
    state = new(3, 4, options={"rounds": 2})
    elders: list[int] = []
    while GAME.awaiting(state):
        if state.started > len(elders):
            elders.append(state.elder)
        (seat,) = GAME.awaiting(state)
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[-1])  # deal, or pass
    assert GAME.deal_number(state) == 6
    assert elders == [1, 2, 0, 1, 2, 0]


def test_the_deal_passes_one_seat_a_hand_past_a_seat_that_sits_out() -> None:
    state = GAME.new(3, 4, stacks=[100, 0, 100])
    dealers: list[int] = []
    while GAME.awaiting(state):
        if state.started > len(dealers):
            dealers.append(state.dealer)
        (seat,) = GAME.awaiting(state)
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[-1])
    assert dealers == [0, 2, 0]  # seat 1 has no chips; seat 2 deals once, not twice
    outcome = GAME.outcome(state)
    assert outcome is not None and sum(outcome.points) == 0 and GAME.pot(state) == 0
    assert GAME.load(json.loads(json.dumps(GAME.dump(state)))) == state


# --- refusals -----------------------------------------------------------------------


def test_bid_refusals() -> None:
    state = play(new(3, 1, stacks=[100, 100, 10]), (1, "bid 3"))
    assert "more than the standing bid of 3 chips" in refusal(state, 2, "bid 3")
    assert "more than the standing bid" in refusal(state, 2, "bid 2")
    assert "only 9 chips" in refusal(state, 2, "bid 10")
    assert "lowest bid is 1" in refusal(state, 2, "bid 0")
    assert "whole number" in refusal(state, 2, "bid three")
    assert "whole number" in refusal(state, 2, "bid -4")
    assert "leading zeros" in refusal(state, 2, "bid 04")
    assert "how many chips" in refusal(state, 2, "bid")
    assert "Write 'bid N'" in refusal(state, 2, "raise 4")
    assert "not your turn: seat 2" in refusal(state, 0, "bid 4")
    assert "no seat 7" in refusal(state, 7, "pass")
    assert GAME.legal_actions(state, 0) == []
    assert GAME.legal_actions(state, 2) == [
        "bid 4",
        "bid 5",
        "bid 6",
        "bid 7",
        "bid 8",
        "bid 9",
        "pass",
    ]


def test_the_game_over_refuses_everything() -> None:
    state = new(2, 1, stacks=[1, 1])
    state = play(state, (1, "pass"), (0, "pass"))
    assert GAME.is_over(state)
    assert "game is over" in refusal(state, 0, "pass")


def test_the_picture_shows_blind_buys_as_backs_to_others() -> None:
    state = new(2, 1, deck=stacked({1: LOW, 0: TENS}, RESERVE))
    state = play(state, (1, "bid 1"), (0, "pass"))
    mine = GAME.view(state, 1)["scene"]
    assert mine["seats"][1]["cards"] == [*LOW, "9F"] and mine["seats"][1]["backs"] == 0
    assert "bought 1" in mine["seats"][1]["note"]
    theirs = GAME.view(state, 0)["scene"]
    assert theirs["seats"][1]["cards"] == [] and theirs["seats"][1]["backs"] == 11
    assert theirs["groups"][0] == {"kind": "pile", "label": "Reserve", "cards": [], "backs": 4}
    assert "9F" not in shown(theirs)
    state = play(state, (1, "pass"))
    assert GAME.view(state, None)["seats"][1]["passed"]
    assert GAME.view(state, None)["scene"]["seats"][1]["note"] == "passed, bought 1"


def test_a_state_dumps_and_loads_mid_auction() -> None:
    state = play(new(4, 9), (1, "bid 2"), (2, "pass"), (3, "bid 5"))
    data = json.loads(json.dumps(GAME.dump(state)))
    assert GAME.load(data) == state
    assert GAME.apply(GAME.load(data), 0, "bid 6") == GAME.apply(state, 0, "bid 6")


def test_the_longest_auctions_fit_max_actions() -> None:
    # Every card fought over one chip at a time until a stack runs out.
    state, actions = new(4, 2), 0
    while GAME.awaiting(state):
        (seat,) = GAME.awaiting(state)
        legal = GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, f"bid {state.bid + 1}" if len(legal) > 1 else "pass")
        actions += 1
    assert actions <= GAME.info.max_actions
    assert sum(GAME.stacks(state)) == 400 and GAME.pot(state) == 0
