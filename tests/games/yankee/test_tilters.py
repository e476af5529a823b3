"""Tilters (bot/games/yankee/tilters/rules.md): stacked-deck scenarios for trump, following, scoring
over the book, the tilters cap, the end of the game, both three-handed deals, refusals,
persistence, the view and the AI."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import replace

import pytest

from bot.games import english
from bot.games.cards import yankee_pack
from bot.games.rng import commitment, deal_seed, shuffled
from bot.games.yankee.tilters.ai import POLICY
from bot.games.yankee.tilters.flow import TiltersState, score_deal
from bot.games.yankee.tilters.game import GAME
from tests.helpers import moves_of

PACK = yankee_pack()


def deck_for(
    seats: int, wanted: Mapping[int, Sequence[str]], each: int = 13, extras: Sequence[int] = ()
) -> list[str]:
    """A first-deal deck (seat 0 deals) in which each seat of `wanted` receives those cards
    first, in order; every other card comes from the rest of the pack in pack order."""
    queues = {s: list(cards) for s, cards in wanted.items()}
    taken = {c for cards in wanted.values() for c in cards}
    filler = [c for c in PACK if c not in taken and c[-1] != "F"]
    filler += [c for c in PACK if c not in taken and c[-1] == "F"]
    slots = [(1 + i) % seats for i in range(seats * each)] + list(extras)
    deck = [queues[s].pop(0) if queues.get(s) else filler.pop(0) for s in slots]
    assert not any(queues.values()), "more cards wanted than a hand holds"
    return deck + filler


play, refusal = moves_of(GAME)


def ai_game(seats: int, seed: int, **options: object) -> list[TiltersState]:
    """A whole game played by the AI, checking each choice is legal; every state."""
    state = GAME.new(seats, seed, options)
    states = [state]
    rng = random.Random(seed)
    while GAME.awaiting(state):
        (seat,) = GAME.awaiting(state)
        action = POLICY.choose(GAME.ai_view(state, seat), seat, rng)
        assert action in GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, action)
        states.append(state)
    return states


# --- the deal and trump ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "options", "sizes", "undealt"),
    [
        (2, {}, [13, 13], 24),
        (3, {}, [13, 13, 13], 11),
        (3, {"tilters_3p_extra_cards": True}, [14, 14, 13], 9),
        (4, {}, [13, 13, 12, 12], 0),
    ],
)
def test_deal_table(seats: int, options: dict[str, object], sizes: list[int], undealt: int) -> None:
    state = GAME.new(seats, 5, options)
    # seat 0 deals, so seat 1 is elder: elder and dealer hold the odd cards
    by_role = [len(state.hands[s]) for s in (0, 1, *range(2, seats))]
    assert sorted(by_role, reverse=True) == sizes
    assert len(state.undealt) == undealt
    assert (state.dealer, GAME.awaiting(state)) == (0, frozenset({1}))
    assert sorted(GAME.cards(state)) == sorted(PACK)


def test_book_and_target_by_player_count() -> None:
    for seats, book, target in ((2, 6, 10), (3, 4, 15), (4, 6, 20)):
        view = GAME.view(GAME.new(seats, 1), None)
        assert (view["book"], view["target"]) == (book, target)
    assert GAME.new(2, 1, {"target": 5}).target == 5


def test_dealer_s_first_pip_card_fixes_trump() -> None:
    state = GAME.new(2, 1, deck=deck_for(2, {0: ["7E", "3F"]}))
    assert (state.trump, state.turned) == ("E", ("7E",))
    assert GAME.view(state, 1)["scene"]["counters"][0] == {"label": "Trump", "value": "eagles"}


def test_a_face_turned_turns_the_dealer_s_next_card_too() -> None:
    state = GAME.new(2, 1, deck=deck_for(2, {0: ["3F", "0F", "2L"]}))
    assert (state.trump, state.turned) == ("L", ("3F", "0F", "2L"))
    # everyone has seen the turned cards: they show on the dealer's seat and are not private
    other = GAME.view(state, 1)["scene"]["seats"][0]
    assert sorted(other["cards"]) == ["0F", "2L", "3F"] and other["backs"] == 10
    assert not {"3F", "0F", "2L"} & GAME.private_cards(state, 0)
    assert len(GAME.private_cards(state, 0)) == 10


def test_stacked_deck_is_dealt_exactly_and_later_deals_reshuffle() -> None:
    deck = deck_for(2, {1: ["9E"], 0: ["5S"]})
    state = GAME.new(2, 7, deck=deck)
    assert "9E" in state.hands[1] and "5S" in state.hands[0]
    assert set(state.undealt) == set(deck[26:])
    while state.deal == 1:
        (seat,) = GAME.awaiting(state)
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert state.dealer == 1  # the deal passes left
    assert set(state.undealt) == set(shuffled(PACK, 7, 1)[26:])
    assert GAME.view(state, None)["commitment"] == commitment(deal_seed(7, 1))


# --- following and refusals --------------------------------------------------------------


def test_illegal_plays_are_refused_with_a_sentence() -> None:
    deck = deck_for(2, {1: ["7S", "3F"], 0: ["5E", "2S", "1F"]})
    state = GAME.new(2, 1, deck=deck)  # trump eagles; seat 1 leads
    assert "not your turn" in refusal(state, 0, "play 5E")
    assert "do not hold" in refusal(state, 1, "play 5E")
    assert "play 7E" in refusal(state, 1, "lead 7S")
    assert "Yankee Notion" in refusal(state, 1, "play 7X")
    state = play(state, (1, "play 7s"))  # typed in lower case
    assert refusal(state, 0, "play 1F") == "You must follow suit: you hold a star."
    legal = GAME.legal_actions(state, 0)
    assert "play 2S" in legal and all(a.endswith("S") for a in legal)


def test_a_face_led_forces_a_trump_from_a_hand_without_faces() -> None:
    state = GAME.new(2, 1, deck=deck_for(2, {1: ["3F"], 0: ["7E"]}))
    # the follower (the dealer, trump eagles) holds two trumps and no Face
    state = replace(state, hands=(("7E", "2L", "4E"), state.hands[1]))
    state = play(state, (1, "play 3F"))
    assert GAME.legal_actions(state, 0) == ["play 4E", "play 7E"]
    assert "must trump" in refusal(state, 0, "play 2L")


def test_a_trump_led_forces_a_face_from_a_hand_without_trumps() -> None:
    state = GAME.new(2, 1, deck=deck_for(2, {0: ["7E"], 1: ["4E"]}))
    state = replace(state, hands=(("1F", "2L"), state.hands[1]))
    state = play(state, (1, "play 4E"))
    assert GAME.legal_actions(state, 0) == ["play 1F"]
    assert "must play a Face" in refusal(state, 0, "play 2L")


# --- scoring ------------------------------------------------------------------------------


def test_tricks_over_the_book_then_tilters() -> None:
    # 2 players, book 6, target 10: 8 tricks and 3 Faces is 2 + 3.
    assert score_deal((0, 0), (8, 5), (3, 7), (6, 10, False)) == ((5, 7), ())


def test_tilters_are_capped_below_the_target() -> None:
    assert score_deal((8, 0), (7, 6), (5, 5), (6, 10, False)) == ((9, 5), ())
    # ... even from target - 1: a side there can only win on tricks
    assert score_deal((9, 0), (6, 7), (10, 0), (6, 10, False)) == ((9, 1), ())


def test_the_target_is_reached_on_tricks() -> None:
    assert score_deal((9, 0), (7, 6), (0, 10), (6, 10, False)) == ((10, 9), (0,))


def test_two_sides_at_the_target_the_higher_wins_and_a_tie_deals_again() -> None:
    rules = (4, 15, False)
    assert score_deal((14, 13, 0), (6, 6, 1), (0, 0, 0), rules) == ((16, 15, 0), (0,))
    assert score_deal((14, 14, 0), (5, 5, 3), (0, 0, 0), rules) == ((15, 15, 0), ())


def test_house_scoring_counts_faces_past_five() -> None:
    assert score_deal((0, 0), (7, 6), (7, 3), (6, 10, True)) == ((3, 0), ())


def endgame(seats: int, **options: object) -> TiltersState:
    """A deal at its last trick: every hand emptied but for the cards the test gives."""
    state = GAME.new(seats, 2, options)
    return replace(state, hands=((),) * seats, trick=())


def test_a_deal_won_on_tricks_ends_the_game() -> None:
    state = endgame(2)
    state = replace(
        state,
        hands=(("0L",), ("1E",)),
        players=(1, 0),
        trump="L",
        tricks=(6, 6),
        won=(("2F", "3F"), ()),
        scores=(9, 4),
    )
    end = play(state, (1, "play 1E"), (0, "play 0L"))
    assert end.scores == (10, 4) and end.last_deal == ((7, 2, 1), (6, 0, 0))
    assert GAME.awaiting(end) == frozenset()
    outcome = GAME.outcome(end)
    assert outcome is not None and outcome.winners == (0,) and outcome.points == (10, 4)
    assert "deal_seeds" in GAME.view(end, None)
    assert "over" in refusal(end, 1, "play 1E")


def test_tilters_alone_never_end_the_game() -> None:
    state = replace(
        endgame(2),
        hands=(("0L",), ("1E",)),
        players=(1, 0),
        trump="L",
        tricks=(5, 7),
        won=(("0F", "1F", "2F", "3F", "4F", "5F"), ()),
        scores=(5, 0),
    )
    after = play(state, (1, "play 1E"), (0, "play 0L"))
    assert after.scores == (9, 1) and not after.winners
    assert after.deal == 2 and GAME.awaiting(after) == frozenset({0})


def test_four_handed_final_trick_is_led_by_elder_when_his_partner_won() -> None:
    # dealer 0, elder 1; seat 3 (elder's partner) wins the 12th trick
    state = replace(
        endgame(4),
        hands=(("2H", "5H"), ("1H", "6H"), ("3H",), ("0H",)),
        players=(3, 0, 1, 2),
        trump="E",
    )
    state = play(state, (3, "play 0H"), (0, "play 2H"), (1, "play 1H"), (2, "play 3H"))
    assert state.last_winner == 3 and state.players == (1, 0)
    assert GAME.view(state, 0)["players"] == [1, 0]


@pytest.mark.parametrize(("third_wins", "leader"), [(True, 0), (False, 1)])
def test_three_handed_odd_cards_final_trick(third_wins: bool, leader: int) -> None:
    state = GAME.new(3, 4, {"tilters_3p_extra_cards": True})
    assert state.extra_cards and [len(h) for h in state.hands] == [14, 14, 13]
    # dealer 0, elder 1, the third player 2 wins (or not) the 13th trick
    top = ("0E", "5E") if third_wins else ("5E", "0E")
    state = replace(
        state,
        hands=(("2E", "4S"), ("1E", "6S"), (top[0],)),
        players=(2, 0, 1),
        trick=(),
        trump="L",
    )
    state = replace(state, hands=(("2E", "4S"), (top[1], "6S"), (top[0],)))
    state = play(state, (2, f"play {top[0]}"), (0, "play 2E"), (1, f"play {top[1]}"))
    assert state.players == ((0, 1) if leader == 0 else (1, 0))


def test_three_handed_default_has_no_final_trick() -> None:
    state = GAME.new(3, 4)
    assert not state.extra_cards and [len(h) for h in state.hands] == [13, 13, 13]
    assert not GAME.new(2, 4, {"tilters_3p_extra_cards": True}).extra_cards


# --- persistence, views, words, the AI ------------------------------------------------------


def test_dump_and_load_round_trip_through_json() -> None:
    for state in ai_game(4, 3)[::37]:
        data = json.loads(json.dumps(GAME.dump(state)))
        assert GAME.load(data) == state


def test_a_seat_sees_its_own_hand_and_not_the_others() -> None:
    state = GAME.new(3, 9)
    view = GAME.view(state, 1)
    assert view["hand"] == list(state.hands[1])
    text = json.dumps(view, default=str)
    for s in (0, 2):
        assert not any(f'"{c}"' in text for c in GAME.private_cards(state, s))
    seats = view["scene"]["seats"]
    assert english(seats[0]["badge"]) == "dealer" and seats[1]["active"]
    assert [english(g["label"]) for g in view["scene"]["groups"]] == ["Trick"]


def test_describe_action() -> None:
    assert english(GAME.describe_action("play 7E")) == "Plays the 7 of eagles"
    assert english(GAME.describe_action("play 0F")) == "Plays John Smith"


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_ai_plays_legal_cards_to_the_end(seats: int) -> None:
    for seed in range(4):
        end = ai_game(seats, seed, tilters_3p_extra_cards=seed % 2 == 1)[-1]
        assert GAME.outcome(end) is not None


def test_the_ai_does_not_overtake_its_partner_and_wins_cheaply() -> None:
    view = {"hand": ["9L", "1L", "5F", "3E"], "trick": ["0E"], "trump": "L"}
    partner = {**view, "trick_owners": [2], "teams": [0, 1, 0, 1]}
    assert POLICY.choose(partner, 0, random.Random(0)) == "play 3E"
    opponent = {**view, "trick": ["0H"], "trick_owners": [1], "teams": [0, 1, 0, 1]}
    assert POLICY.choose(opponent, 0, random.Random(0)) == "play 5F"
