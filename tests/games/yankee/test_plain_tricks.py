"""Plain Tricks (bot/games/yankee/plain_tricks/rules.md): stacked-deck scenarios for the
deal, following suit, the trick winner, a point a trick, rounds, the end, refusals and
persistence."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from bot.games.cards import yankee_pack
from bot.games.yankee.plain_tricks.game import GAME, PlainState
from tests.helpers import moves_of

PACK = yankee_pack()
play, refusal = moves_of(GAME)


def deck_for(seats: int, wanted: Mapping[int, Sequence[str]]) -> list[str]:
    """A first-deal deck (seat 0 deals) giving each seat of `wanted` those cards first;
    the other cards come from the rest of the pack in pack order."""
    each = {3: 16, 4: 12}[seats]
    queues = {s: list(cards) for s, cards in wanted.items()}
    taken = {c for cards in wanted.values() for c in cards}
    filler = [c for c in PACK if c not in taken]
    slots = [(1 + i) % seats for i in range(seats * each)]
    deck = [queues[s].pop(0) if queues.get(s) else filler.pop(0) for s in slots]
    return deck + filler


@pytest.mark.parametrize(("seats", "each"), [(3, 16), (4, 12)])
def test_the_deal_leaves_two_cards_out_and_elder_leads(seats: int, each: int) -> None:
    state = GAME.new(seats, 1)
    assert [len(h) for h in state.hands] == [each] * seats
    assert len(state.undealt) == 2
    assert GAME.awaiting(state) == {1}
    assert GAME.view(state, 0)["trump"] is None


def test_the_highest_card_of_the_suit_led_wins_and_scores_a_point() -> None:
    deck = deck_for(3, {1: ["5E"], 2: ["0S", "9E"], 0: ["7E"]})
    state = play(GAME.new(3, 1, deck=deck), (1, "play 5E"), (2, "play 9E"), (0, "play 7E"))
    assert state.last_winner == 2
    assert state.scores == (0, 0, 1)
    assert GAME.awaiting(state) == {2}


def test_a_higher_card_of_another_suit_does_not_win() -> None:
    deck = deck_for(3, {1: ["5E"], 2: ["0S", "0F"], 0: ["1E"]})
    state = GAME.new(3, 1, deck=deck)
    state = play(state, (1, "play 5E"))
    assert "play 0F" not in GAME.legal_actions(state, 2)
    assert "play 0S" not in GAME.legal_actions(state, 2)


def test_a_void_hand_may_play_anything_and_loses_the_trick() -> None:
    hand = [f"{r}F" for r in range(10)] + [f"{r}L" for r in range(6)]
    deck = deck_for(3, {1: ["5E"], 2: hand, 0: ["1E"]})
    state = GAME.new(3, 1, deck=deck)
    state = play(state, (1, "play 5E"))
    assert len(GAME.legal_actions(state, 2)) == 16
    state = play(state, (2, "play 0F"), (0, "play 1E"))
    assert state.last_winner == 1


def test_partners_score_together_with_four() -> None:
    deck = deck_for(4, {1: ["5E"], 2: ["1E"], 3: ["9E"], 0: ["2E"]})
    state = GAME.new(4, 1, deck=deck)
    state = play(state, (1, "play 5E"), (2, "play 1E"), (3, "play 9E"), (0, "play 2E"))
    assert state.scores == (0, 1)


def test_refusals() -> None:
    deck = deck_for(3, {1: ["5E"], 2: ["0S", "9E"], 0: ["7E"]})
    state = GAME.new(3, 1, deck=deck)
    assert refusal(state, 0, "play 7E") == "It is not your turn: seat 1 plays next."
    assert refusal(state, 1, "play 0S") == "You do not hold the 0 of stars."
    assert refusal(state, 1, "hello").startswith("Write 'play'")
    state = play(state, (1, "play 5E"))
    assert refusal(state, 2, "play 0S") == "You must follow suit: you hold an eagle."


def play_out(state: PlainState) -> PlainState:
    """The state once every seat has played its first legal card to the end of the game."""
    while GAME.awaiting(state):
        (seat,) = GAME.awaiting(state)
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    return state


@pytest.mark.parametrize("rounds", [1, 2])
def test_every_seat_deals_each_round_then_the_highest_score_wins(rounds: int) -> None:
    state = play_out(GAME.new(3, 7, {"rounds": rounds}))
    assert state.deal == 3 * rounds
    assert sum(state.scores) == 16 * 3 * rounds
    outcome = GAME.outcome(state)
    assert outcome is not None
    best = max(state.scores)
    assert outcome.winners == tuple(s for s in range(3) if state.scores[s] == best)


def test_dump_and_load_round_trip() -> None:
    state = play(GAME.new(4, 3), (1, GAME.legal_actions(GAME.new(4, 3), 1)[0]))
    assert GAME.load(GAME.dump(state)) == state
