"""Sympathy (bot/games/patience/sympathy/): two players, a pack each, matching face-up cards."""

from __future__ import annotations

import random

import pytest

from bot.games.cards import french_pack
from bot.games.errors import IllegalAction
from bot.games.patience.sympathy.game import GAME, GRACE, PILES, SympathyState


def pack_with(piles: dict[int, list[str]], grace: str | None = None) -> list[str]:
    """A player's 52 cards, top first, so that pile k (1-based) holds the given cards,
    bottom card first, and the grace card is `grace`; the rest in pack order."""
    fixed = {c for cards in piles.values() for c in cards} | ({grace} if grace else set())
    rest = [c for c in french_pack() if c not in fixed]
    if grace is None:
        grace = rest.pop()
    out: list[str] = []
    for k in range(1, PILES + 1):
        cards = piles.get(k) or [rest.pop(0) for _ in range(3)]
        out += cards  # cards dealt to a pile land bottom first
    return [*out, grace]


def new(a: list[str], b: list[str], by: str = "rank") -> SympathyState:
    return GAME.new(2, 1, {"sympathy_match": by}, deck=[*a, *b])


def top(state: SympathyState, seat: int, pile: int) -> str | None:
    cards, down = state.piles[seat][pile - 1], state.down[seat][pile - 1]
    return cards[-1] if cards and down < len(cards) else None


def test_b_turns_up_her_top_cards_and_a_begins() -> None:
    state = new(pack_with({}), pack_with({1: ["2C", "3C", "KD"]}))
    assert top(state, 1, 1) == "KD"
    assert all(top(state, 0, k) is None for k in range(1, PILES + 1))
    assert GAME.awaiting(state) == frozenset({0})
    # with no card of hers face up, A may also turn up her grace card
    assert GAME.legal_actions(state, 0) == sorted(
        ["grace"] + [f"turn {k}" for k in range(1, PILES + 1)]
    )
    assert GAME.legal_actions(state, 1) == []


def test_a_match_throws_out_both_cards_and_turns_the_next_one() -> None:
    a = pack_with({4: ["9S", "QH", "KS"]})
    b = pack_with({2: ["AD", "5D", "KS"], 3: ["2D", "6D", "QH"], 5: ["9S", "2H", "3H"]})
    state = GAME.apply(new(a, b, by="card"), 0, "turn 4")
    # KS pairs with B's KS, then QH with B's QH; 9S matches nothing and stays up
    assert state.out == ("KS", "KS", "QH", "QH")
    assert top(state, 0, 4) == "9S"
    assert top(state, 1, 2) is None and top(state, 1, 3) is None
    assert "threw out 2 pairs" in state.last


def test_by_card_only_the_very_same_card_corresponds() -> None:
    a = pack_with({1: ["2C", "3C", "KS"]})
    b = pack_with({1: ["4H", "5H", "KD"], 2: ["6H", "7H", "KS"]})
    state = GAME.apply(new(a, b, by="card"), 0, "turn 1")
    assert state.out[:2] == ("KS", "KS")  # B's king of spades, not her king of diamonds
    assert top(state, 1, 1) == "KD"


def test_a_pile_that_shows_a_card_cannot_be_turned_and_refusals_change_nothing() -> None:
    pack = list(french_pack())
    state = GAME.apply(new(pack, pack[::-1], by="card"), 0, "turn 1")
    assert top(state, 0, 1) == "3S"  # B shows no three of spades: it stays up
    before = GAME.dump(state)
    for action, words in [
        ("turn 1", "already shows a card"),
        ("turn 18", "numbered 1 to 17"),
        ("flip 2", "Write 'turn 5'"),
        ("grace", "grace card only when"),
    ]:
        with pytest.raises(IllegalAction, match=words):
            GAME.apply(state, 0, action)
    with pytest.raises(IllegalAction, match="partner's turn"):
        GAME.apply(state, 1, "turn 2")
    assert GAME.dump(state) == before


def test_the_turn_passes_when_every_pile_shows_a_card() -> None:
    state = new(pack_with({}), pack_with({}, grace="AS"))
    passes = 0
    for _ in range(200):
        if GAME.is_over(state):
            break
        seat = min(GAME.awaiting(state))
        after = GAME.apply(state, seat, sorted(GAME.legal_actions(state, seat))[-1])
        if not GAME.is_over(after) and min(GAME.awaiting(after)) != seat:
            passes += 1  # she passed the turn: every pile of hers shows a card or is empty
            assert all(top(after, seat, k) or not after.piles[seat][k - 1] for k in range(1, 18))
        state = after
    assert passes >= 2


def test_the_grace_card_matches_when_no_card_of_hers_is_up() -> None:
    b = pack_with({}, grace="2H")
    a = pack_with({}, grace="KH")
    state = new(a, b, by="card")
    assert state.piles[1][GRACE] == ("2H",)
    # rig a late position: A has only her grace card left, B shows the king of hearts
    b_piles = list(state.piles[1])
    b_piles[0] = ("KH",)
    b_down = list(state.down[1])
    b_down[0] = 0
    a_piles = [() for _ in range(PILES)] + [("KH",)]
    a_down = [0] * PILES + [1]
    rigged = SympathyState(
        1, False, (tuple(a_piles), tuple(b_piles)), (tuple(a_down), tuple(b_down)), 0, (), ""
    )
    assert GAME.legal_actions(rigged, 0) == ["grace"]
    after = GAME.apply(rigged, 0, "grace")
    assert after.out == ("KH", "KH")


def test_both_win_when_every_card_is_thrown_out() -> None:
    pack = list(french_pack())
    state = new(pack, pack, by="card")  # identical order: every turn matches at once
    rng = random.Random(1)
    while not GAME.is_over(state):
        seat = min(GAME.awaiting(state))
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0, 1)
    assert len(state.out) == 104 and "Won together" in outcome.summary


def test_a_stuck_game_is_lost_by_both() -> None:
    rng = random.Random(7)
    for seed in range(40):
        state = GAME.new(2, seed, {"sympathy_match": "card"})
        while not GAME.is_over(state):
            seat = min(GAME.awaiting(state))
            state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        outcome = GAME.outcome(state)
        assert outcome is not None
        if len(state.out) < 104:
            assert outcome.winners == () and "stuck" in outcome.summary
            return
    pytest.fail("no stuck game in 40 deals")
