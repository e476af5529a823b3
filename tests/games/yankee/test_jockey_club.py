"""Jockey Club (bot/games/yankee/jockey_club/rules.md; the chip policy): a stacked-deck
scenario for every rule, the auction's refusals, the chip contract, options, views and
persistence."""

from __future__ import annotations

import json
import random

import pytest

from bot.games import IllegalAction
from bot.games.cards import Pack, yankee_pack
from bot.games.chips import POT, Transfer, apply_transfers
from bot.games.stakes import DEAL_USAGE
from bot.games.yankee.jockey_club.game import GAME
from tests.games.dealing import by_dealer, dealing
from tests.helpers import moves_of

PACK = yankee_pack(without_ranks=(0,))
PACK_40 = yankee_pack(without_ranks=(0, 5))


def stacked(*hands: str, turn: str = "", fives: bool = True) -> list[str]:
    """A deck dealing these hands (space-separated, elder's first, dealer's last), one card
    at a time, then the cards in `turn`, then the rest of the pack."""
    cards = [h.split() for h in hands]
    top = [hand[i] for i in range(len(cards[0])) for hand in cards]
    top += turn.split()
    rest = [c for c in (PACK if fives else PACK_40) if c not in top]
    return [*top, *rest]


play, refusal = moves_of(GAME)
new = dealing(GAME)


# Two players: seat 1 (elder) holds 14 in three cards and the turn-up 6L makes 20 in four;
# the dealer, seat 0, holds 12 and claims with nothing.
TWO = stacked("9L 1L 4L", "2L 3L 7L", turn="6L")


def test_info() -> None:
    info = GAME.info
    assert (info.key, info.family, info.pack) == ("jockey-club", "chips", Pack.YANKEE)
    assert (info.min_seats, info.max_seats) == (2, 5)
    assert [o.name for o in info.options] == [
        "ante",
        "dealer_may_console",
        "jockey_remove_fives",
        "rounds",
    ]
    assert [o.default for o in info.options] == [5, True, False, 1]
    assert "turn the corner" in info.rules
    assert info.max_actions == 5030


# --- the deal -------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_each_player_gets_n_plus_one_cards_and_a_card_is_turned_up(seats: int) -> None:
    state = new(seats, seats)
    assert [len(h) for h in state.hands] == [seats + 1] * seats
    assert state.turnup and state.turnup[0] != "5"
    assert sorted(GAME.cards(state)) == sorted(PACK)
    assert len(PACK) == 45 and not any(c[0] == "0" for c in PACK)
    assert len(state.deck) == 45 - seats * (seats + 1) - 1 - len(state.buried)


def test_cards_go_one_at_a_time_from_elder() -> None:
    state = new(3, 1, deck=PACK)
    # dealer 0, elder 1: the pack's first cards go 1, 2, 0, 1, 2, 0 ...
    assert state.hands[1] == ("1F", "4F", "7F", "1L")
    assert state.hands[2] == ("2F", "5F", "8F", "2L")
    assert state.hands[0] == ("3F", "6F", "9F", "3L")
    assert state.turnup == "4L"
    assert GAME.awaiting(state) == {1}


def test_a_turned_up_five_is_buried_and_the_next_card_turned() -> None:
    state = new(2, 1, deck=stacked("9L 1L 4L", "2L 3L 7L", turn="5L 5E 6L"))
    assert state.turnup == "6L"
    assert state.buried == ("5L", "5E")
    view = GAME.view(state, None)
    assert view["turnup"] == "6L" and view["buried"] == ["5L", "5E"]


def test_remove_fives_strips_every_five() -> None:
    state = new(5, 3, {"jockey_remove_fives": True})
    cards = GAME.cards(state)
    assert len(cards) == 40 and not any(c[0] == "5" for c in cards)
    assert [len(h) for h in state.hands] == [6] * 5
    with pytest.raises(IllegalAction, match="40 cards"):
        new(2, 1, {"jockey_remove_fives": True}, deck=PACK)
    ok = new(2, 1, {"jockey_remove_fives": True}, deck=PACK_40)
    assert ok.turnup == PACK_40[6] and ok.buried == ()


# --- the ante ---------------------------------------------------------------------------


def test_the_antes_go_in_with_the_dealer_s_deal_before_a_card_is_seen() -> None:
    state = GAME.new(2, 1, deck=TWO)
    assert GAME.awaiting(state) == {0} and GAME.legal_actions(state, 0) == ["deal"]
    assert GAME.between_hands(state) and GAME.hand_refunds(state) == ()
    assert GAME.view(state, 1)["hand"] == [] and GAME.view(state, 1)["turnup"] is None
    assert GAME.pot(state) == 0 and GAME.view(state, 1)["pot_for_offers"] == 10
    assert refusal(state, 1, "deal") == "It is not your turn: seat 0 deals."
    assert refusal(state, 0, "pass") == DEAL_USAGE
    state = play(state, (0, "deal"))
    assert GAME.last_transfers(state) == (Transfer(0, POT, 5, "ante"), Transfer(1, POT, 5, "ante"))
    assert GAME.stacks(state) == (95, 95) and GAME.pot(state) == 10
    assert len(GAME.view(state, 1)["hand"]) == 3 and GAME.awaiting(state) == {1}
    assert not GAME.between_hands(state)  # a card is seen: the deal is under way
    refunds = GAME.hand_refunds(state)
    assert apply_transfers(GAME.stacks(state), 10, refunds) == ((100, 100), 0)
    with pytest.raises(IllegalAction, match="only between deals"):
        GAME.adjust_stack(state, 0, 10)


def test_the_ante_option_and_a_seat_that_cannot_cover_it_sits_out() -> None:
    state = new(3, 2, {"ante": 7}, stacks=[100, 6, 100])
    assert state.hands[1] == () and [len(state.hands[s]) for s in (0, 2)] == [3, 3]
    assert GAME.awaiting(state) == {2}  # the elder is the first seat dealt in
    assert GAME.view(state, None)["seats"][1]["status"] == "out"
    assert "sit this deal out" in refusal(state, 1, "pass")
    state = play(state, (2, "pass"))
    assert GAME.stacks(state) == (93, 6, 93) and GAME.pot(state) == 14


def test_a_dealer_who_cannot_cover_the_ante_passes_the_deal_left() -> None:
    state = new(3, 2, stacks=[4, 100, 100])
    assert (state.dealer, state.elder) == (1, 2)
    state = play(state, (2, "pass"), (1, "pass"))  # nobody offers: the next deal
    assert state.started == 2 and (state.dealer, state.elder) == (2, 1)  # not seat 1 again


# --- the auction ------------------------------------------------------------------------


def test_a_consoler_is_refused_a_bid_but_may_console_for_less() -> None:
    state = play(new(3, 1), (1, "console 5"), (2, "console 3"), (0, "pass"))
    assert "turn the corner" in refusal(state, 1, "bid 1")
    assert "bid" not in " ".join(GAME.legal_actions(state, 1))
    state = play(state, (1, "console 2"))
    assert GAME.view(state, None)["standing"] == {"offer": "console 2", "holder": 1}


def test_a_player_who_has_not_consoled_may_turn_the_corner() -> None:
    state = play(new(3, 1), (1, "console 5"), (2, "bid 2"))
    assert GAME.view(state, None)["standing"] == {"offer": "bid 2", "holder": 2}
    assert GAME.legal_actions(state, 0)[0] == "bid 10"  # sorted as text: bid 3 ... bid 95
    assert "bid 3" in GAME.legal_actions(state, 0) and "console 0" not in GAME.legal_actions(
        state, 0
    )
    state = play(state, (0, "pass"))
    assert "turn the corner" in refusal(state, 1, "bid 3")
    assert GAME.legal_actions(state, 1) == ["pass"]


def test_an_offer_must_be_better_for_the_pot() -> None:
    state = play(new(3, 1), (1, "console 5"))
    assert "console at most 4, bid at least 1 or pass" in refusal(state, 2, "console 5")
    state = play(state, (2, "bid 3"))
    assert "bid at least 4 or pass" in refusal(state, 0, "bid 3")
    assert "bid at least 4" in refusal(state, 0, "console 0")


def test_consolations_are_bounded_by_the_pot() -> None:
    state = new(2, 1, deck=TWO)
    assert refusal(state, 1, "console 11") == "The pot holds 10 chips: a consolation is at most 10."
    legal = GAME.legal_actions(state, 1)
    assert "console 10" in legal and "console 11" not in legal
    assert [a for a in legal if a.startswith("console")] == sorted(
        f"console {c}" for c in range(11)
    )


def test_a_bid_over_the_stack_is_refused() -> None:
    state = new(2, 1, deck=TWO, stacks=[100, 20])
    assert refusal(state, 1, "bid 16") == "You have 15 chips: you cannot bid 16."
    assert "bid 15" in GAME.legal_actions(state, 1) and "bid 16" not in GAME.legal_actions(state, 1)


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ("bid 0", "console 0"),
        ("bid x", "whole number"),
        ("console 03", "leading zeros"),
        ("raise 3", "Write 'bid B'"),
        ("bid 3 4", "Write 'bid B'"),
        ("", "Write 'bid B'"),
    ],
)
def test_malformed_offers_are_refused(action: str, words: str) -> None:
    assert words in refusal(new(2, 1), 1, action)


def test_wrong_seats_are_refused() -> None:
    state = play(new(3, 1), (1, "console 4"))
    assert "Yours is the standing offer" in refusal(state, 1, "console 3")
    assert "not your turn: seat 2" in refusal(state, 0, "pass")
    assert "no seat 7" in refusal(state, 7, "pass")
    state = play(state, (2, "pass"))
    assert "You have passed" in refusal(state, 2, "pass")


def test_the_auction_ends_with_one_offer_left_and_the_taker_keeps_every_card() -> None:
    state = play(new(2, 1, deck=TWO), (1, "bid 3"), (0, "pass"))
    last = state.last
    assert last is not None
    assert last.hands[1] == ("9L", "1L", "4L", "6L") and last.taker == 1
    assert GAME.last_transfers(state) == (
        Transfer(1, POT, 3, "bid"),
        Transfer(POT, 1, 13, "payout"),
    )
    assert GAME.stacks(state) == (95, 105) and GAME.pot(state) == 0
    assert GAME.deal_number(state) == 2 and (state.dealer, state.elder) == (1, 0)


def test_a_consolation_is_paid_from_the_pot() -> None:
    state = play(new(2, 1, deck=TWO), (1, "console 4"), (0, "pass"))
    assert GAME.last_transfers(state) == (
        Transfer(POT, 1, 4, "console"),
        Transfer(POT, 1, 6, "payout"),
    )
    assert GAME.stacks(state) == (95, 105)


def test_nobody_offering_buries_the_turn_up_and_the_pot_carries_over() -> None:
    deck = stacked("9L 1L 3L", "2L 3E 7L", turn="6L")  # nobody can claim
    state = play(new(2, 1, deck=deck, stacks=[100, 100]), (1, "pass"), (0, "pass"))
    last = state.last
    assert last is not None and last.taker == -1 and last.buried == ("6L",)
    assert last.winner == -1 and last.carried == 10
    assert GAME.pot(state) == 10 and GAME.last_transfers(state) == ()
    assert GAME.view(state, None)["last_deal"]["price"] is None
    assert GAME.between_hands(state) and GAME.awaiting(state) == {1}  # the deal passed left
    state = play(state, (1, "deal"))
    assert GAME.pot(state) == 20
    # Only this deal's antes come back: the carried pot is not part of the hand.
    assert GAME.hand_refunds(state) == (
        Transfer(POT, 0, 5, "refund"),
        Transfer(POT, 1, 5, "refund"),
    )


def test_the_dealer_may_console_for_nothing_and_get_the_card_free() -> None:
    # Both claim; the dealer takes the turn-up for nothing and claims with more cards.
    deck = stacked("5L 4L 6L", "2L 3L 7L", turn="8L")
    state = play(new(2, 1, deck=deck), (1, "pass"), (0, "console 0"))
    last = state.last
    assert last is not None and last.taker == 0 and last.price == 0
    assert last.claimants == (0, 1) and last.winner == 0  # four cards beat three
    assert GAME.last_transfers(state) == (Transfer(POT, 0, 10, "payout"),)
    assert GAME.stacks(state) == (105, 95)


def test_dealer_may_console_false() -> None:
    state = play(new(2, 1, {"dealer_may_console": False}, deck=TWO), (1, "pass"))
    assert "dealer may not console" in refusal(state, 0, "console 0")
    assert not [a for a in GAME.legal_actions(state, 0) if a.startswith("console")]
    assert "console 0" in GAME.legal_actions(new(2, 1, {"dealer_may_console": False}), 1)


def test_several_claimants_with_equal_cards_go_by_rotation_from_elder() -> None:
    deck = stacked("1L 2L 3L 4L", "9L 1E 5L 5E", "9E 2E 4E 5S", turn="1S")
    state = play(new(3, 1, deck=deck), (1, "pass"), (2, "pass"), (0, "pass"))
    last = state.last
    assert last is not None and last.claimants == (0, 2)
    assert last.winner == 2  # seat 2 sits nearer the elder (seat 1) than seat 0
    assert GAME.stacks(state) == (95, 95, 110)
    shown = GAME.view(state, 1)["last_deal"]
    assert shown["totals"] == [20, 10, 20] and shown["targets"] == [20, 20, 20]
    assert (shown["winner"], shown["won"], shown["claimants"]) == (2, 15, [0, 2])


def test_the_game_lasts_rounds_times_seats_and_a_left_pot_is_shared() -> None:
    # Seat 1 pays 1 for a useless card, nobody claims; seat 0 cannot ante again, so the
    # game ends and the 11 chips are shared, the odd one to the last deal's elder.
    deck = stacked("9L 1L 3L", "2L 3E 7L", turn="6L")
    state = play(new(2, 1, deck=deck, stacks=[5, 100]), (1, "bid 1"), (0, "pass"))
    assert GAME.is_over(state) and GAME.pot(state) == 0
    assert GAME.last_transfers(state) == (
        Transfer(1, POT, 1, "bid"),
        Transfer(POT, 1, 6, "close"),
        Transfer(POT, 0, 5, "close"),
    )
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.points == (0, 0) and sum(outcome.points) == 0
    full = new(3, 4, {"rounds": 2})
    while GAME.awaiting(full):
        (seat,) = GAME.awaiting(full)
        full = GAME.apply(full, seat, GAME.legal_actions(full, seat)[-1])  # deal, or pass
    assert GAME.deal_number(full) == 6 and GAME.pot(full) == 0


# --- views, words, stacks and persistence ---------------------------------------------


def test_views_hide_other_hands_and_show_the_auction() -> None:
    state = play(new(3, 1, deck=PACK), (1, "console 5"), (2, "pass"))
    view = GAME.view(state, 0)
    assert view["hand"] == ["3F", "6F", "9F", "3L"]
    assert [s["cards"] for s in view["seats"]] == [4, 4, 4]
    assert view["turnup"] == "4L" and view["pot"] == 15
    assert view["standing"] == {"offer": "console 5", "holder": 1}
    assert [s["consoled"] for s in view["seats"]] == [False, True, False]
    assert [s["passed"] for s in view["seats"]] == [False, False, True]
    words = set(json.dumps(view, default=str).replace('"', " ").split())
    assert not {"1F", "2F", "4F", "5F"} & words
    assert GAME.private_cards(state, 1) == {"1F", "4F", "7F", "1L"}
    scene = view["scene"]
    assert scene["seats"][0]["cards"] == ["3F", "6F", "9F", "3L"]
    assert scene["seats"][1]["cards"] == [] and scene["seats"][1]["backs"] == 4
    assert scene["seats"][1]["note"] == "console 5" and scene["seats"][0]["badge"] == "dealer"
    assert {"kind": "row", "label": "Turn-up", "cards": ["4L"]} in scene["groups"]
    assert "scene" not in GAME.ai_view(state, 0)


def test_the_scene_tells_the_last_showdown() -> None:
    state = play(new(2, 1, deck=TWO), (1, "bid 3"), (0, "pass"))
    lines = GAME.view(state, None)["scene"]["lines"]
    assert lines[0] == "Deal 1: seat 1 took the turn-up 6L (bid 3)"
    assert "Seat 1: 9L 1L 4L 6L = 20 of 20, claims" in lines
    assert lines[-1] == "Seat 1 takes the pot of 13 chips"


def test_actions_in_words() -> None:
    assert GAME.describe_action("bid 3") == "Bid 3 chips for the turn-up"
    assert GAME.describe_action("bid 1") == "Bid 1 chip for the turn-up"
    assert GAME.describe_action("console 2") == "Take it if the pot pays me 2"
    assert GAME.describe_action("console 0") == "Take it for nothing"
    assert GAME.describe_action("pass") == "Pass"


def test_adjust_stack_before_the_deal_seats_it_again_from_the_same_unseen_cards() -> None:
    state = GAME.new(3, 5, stacks=[100, 3, 100])
    same = GAME.adjust_stack(state, 0, 10)
    assert same.deck == state.deck and GAME.stacks(same) == (110, 3, 100)
    topped = GAME.adjust_stack(state, 1, 10)  # seat 1 can ante now: dealt in, 4 cards each
    assert topped.deck == state.deck and topped.shuffles == 1
    assert GAME.deal_number(topped) == 1 and GAME.awaiting(topped) == {0}
    assert [len(h) for h in by_dealer(GAME, topped).hands] == [4, 4, 4]
    over = GAME.adjust_stack(state, 2, -100)
    assert GAME.is_over(over)
    with pytest.raises(IllegalAction, match="only 3 chips"):
        GAME.adjust_stack(state, 1, -4)


def test_legal_actions_are_exactly_what_apply_accepts() -> None:
    rng = random.Random(3)
    for seed in range(30):
        state = new(rng.randint(2, 5), seed)
        while GAME.awaiting(state):
            (seat,) = GAME.awaiting(state)
            legal = GAME.legal_actions(state, seat)
            for amount in range(120):
                for verb in ("bid", "console"):
                    action = f"{verb} {amount}"
                    try:
                        GAME.apply(state, seat, action)
                        assert action in legal, action
                    except IllegalAction:
                        assert action not in legal, action
            data = json.loads(json.dumps(GAME.dump(state)))
            assert GAME.load(data) == state
            state = GAME.apply(state, seat, rng.choice(legal))
