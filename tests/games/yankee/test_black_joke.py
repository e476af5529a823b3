"""Black Joke (bot/games/yankee/black_joke/rules.md): a stacked-deck scenario for every rule, the
chip contract, options, refusals, persistence and the bank's edge."""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from dataclasses import replace

import pytest

from bot.games import IllegalAction, registry
from bot.games.cards import Pack, yankee_pack
from bot.games.chips import Transfer, apply_transfers
from bot.games.rng import commitment, deal_seed, shuffled
from bot.games.yankee.black_joke.game import GAME, BlackJokeState
from tests.helpers import moves_of

PACK = yankee_pack()
PACK_45 = yankee_pack(without_ranks=(0,))


def stacked(*top: str, no_zeros: bool = False) -> list[str]:
    """A deck with these cards on top (dealt first) and the rest of the pack below."""
    rest = [c for c in (PACK_45 if no_zeros else PACK) if c not in top]
    return [*top, *rest]


def pass_deal(state: BlackJokeState) -> BlackJokeState:
    """Everyone awaited passes until the current deal is settled."""
    deal = state.started
    while state.started == deal and GAME.awaiting(state):
        (seat,) = GAME.awaiting(state)
        state = GAME.apply(state, seat, "pass")
    return state


play, refusal = moves_of(GAME)


# --- the game's description ---------------------------------------------------------


def test_info_and_registry() -> None:
    info = GAME.info
    assert registry.get("black-joke") is GAME
    assert (info.key, info.family, info.pack) == ("black-joke", "chips", Pack.YANKEE)
    assert (info.min_seats, info.max_seats) == (2, 10)
    assert info.source == 'Hoyle\'s Games (1857), as retold in "yankee notion cards"'
    assert [o.name for o in info.options] == ["black_joke_no_zeros", "max_rate", "rounds"]
    assert info.rules.count("\n\n") >= 3
    assert "black joke" in info.rules
    assert info.max_actions == 4590


def test_worst_case_game_fits_max_actions() -> None:
    # The longest deal: every punter orders one card, then each extra round sells one card
    # and hears eight passes, until the deck empties: 9 + 40 x 9 + 1 actions a deal.
    state, actions = GAME.new(10, 3, stacks=[1000] * 10), 0
    while GAME.awaiting(state):
        (seat,) = GAME.awaiting(state)
        first = seat == (state.banker + 1) % 10
        action = "buy 1 1" if state.phase == "order" else ("buy 1" if first else "pass")
        state = GAME.apply(state, seat, action)
        actions += 1
    assert actions == 10 * 370 <= GAME.info.max_actions


# --- ordering -----------------------------------------------------------------------


def test_order_pays_the_banker_up_front_and_cards_go_face_down() -> None:
    state = GAME.new(3, 1, deck=stacked("9F", "0F", "3L"))
    assert GAME.awaiting(state) == {1}  # the banker's left orders first
    state = play(state, (1, "buy 3 2"))
    assert GAME.stacks(state) == (106, 94, 100)
    assert GAME.last_transfers(state) == (Transfer(1, 0, 6, "wager"),)
    assert GAME.pot(state) == 0
    assert GAME.view(state, 1)["hand"] == ["9F", "0F", "3L"]
    assert GAME.private_cards(state, 1) == {"9F", "0F", "3L"}
    for seat in (None, 0, 2):
        view = GAME.view(state, seat)
        assert view.get("hand", []) == []
        assert view["seats"][1]["cards"] == 3
        assert not {"9F", "0F", "3L"} & set(json.dumps(view, default=str).replace('"', " ").split())
    assert GAME.awaiting(state) == {2}


def test_private_cards_leave_out_codes_the_last_reveal_shows() -> None:
    state = pass_deal(play(GAME.new(2, 1, deck=stacked("9F", "0F")), (1, "buy 2 1")))
    state = replace(state, deck=tuple(stacked("9F", "1L")))  # stack the second deal
    state = play(state, (0, "buy 2 1"))
    assert GAME.view(state, 0)["hand"] == ["9F", "1L"]
    assert GAME.view(state, None)["last_deal"]["hands"] == [[], ["9F", "0F"]]
    assert GAME.private_cards(state, 0) == {"1L"}  # 9F's code is on show from deal 1


def test_extra_purchases_are_at_the_first_rate() -> None:
    state = play(GAME.new(3, 1, deck=stacked("1L", "2L", "3L", "4L")), (1, "buy 2 3"), (2, "pass"))
    assert state.phase == "extra"
    assert GAME.awaiting(state) == {1}
    reason = refusal(state, 1, "buy 1 2")
    assert "rate is set" in reason
    state = play(state, (1, "buy 2"))
    assert GAME.last_transfers(state) == (Transfer(1, 0, 6, "wager"),)
    assert GAME.view(state, 1)["hand"] == ["1L", "2L", "3L", "4L"]
    assert GAME.stacks(state) == (112, 88, 100)
    assert GAME.view(state, None)["seats"][1]["rate"] == 3


def test_a_punter_who_passes_the_order_round_sits_the_deal_out() -> None:
    state = play(GAME.new(3, 1), (1, "buy 1 1"), (2, "pass"))
    # The extra round goes round only the punters who ordered: seat 2 is never asked again.
    assert GAME.awaiting(state) == {1}
    assert GAME.view(state, None)["seats"][2]["status"] == "passed"
    assert GAME.legal_actions(state, 2) == []
    assert "out of this deal" in refusal(state, 2, "buy 1")
    state = play(state, (1, "buy 1"), (1, "buy 1"))
    assert GAME.awaiting(state) == {1}
    state = play(state, (1, "pass"))
    assert state.started == 2
    assert state.last is not None
    assert state.last.hands[2] == ()
    assert state.last.owed[2] == 0


def test_a_pass_in_an_extra_round_is_asked_again_in_the_next() -> None:
    deck = stacked("1L", "2L", "3L", "4L", "5L", "6L", "7L", "8L")
    state = play(GAME.new(4, 2, deck=deck), (1, "buy 1 1"), (2, "buy 1 1"), (3, "buy 1 1"))
    assert state.phase == "extra"
    assert GAME.awaiting(state) == {1}
    state = play(state, (1, "buy 1"), (2, "pass"))
    assert GAME.view(state, None)["seats"][2]["status"] == "done"
    assert "not your turn" in refusal(state, 2, "buy 1")
    state = play(state, (3, "buy 1"))
    # Somebody bought in extra round 1, so round 2 asks everyone again, seat 2 too.
    state = play(state, (1, "pass"))
    assert GAME.awaiting(state) == {2}
    assert GAME.view(state, None)["seats"][2]["status"] == "buying"
    state = play(state, (2, "buy 2"))
    assert GAME.view(state, 2)["hand"] == ["2L", "6L", "7L"]
    state = play(state, (3, "pass"))
    assert GAME.awaiting(state) == {1}  # seat 2 bought in round 2: round 3
    state = play(state, (1, "pass"), (2, "pass"), (3, "pass"))
    assert state.started == 2
    assert state.last is not None
    assert [len(h) for h in state.last.hands] == [0, 2, 3, 2]


def test_buying_ends_when_every_punter_passes_the_same_round() -> None:
    state = play(GAME.new(4, 2), (1, "buy 1 1"), (2, "pass"), (3, "buy 2 1"))
    assert GAME.awaiting(state) == {1}  # seat 2 sat the deal out at the order
    state = play(state, (1, "pass"), (3, "buy 1"))
    assert GAME.awaiting(state) == {1}  # a buy in round 1: round 2 asks seat 1 again
    state = play(state, (1, "pass"))
    assert GAME.awaiting(state) == {3}
    assert state.started == 1
    state = play(state, (3, "pass"))
    assert state.started == 2  # nobody bought in round 2: the deal is paid
    assert state.last is not None
    assert [len(h) for h in state.last.hands] == [0, 1, 0, 3]


def test_the_deck_running_out_in_an_extra_round_ends_the_buying() -> None:
    state = play(GAME.new(3, 4, stacks=[100, 100, 100]), (1, "buy 40 1"), (2, "buy 5 1"))
    state = play(state, (1, "pass"), (2, "buy 4"))
    assert GAME.awaiting(state) == {1}  # round 2: seat 1 is asked again
    assert GAME.legal_actions(state, 1) == ["buy 1", "pass"]
    state = play(state, (1, "buy 1"))
    # No pass needed from seat 2: the deck is out and the deal is paid.
    assert state.started == 2
    assert state.last is not None
    assert [len(h) for h in state.last.hands] == [0, 41, 9]


def test_a_punter_with_no_chips_is_not_asked() -> None:
    state = GAME.new(3, 8, stacks=[100, 6, 100])
    state = play(state, (1, "buy 3 2"), (2, "buy 1 1"))
    assert GAME.stacks(state)[1] == 0
    assert GAME.awaiting(state) == {2}  # the extra rounds pass seat 1 by
    assert GAME.legal_actions(state, 1) == []
    assert GAME.view(state, None)["seats"][1]["status"] == "done"
    state = play(state, (2, "buy 1"))
    assert GAME.awaiting(state) == {2}  # round 2: still not seat 1
    state = play(state, (2, "pass"))
    assert state.started == 2


def test_buying_ends_when_the_deck_is_empty() -> None:
    state = play(GAME.new(2, 4), (1, "buy 45 1"))
    assert GAME.legal_actions(state, 1)[-2:] == ["buy 5", "pass"]
    assert "at most 5 cards" in refusal(state, 1, "buy 6")
    state = play(state, (1, "buy 5"))
    # No pass needed: the deck is out, the 50 cards pay 45, the bank keeps a tenth.
    assert state.started == 2
    assert GAME.last_transfers(state) == (
        Transfer(1, 0, 5, "wager"),
        Transfer(0, 1, 45, "payout"),
    )
    assert GAME.stacks(state) == (105, 95)


def test_the_deck_can_run_out_in_the_order_round() -> None:
    state = play(GAME.new(3, 4, stacks=[100, 100, 100]), (1, "buy 50 2"))
    assert state.started == 2  # seat 2 never got to order
    assert state.last is not None
    assert state.last.paid == (0, 90, 0)
    assert GAME.stacks(state) == (110, 90, 100)


# --- settlement ---------------------------------------------------------------------


def test_settlement_pays_face_times_rate() -> None:
    deck = stacked("9F", "0F", "3L", "2L", "3E", "4S", "5F", "7F", "1H", "1F")
    state = play(
        GAME.new(4, 5, deck=deck),
        (1, "buy 3 2"),  # 9F 0F 3L at 2: the Watchman pays 18, John Smith nothing
        (2, "buy 3 1"),  # 2L 3E 4S at 1: a black joke, nothing
        (3, "buy 3 3"),  # 5F 7F 1H at 3: (5 + 7) x 3 = 36
        (1, "buy 1"),  # 1F at 2: Mrs Sally Smith pays 2
        (2, "pass"),
        (3, "pass"),
    )
    assert GAME.stacks(state) == (120, 92, 97, 91)
    state = play(state, (1, "pass"), (2, "pass"), (3, "pass"))
    assert GAME.last_transfers(state) == (
        Transfer(0, 1, 20, "payout"),
        Transfer(0, 3, 36, "payout"),
    )
    assert GAME.stacks(state) == (64, 112, 97, 127)
    reveal = GAME.view(state, 2)["last_deal"]
    assert reveal == {
        "deal": 1,
        "banker": 0,
        "hands": [[], ["9F", "0F", "3L", "1F"], ["2L", "3E", "4S"], ["5F", "7F", "1H"]],
        "rates": [0, 2, 1, 3],
        "owed": [0, 20, 0, 36],
        "paid": [0, 20, 0, 36],
    }


def test_a_pass_that_settles_a_deal_of_passes_moves_nothing() -> None:
    state = play(GAME.new(3, 6), (1, "pass"))
    assert GAME.last_transfers(state) == ()
    state = play(state, (2, "pass"))
    assert state.started == 2
    assert GAME.last_transfers(state) == ()
    assert GAME.stacks(state) == (100, 100, 100)


def test_a_bank_that_cannot_cover_pays_in_proportion() -> None:
    state = GAME.new(3, 7, deck=stacked("9F", "8F"), stacks=[5, 100, 100])
    state = play(state, (1, "buy 1 5"), (2, "buy 1 5"), (1, "pass"), (2, "pass"))
    # Owed 45 and 40 out of a bank of 15: 7.94 and 7.06 round down to 7 and 7, and the
    # chip left over goes to the first payee on the payer's left, seat 1.
    assert GAME.last_transfers(state)[-2:] == (
        Transfer(0, 1, 8, "payout"),
        Transfer(0, 2, 7, "payout"),
    )
    assert GAME.stacks(state) == (0, 103, 102)
    assert state.last is not None
    assert state.last.owed == (0, 45, 40)
    assert state.last.paid == (0, 8, 7)


def test_the_leftover_chip_goes_round_from_the_payer_s_left() -> None:
    state = pass_deal(GAME.new(3, 8, stacks=[100, 2, 100]))
    assert state.banker == 1
    state = replace(state, deck=tuple(stacked("2F", "4F")))  # stack the second deal
    state = play(state, (2, "buy 1 2"), (0, "buy 1 1"), (2, "pass"), (0, "pass"))
    # Both are owed 4 from a bank of 5: 2.5 each; the odd chip goes to seat 2, the
    # payer's left, before seat 0.
    assert GAME.last_transfers(state)[-2:] == (
        Transfer(1, 0, 2, "payout"),
        Transfer(1, 2, 3, "payout"),
    )
    assert GAME.stacks(state) == (101, 0, 101)


# --- the bank and the length of the game ---------------------------------------------


def test_the_bank_passes_to_the_left_and_the_game_lasts_rounds_times_seats() -> None:
    state = GAME.new(3, 9, options={"rounds": 2})
    bankers = []
    while GAME.awaiting(state):
        bankers.append(state.banker)
        assert GAME.view(state, None)["deals"] == 6
        state = pass_deal(state)
    assert bankers == [0, 1, 2, 0, 1, 2]
    assert GAME.deal_number(state) == 6
    assert GAME.awaiting(state) == frozenset()


def test_a_seat_without_chips_sits_out_and_is_skipped_as_banker() -> None:
    state = GAME.new(3, 10, stacks=[0, 100, 100])
    assert state.banker == 1
    assert GAME.awaiting(state) == {2}
    assert [s["status"] for s in GAME.view(state, None)["seats"]] == ["out", "bank", "buying"]
    assert "out of this deal" in refusal(state, 0, "pass")
    state = pass_deal(state)
    assert state.banker == 2  # the bank passes left from seat 1, who stood in for seat 0
    assert GAME.awaiting(state) == {1}
    state = pass_deal(state)
    assert state.banker == 1  # seat 0 still has no chips: seat 1 banks, not seat 2 again
    assert GAME.awaiting(state) == {2}
    state = pass_deal(state)
    assert GAME.is_over(state)
    assert GAME.deal_number(state) == 3


def test_the_game_ends_when_fewer_than_two_seats_have_chips() -> None:
    state = GAME.new(2, 11, deck=stacked("9F"), stacks=[10, 100], options={"rounds": 5})
    state = play(state, (1, "buy 1 5"), (1, "pass"))
    assert GAME.stacks(state) == (0, 110)
    assert GAME.is_over(state)
    assert GAME.deal_number(state) == 1
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.points == (-10, 10)
    assert outcome.winners == (1,)
    assert outcome.transfers == (Transfer(0, 1, 10, "result"),)
    assert "Seat 1" in outcome.summary
    assert "game is over" in refusal(state, 1, "pass")
    assert GAME.is_over(GAME.new(3, 1, stacks=[0, 0, 5]))


def test_outcome_when_nobody_gains() -> None:
    state = GAME.new(2, 12)
    assert GAME.outcome(state) is None
    state = pass_deal(pass_deal(state))
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert (outcome.points, outcome.winners, outcome.transfers) == ((0, 0), (), ())


# --- options ------------------------------------------------------------------------


def test_no_zeros_removes_the_five_zeros() -> None:
    state = GAME.new(2, 13, options={"black_joke_no_zeros": True})
    assert len(GAME.cards(state)) == 45
    assert not any(card.startswith("0") for card in GAME.cards(state))
    state = play(state, (1, "buy 45 2"))
    # Every card bought at rate 2 pays 45 x 2 = 90: an even game.
    assert GAME.stacks(state) == (100, 100)
    with pytest.raises(IllegalAction, match="45 cards"):
        GAME.new(2, 13, options={"black_joke_no_zeros": "yes"}, deck=PACK)
    assert GAME.new(2, 13, {"black_joke_no_zeros": True}, deck=stacked(no_zeros=True)).deck == (
        PACK_45
    )


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"jokers": 2}, "no option 'jokers'"),
        ({"max_rate": 0}, "from 1 to 100"),
        ({"max_rate": 101}, "from 1 to 100"),
        ({"max_rate": "lots"}, "whole number"),
        ({"rounds": 21}, "from 1 to 20"),
        ({"rounds": 0}, "from 1 to 20"),
        ({"black_joke_no_zeros": "maybe"}, "true or false"),
    ],
)
def test_bad_options_are_refused(options: dict[str, object], words: str) -> None:
    with pytest.raises(IllegalAction, match=words):
        GAME.new(3, 1, options=options)


def test_max_rate_bounds_the_rate() -> None:
    state = GAME.new(2, 14, options={"max_rate": 2})
    assert "highest rate at this table is 2" in refusal(state, 1, "buy 1 3")
    assert GAME.view(state, 1)["max_rate"] == 2
    assert GAME.apply(state, 1, "buy 1 2").rates == (0, 2)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"seats": 1}, "2-10 players"),
        ({"seats": 11}, "2-10 players"),
        ({"stacks": [100, 100]}, "one stack per seat"),
        ({"stacks": [100, -1, 100]}, "0 or more"),
        ({"stacks": [100, 2.5, 100]}, "whole number"),
        ({"stacks": [100, True, 100]}, "whole number"),
        ({"deck": PACK[:-1]}, "exactly once"),
        ({"deck": [*PACK[:-1], "9F"]}, "exactly once"),
        ({"deck": [*PACK[:-1], "XX"]}, "not a Yankee Notion card"),
    ],
)
def test_bad_setups_are_refused(kwargs: dict[str, object], words: str) -> None:
    args: dict[str, object] = {"seats": 3, "seed": 1, **kwargs}
    with pytest.raises(IllegalAction, match=words):
        GAME.new(**args)  # type: ignore[arg-type]


def test_a_stacked_deck_is_dealt_as_given_and_parsed() -> None:
    deck = [c.lower() for c in reversed(PACK)]
    state = GAME.new(2, 1, deck=deck)
    assert state.deck == tuple(reversed(PACK))


# --- refusals -----------------------------------------------------------------------

ORDER_REFUSALS = [
    ("", "Write 'buy K R'"),
    ("buy", "Write 'buy K R'"),
    ("BUY 3 2", "Write 'buy K R'"),
    ("buy  3 2", "Write 'buy K R'"),
    (" pass", "Write 'buy K R'"),
    ("pass now", "Write 'buy K R'"),
    ("buy 3 2 1", "Write 'buy K R'"),
    ("stake 3 2", "Write 'buy K R'"),
    ("buy 3 2" + " " * 40, "Write 'buy K R'"),
    ("buy 3", "Name your rate too"),
    ("buy x 2", "'x' is not one"),
    ("buy 2.5 1", "'2.5' is not one"),
    ("buy -3 2", "'-3' is not one"),
    ("buy 3 ½", "'½' is not one"),
    ("buy 0 2", "at least one card"),
    ("buy 3 0", "at least 1 chip"),
    ("buy 03 2", "without leading zeros"),
    ("buy 99999999999999999999 1", "at most 50 cards: that is all the deck has left"),
    ("buy 3 6", "highest rate at this table is 5 chips"),
    ("buy 2 99999999999999999999", "highest rate at this table is 5 chips"),
    ("buy 6 2", "You have 10 chips: 6 cards at 2 cost 12."),
]


@pytest.mark.parametrize(("action", "words"), ORDER_REFUSALS)
def test_malformed_and_illegal_orders_are_refused(action: str, words: str) -> None:
    state = GAME.new(3, 15, stacks=[100, 10, 100])
    assert words in refusal(state, 1, action)
    assert action not in GAME.legal_actions(state, 1)


def test_wrong_seats_are_refused() -> None:
    state = GAME.new(3, 15)
    assert "hold the bank" in refusal(state, 0, "buy 1 1")
    assert "not your turn: seat 1 is buying" in refusal(state, 2, "buy 1 1")
    assert "no seat 7" in refusal(state, 7, "pass")
    assert "no seat -1" in refusal(state, -1, "pass")


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ("buy 2 2", "rate is set for this deal"),
        ("buy", "Write 'buy K'"),
        ("buy 0", "at least one card"),
        ("buy 48", "at most 47 cards"),
        ("buy 5", "You have 4 chips: 5 cards at 2 cost 10."),
    ],
)
def test_malformed_and_illegal_extra_buys_are_refused(action: str, words: str) -> None:
    state = play(GAME.new(2, 16, stacks=[100, 10]), (1, "buy 3 2"))
    assert state.phase == "extra"
    assert words in refusal(state, 1, action)


def test_legal_actions_are_exactly_what_apply_accepts() -> None:
    state = GAME.new(3, 17, stacks=[100, 7, 100])
    legal = GAME.legal_actions(state, 1)
    assert legal == sorted(legal)
    assert "pass" in legal
    expected = {f"buy {k} {r}" for r in range(1, 6) for k in range(1, 7 // r + 1)}
    assert set(legal) == expected | {"pass"}
    for action in legal:
        GAME.apply(state, 1, action)
    assert GAME.legal_actions(state, 0) == []
    assert GAME.legal_actions(state, 2) == []
    extra = play(state, (1, "buy 1 3"), (2, "pass"))
    assert GAME.legal_actions(extra, 1) == ["buy 1", "pass"]  # 4 chips left, the rate is 3
    assert "You have 4 chips: 2 cards at 3 cost 6." in refusal(extra, 1, "buy 2")
    broke = play(state, (1, "buy 2 3"), (2, "pass"))
    assert broke.started == 2  # 1 chip cannot buy a card at 3: seat 1 is not asked again


def test_actions_in_words() -> None:
    assert GAME.describe_action("buy 3 2") == "Buy 3 cards at 2 chips each"
    assert GAME.describe_action("buy 1 1") == "Buy 1 card at 1 chip each"
    assert GAME.describe_action("buy 2") == "Buy 2 more cards"
    assert GAME.describe_action("pass") == "Pass"


# --- chips between hands --------------------------------------------------------------


def test_between_hands_and_refunds() -> None:
    state = GAME.new(3, 18)
    assert GAME.between_hands(state)
    assert GAME.hand_refunds(state) == ()
    passed = play(state, (1, "pass"))
    assert not GAME.between_hands(passed)  # the deal is under way, though no chip moved
    state = play(state, (1, "buy 3 2"), (2, "buy 2 1"))
    assert not GAME.between_hands(state)
    refunds = GAME.hand_refunds(state)
    assert refunds == (Transfer(0, 1, 6, "refund"), Transfer(0, 2, 2, "refund"))
    assert apply_transfers(GAME.stacks(state), 0, refunds) == ((100, 100, 100), 0)
    state = pass_deal(state)
    assert GAME.between_hands(state)
    assert GAME.hand_refunds(state) == ()


def test_adjust_stack_between_deals_only() -> None:
    state = GAME.new(3, 19)
    topped = GAME.adjust_stack(state, 1, 50)
    assert GAME.stacks(topped) == (100, 150, 100)
    assert GAME.last_transfers(topped) == ()
    cashed = GAME.adjust_stack(topped, 2, -100)
    assert GAME.stacks(cashed) == (100, 150, 0)
    assert GAME.awaiting(cashed) == {1}
    assert GAME.view(cashed, None)["seats"][2]["status"] == "out"
    with pytest.raises(IllegalAction, match="only 150 chips"):
        GAME.adjust_stack(topped, 1, -151)
    with pytest.raises(IllegalAction, match="no seat 3"):
        GAME.adjust_stack(topped, 3, 1)
    with pytest.raises(IllegalAction, match="only between deals"):
        GAME.adjust_stack(play(state, (1, "buy 1 1")), 1, 10)
    # Top-ups and cash-outs are not winnings: the outcome counts from the adjusted stacks.
    over = pass_deal(pass_deal(pass_deal(topped)))
    outcome = GAME.outcome(over)
    assert outcome is not None
    assert outcome.points == (0, 0, 0)


def test_adjust_stack_reseats_the_waiting_deal() -> None:
    state = GAME.new(3, 20, stacks=[0, 100, 100])
    assert state.banker == 1
    state = GAME.adjust_stack(state, 0, 40)  # seat 0 can bank its own deal after all
    assert state.banker == 0
    assert GAME.awaiting(state) == {1}
    over = GAME.adjust_stack(GAME.adjust_stack(state, 1, -100), 2, -100)
    assert GAME.is_over(over)
    assert GAME.between_hands(over)
    assert GAME.stacks(GAME.adjust_stack(over, 1, 5)) == (40, 5, 0)


# --- persistence, shuffles and views ---------------------------------------------------


def test_dump_and_load_round_trip_through_json() -> None:
    state = GAME.new(4, 21, stacks=[100, 60, 30, 1])
    rng = random.Random(21)
    seen = 0
    while GAME.awaiting(state):
        data = json.loads(json.dumps(GAME.dump(state)))
        assert GAME.load(data) == state
        (seat,) = GAME.awaiting(state)
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        seen += 1
    assert GAME.load(json.loads(json.dumps(GAME.dump(state)))) == state
    assert seen > 10
    assert state.last is not None


def test_same_seed_same_shuffle_and_each_deal_reshuffles() -> None:
    first = GAME.new(3, 22)
    assert first == GAME.new(3, 22)
    assert first.deck == shuffled(PACK, 22, 0) != GAME.new(3, 23).deck
    second = pass_deal(first)
    assert second.deck == shuffled(PACK, 22, 1) != first.deck
    assert Counter(GAME.cards(second)) == Counter(PACK)


def test_views_show_the_commitment_and_reveal_seeds_at_the_end() -> None:
    state = GAME.new(2, 24)
    view = GAME.view(state, None)
    assert view["commitment"] == commitment(deal_seed(24, 0))
    assert deal_seed(24, 0) not in json.dumps(view, default=str)
    assert view["game"] == "black-joke"
    assert (view["deal"], view["deals"], view["phase"]) == (1, 2, "order")
    assert (view["banker"], view["turn"], view["cards_left"]) == (0, 1, 50)
    assert "hand" not in view
    assert "deal_seeds" not in view
    state = pass_deal(state)
    assert GAME.view(state, 0)["commitment"] == commitment(deal_seed(24, 1))
    over = pass_deal(state)
    end = GAME.view(over, None)
    assert end["phase"] == "over"
    assert end["turn"] is None
    assert end["deal_seeds"] == [deal_seed(24, 0), deal_seed(24, 1)]
    assert end["final_stacks"] == [100, 100]
    assert json.loads(json.dumps(end)) == end


def test_cards_are_conserved_and_hidden_through_random_play() -> None:
    rng = random.Random(25)
    for seed in range(20):
        seats = rng.randint(2, 10)
        state = GAME.new(seats, seed, options={"rounds": 2})
        while GAME.awaiting(state):
            assert Counter(GAME.cards(state)) == Counter(PACK)
            hidden = {s: set(state.hands[s]) for s in range(seats)}
            for viewer in range(seats):
                view = GAME.view(state, viewer)
                assert set(view["hand"]) == hidden[viewer]
                assert GAME.private_cards(state, viewer) <= hidden[viewer]
                # The last deal's reveal names cards that may be in a hand again now.
                del view["last_deal"]
                view["scene"].pop("lines", None)  # the same reveal, in words
                shown = set(json.dumps(view, default=str).replace('"', " ").split())
                others = set().union(*(hidden[s] for s in range(seats) if s != viewer))
                assert not shown & others
            (seat,) = GAME.awaiting(state)
            assert seat != state.banker
            chips = sum(GAME.stacks(state))
            state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            assert sum(GAME.stacks(state)) == chips
            assert min(GAME.stacks(state)) >= 0
        outcome = GAME.outcome(state)
        assert outcome is not None
        assert sum(outcome.points) == 0


# --- the bank's edge --------------------------------------------------------------------


def bank_edge(no_zeros: bool, deals: int) -> tuple[float, float]:
    """The bank's share of what was bet over random orders, and its standard error."""
    rng = random.Random(26 + no_zeros)
    bets: list[tuple[int, int]] = []  # per deal: (chips wagered, chips paid out)
    seed = 0
    options = {"black_joke_no_zeros": no_zeros, "rounds": 20}
    while len(bets) < deals:
        state = GAME.new(4, seed, options=options, stacks=[10**9] * 4)
        seed += 1
        while GAME.awaiting(state):
            (seat,) = GAME.awaiting(state)
            ordering = state.phase == "order"
            action = f"buy {rng.randint(1, 8)} {rng.randint(1, 5)}" if ordering else "pass"
            last = state.last
            state = GAME.apply(state, seat, action)
            if state.last is not last and state.last is not None:
                wagered = sum(
                    r * len(h) for r, h in zip(state.last.rates, state.last.hands, strict=True)
                )
                bets.append((wagered, sum(state.last.paid)))
    total_bet = sum(w for w, _ in bets)
    ratio = sum(p for _, p in bets) / total_bet
    spread = math.sqrt(sum((p - ratio * w) ** 2 for w, p in bets) / (len(bets) - 1))
    return 1 - ratio, spread * math.sqrt(len(bets)) / total_bet


@pytest.mark.parametrize(("no_zeros", "edge"), [(False, 0.10), (True, 0.0)])
def test_the_bank_s_edge_is_a_tenth_or_nothing_without_zeros(no_zeros: bool, edge: float) -> None:
    measured, error = bank_edge(no_zeros, 6000)
    assert error < 0.015  # precise enough to tell 10% from 0%
    assert abs(measured - edge) < 4 * error, (measured, error)


# --- the scene the table picture draws ---------------------------------------------------


def test_the_scene_shows_own_cards_face_up_and_others_as_backs() -> None:
    state = GAME.new(3, 4, deck=list(PACK))
    state = GAME.apply(state, 1, "buy 2 3")  # seat 1 takes 0F 1F from the top
    mine = GAME.view(state, 1)["scene"]
    theirs = GAME.view(state, 2)["scene"]
    public = GAME.view(state, None)["scene"]
    assert mine["seats"][1]["cards"] == ["0F", "1F"] and mine["seats"][1]["backs"] == 0
    for other in (theirs, public):
        assert other["seats"][1]["cards"] == [] and other["seats"][1]["backs"] == 2
    assert mine["seats"][0]["badge"] == "bank"
    assert mine["seats"][1]["note"] == "rate 3"
    assert mine["seats"][2].get("active") is True  # seat 2 orders next
    assert mine["pack"] == "yankee"
    assert {"label": "Cards left", "value": "48"} in mine["counters"]
    assert mine["seats"][1]["chips"] == 94 and mine["seats"][0]["chips"] == 106
