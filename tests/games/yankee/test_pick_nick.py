"""Pick-Nick (bot/games/yankee/pick_nick/rules.md): stacked-deck scenarios for the pack, the
turn-up, the
dealer's Faces, both bidding rounds, the throw-in, lone hands, the filly and the trump
order, the scoring table, refusals, persistence, the view and the AI."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import replace

import pytest

from bot.games import IllegalAction
from bot.games.tricks.rules import legal_cards, trick_winner
from bot.games.yankee.pick_nick.ai import POLICY
from bot.games.yankee.pick_nick.cards import PACK, play_suit, strength
from bot.games.yankee.pick_nick.flow import PickNickState, deal_points
from bot.games.yankee.pick_nick.game import GAME
from bot.games.yankee.tricks import FACES
from tests.helpers import moves_of


def deck_for(hands: Mapping[int, Sequence[str]], turned: Sequence[str]) -> list[str]:
    """A first-deal deck (seat 0 deals, seat 1 is elder) giving each seat of `hands` those
    cards first, then turning up `turned`; every other card comes from the rest of the pack
    in pack order."""
    queues = {s: list(cards) for s, cards in hands.items()}
    taken = {c for cards in hands.values() for c in cards} | set(turned)
    filler = [c for c in PACK if c not in taken]
    slots = [(1 + i) % 4 for i in range(20)]
    deck = [queues[s].pop(0) if queues.get(s) else filler.pop(0) for s in slots]
    assert not any(queues.values()), "more cards wanted than a hand holds"
    return deck + list(turned) + filler


# Trump stars (filly 1L) is proposed by 7S; seat 2 holds the filly as its only trump.
HANDS = {
    0: ["9S", "8S", "0L", "9L", "1H"],
    1: ["0S", "1S", "0F", "9F", "8F"],
    2: ["1L", "7L", "8L", "0H", "9H"],
    3: ["1E", "7E", "8E", "9E", "0E"],
}


def stacked(turned: Sequence[str] = ("7S",), **options: object) -> PickNickState:
    """A game dealt from HANDS with `turned` turned up."""
    return GAME.new(4, 1, options, deck=deck_for(HANDS, turned))


play, refusal = moves_of(GAME)


def ai_game(seed: int, **options: object) -> list[PickNickState]:
    """A whole game played by the AI, checking each choice is legal; every state."""
    state = GAME.new(4, seed, options)
    states = [state]
    rng = random.Random(seed)
    while GAME.awaiting(state):
        (seat,) = GAME.awaiting(state)
        action = POLICY.choose(GAME.ai_view(state, seat), seat, rng)
        assert action in GAME.legal_actions(state, seat), (action, state)
        state = GAME.apply(state, seat, action)
        states.append(state)
    return states


# --- the pack, the deal, the turn-up ----------------------------------------------------------


def test_the_30_card_pack_and_the_deal() -> None:
    assert len(PACK) == 30 and sum(c[-1] == "F" for c in PACK) == 10
    assert {c[0] for c in PACK if c[-1] != "F"} == set("01789")
    state = stacked()
    assert [len(h) for h in state.hands] == [5] * 4
    assert (state.turned, state.phase) == (("7S",), "order")
    assert GAME.awaiting(state) == frozenset({1})  # elder, on the dealer's left
    assert sorted(GAME.cards(state)) == sorted(PACK)
    assert GAME.view(state, 1)["scene"]["counters"][0] == {"label": "Proposed", "value": "stars"}


def test_the_dealer_takes_turned_up_faces_before_the_bidding() -> None:
    state = stacked(("3F", "2F", "7S"))
    assert (state.phase, GAME.awaiting(state)) == ("faces", frozenset({0}))
    assert "take 3F 1H" in GAME.legal_actions(state, 0) and "keep" in GAME.legal_actions(state, 0)
    assert "turned-up Face" in refusal(state, 0, "take 7S 1H")
    state = play(state, (0, "take 3F 1H"))
    assert "3F" in state.hands[0] and state.discards == ("1H",)
    assert state.table == ("2F", "7S") and state.phase == "faces"
    # everyone saw the Face taken: it shows on the dealer's seat and is not private
    assert "3F" in GAME.view(state, 2)["scene"]["seats"][0]["cards"]
    assert GAME.private_cards(state, 0) == frozenset({"9S", "8S", "0L", "9L", "1H"})
    assert GAME.view(state, 0)["discards"] == ["1H"] and "discards" not in GAME.view(state, 1)
    state = play(state, (0, "keep"))
    assert (state.phase, GAME.awaiting(state)) == ("order", frozenset({1}))
    assert sorted(GAME.cards(state)) == sorted(PACK)


def test_taking_the_last_face_starts_the_bidding() -> None:
    state = play(stacked(("3F", "7S")), (0, "take 3F 1H"))
    assert (state.phase, GAME.awaiting(state)) == ("order", frozenset({1}))


def test_only_faces_left_to_turn_up_redeals_with_the_same_dealer() -> None:
    pips = [c for c in PACK if c[-1] != "F"]
    hands = {s: pips[s * 5 : s * 5 + 5] for s in range(4)}
    state = GAME.new(4, 3, deck=deck_for(hands, [c for c in PACK if c[-1] == "F"]))
    assert (state.deal, state.dealer) == (2, 0)


# --- bidding ----------------------------------------------------------------------------------


def test_ordered_up_in_round_one_the_dealer_takes_the_card_and_discards() -> None:
    state = stacked()
    assert GAME.legal_actions(state, 1) == ["order", "order alone", "pass"]
    state = play(state, (1, "order"))
    assert (state.trump, state.maker, state.phase) == ("S", 1, "discard")
    assert "7S" in state.hands[0] and len(state.hands[0]) == 6
    assert "Discard a card" in refusal(state, 0, "discard 0F")
    state = play(state, (0, "discard 1H"))
    assert state.phase == "play" and state.players == (1, 2, 3, 0)
    view = GAME.view(state, None)
    assert view["calls"] == ["", "order", "", ""] and view["maker"] == 1
    assert view["scene"]["seats"][1]["note"].startswith("ordered it up")


def test_the_dealer_s_partner_assists() -> None:
    state = play(stacked(), (1, "pass"))
    assert GAME.legal_actions(state, 2) == ["assist", "assist alone", "pass"]
    assert "'assist'" in refusal(state, 2, "order")
    state = play(state, (2, "assist"), (0, "discard 1H"))
    assert (state.maker, state.trump, state.players) == (2, "S", (1, 2, 3, 0))


def test_round_two_names_another_suit() -> None:
    state = play(stacked(), (1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert (state.phase, GAME.awaiting(state)) == ("name", frozenset({1}))
    assert "7S" in state.stock and not state.table  # turned down
    assert "turned down" in refusal(state, 1, "name S")
    assert "never trump" in refusal(state, 1, "name F")
    assert "name L alone" in GAME.legal_actions(state, 1)
    state = play(state, (1, "pass"), (2, "name h"))
    # no card is taken up in round two: play begins at once, elder leading
    assert (state.trump, state.maker, state.phase, state.players) == ("H", 2, "play", (1, 2, 3, 0))
    assert [len(h) for h in state.hands] == [5] * 4


def test_all_pass_twice_throws_the_hand_in_and_the_deal_passes_left() -> None:
    state = stacked()
    for _ in range(2):
        state = play(state, (1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"))
    assert (state.deal, state.dealer, state.scores) == (2, 1, (0, 0))
    assert "thrown in" in state.result and GAME.awaiting(state) <= {2, 1}


# --- lone hands -------------------------------------------------------------------------------


def test_going_alone_the_partner_sits_out_and_the_next_seat_leads() -> None:
    # seat 3 goes alone: his partner, elder, sits out, so seat 2 leads
    state = play(stacked(), (1, "pass"), (2, "pass"), (3, "order alone"), (0, "discard 1H"))
    assert state.players == (2, 3, 0) and GAME.awaiting(state) == frozenset({2})
    view = GAME.view(state, None)
    assert (view["out"], view["alone"]) == (1, True)
    badges = [s.get("badge", "") for s in view["scene"]["seats"]]
    assert badges == ["dealer", "out", "", "alone"]
    while GAME.awaiting(state) and state.deal == 1:
        (seat,) = GAME.awaiting(state)
        assert seat != 1 and GAME.legal_actions(state, 1) == []
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert "Seat 3 alone took" in state.result


def test_the_dealer_s_partner_alone_leaves_the_card_and_the_dealer_out() -> None:
    state = play(stacked(), (1, "pass"), (2, "assist alone"))
    assert state.phase == "play" and state.players == (1, 2, 3)
    assert state.table == ("7S",) and len(state.hands[0]) == 5


# --- the filly and the trump order ------------------------------------------------------------


def test_the_filly_is_the_only_trump_and_must_follow_a_trump_lead() -> None:
    state = play(stacked(), (1, "order"), (0, "discard 1H"), (1, "play 0S"))
    assert GAME.legal_actions(state, 2) == ["play 1L"]
    assert refusal(state, 2, "play 7L") == "The filly is your only trump: you must play it."
    state = play(state, (2, "play 1L"), (3, "play 7E"))
    assert GAME.legal_actions(state, 0) == ["play 7S", "play 8S", "play 9S"]
    state = play(state, (0, "play 9S"))
    assert state.last_winner == 2  # the filly beats the 0 of trump


def test_the_filly_is_not_of_its_printed_suit() -> None:
    suit = play_suit("S")
    assert legal_cards(("1L", "0H"), ("7L",), "S", FACES, suit) == ("1L", "0H")
    assert legal_cards(("1L", "7L"), ("0L",), "S", FACES, suit) == ("7L",)
    assert legal_cards(("1L", "0F"), ("3F",), "S", FACES, suit) == ("0F",)
    assert legal_cards(("1L", "0H"), ("3F",), "S", FACES, suit) == ("1L",)


def test_trump_order_one_filly_zero_then_nine_and_faces_below() -> None:
    rules = ("S", FACES, strength("S"), play_suit("S"))
    assert trick_winner(["1L", "1S", "0S", "9S"], *rules) == 1
    assert trick_winner(["0S", "1L", "9S", "0F"], *rules) == 1
    assert trick_winner(["7S", "0F"], *rules) == 0
    assert trick_winner(["9L", "0L", "1L"], *rules) == 2  # the filly trumps a flag lead
    assert trick_winner(["1H", "7H"], *rules) == 1  # plain suits: the 1 is low


# --- scoring ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tricks", "alone", "soft", "row"),
    [
        (5, False, False, ("a march", True, 2)),
        (5, True, False, ("a march", True, 4)),
        (4, False, False, ("made", True, 1)),
        (3, True, False, ("made", True, 1)),
        (2, False, False, ("picked", False, 3)),
        (2, True, False, ("picked", False, 5)),
        (1, False, False, ("nicked", False, 4)),
        (1, True, False, ("nicked", False, 6)),
        (0, False, False, ("pick-nicked", False, 5)),
        (0, True, False, ("pick-nicked", False, 7)),
        (2, False, True, ("picked", False, 2)),
        (0, True, True, ("pick-nicked", False, 6)),
        (5, True, True, ("a march", True, 4)),
    ],
)
def test_the_scoring_table(
    tricks: int, alone: bool, soft: bool, row: tuple[str, bool, int]
) -> None:
    assert deal_points(tricks, alone, soft) == row


def last_trick(
    state: PickNickState, hands: Sequence[Sequence[str]], **changes: object
) -> PickNickState:
    """The deal in play brought to its last trick, with these hands."""
    return replace(state, hands=tuple(tuple(h) for h in hands), trick=(), **changes)  # type: ignore[arg-type]


def test_a_lone_march_scores_four_and_wins_the_game() -> None:
    state = play(stacked(), (1, "pass"), (2, "pass"), (3, "order alone"), (0, "discard 1H"))
    hands = (["7S"], HANDS[1], ["0H"], ["1S"])
    state = last_trick(state, hands, tricks=(0, 4), scores=(2, 5), players=(3, 0, 2))
    end = play(state, (3, "play 1S"), (0, "play 7S"), (2, "play 0H"))
    assert end.scores == (2, 9) and end.winners == (1,)
    outcome = GAME.outcome(end)
    assert outcome is not None and outcome.winners == (1, 3) and outcome.points == (2, 9, 2, 9)
    assert "over" in refusal(end, 0, "pass")


@pytest.mark.parametrize(("soft", "points"), [(False, 4), (True, 3)])
def test_nicked_defenders_score_with_the_soft_option(soft: bool, points: int) -> None:
    state = play(stacked(pick_nick_soft_penalties=soft), (1, "order"), (0, "discard 1H"))
    hands = (["9S"], ["1E"], ["0H"], ["7E"])
    state = last_trick(state, hands, tricks=(3, 1), players=(0, 1, 2, 3))
    after = play(state, (0, "play 9S"), (1, "play 1E"), (2, "play 0H"), (3, "play 7E"))
    assert after.scores == (points, 0) and "nicked" in after.result and after.deal == 2


def test_target_option() -> None:
    assert GAME.new(4, 1).target == 7 and GAME.new(4, 1, {"target": 10}).target == 10
    with pytest.raises(IllegalAction):
        GAME.new(4, 1, {"target": 8})
    with pytest.raises(IllegalAction):
        GAME.new(3, 1)


# --- refusals, persistence, views, words, the AI ------------------------------------------------


def test_illegal_actions_are_refused_with_a_sentence() -> None:
    state = stacked()
    assert "not your turn" in refusal(state, 2, "pass")
    assert "'order'" in refusal(state, 1, "name L")
    state = play(state, (1, "order"), (0, "discard 1H"))
    assert "do not hold" in refusal(state, 1, "play 7E")
    assert "play 7E" in refusal(state, 1, "lead 0S")
    assert "Yankee Notion" in refusal(state, 1, "play 7X")
    state = play(state, (1, "play 0f"))  # lower case is accepted
    assert (
        refusal(state, 2, "play 0H") == "A Face was led and you hold none: you must play a trump."
    )
    state = play(state, (2, "play 1L"), (3, "play 9E"))
    assert "follow suit" not in refusal(state, 0, "play 0L")


def test_dump_and_load_round_trip_through_json() -> None:
    for state in ai_game(3)[::23]:
        data = json.loads(json.dumps(GAME.dump(state)))
        assert GAME.load(data) == state


def test_a_seat_sees_its_own_hand_and_not_the_others() -> None:
    state = stacked()
    view = GAME.view(state, 1)
    assert view["hand"] == list(state.hands[1])
    text = json.dumps(view, default=str)
    for s in (0, 2, 3):
        assert not any(f'"{c}"' in text for c in GAME.private_cards(state, s))
    assert [g["label"] for g in view["scene"]["groups"]] == ["Turned up"]
    assert view["scene"]["seats"][1]["active"] and view["scene"]["seats"][0]["team"] == 0


def test_describe_action() -> None:
    words = {
        "pass": "Passes",
        "keep": "Leaves the turned-up Faces on the pack",
        "order": "Orders it up",
        "order alone": "Orders it up and goes alone",
        "assist": "Assists",
        "assist alone": "Assists and goes alone",
        "name L": "Names flags as trump",
        "name H alone": "Names shields as trump and goes alone",
        "take 3F 7L": "Takes An Old Maid, discarding the 7 of flags",
        "discard 7L": "Discards the 7 of flags",
        "play 0F": "Plays John Smith",
    }
    for action, text in words.items():
        assert GAME.describe_action(action) == text


def test_the_ai_plays_legal_actions_to_the_end() -> None:
    for seed in range(30):
        end = ai_game(seed, target=10 if seed % 3 else 7, pick_nick_soft_penalties=seed % 2 == 1)
        assert GAME.outcome(end[-1]) is not None


def test_the_ai_bids_on_strength() -> None:
    base = {"phase": "order", "dealer": 0, "proposal": "7S", "teams": [0, 1, 0, 1]}
    strong = {**base, "hand": ["1S", "1L", "0S", "9S", "8S"]}
    weak = {**base, "hand": ["1E", "7E", "8H", "7L", "1F"]}
    fair = {**base, "hand": ["1S", "0S", "9S", "0F", "1E"]}
    rng = random.Random(0)
    assert POLICY.choose(strong, 1, rng) == "order alone"
    assert POLICY.choose(weak, 1, rng) == "pass"
    assert POLICY.choose(fair, 2, rng) == "assist"
    named = {**strong, "phase": "name", "proposal": "7E"}
    assert POLICY.choose(named, 3, rng) == "name S alone"
