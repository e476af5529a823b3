"""Triangle (Cheney p. 117): seven piles of one to seven cards with only the top card face
up, marriages down in alternating colours one card at a time, a space taking any face-up
card, the rest of the pack spread out and all free, and family cards that may be taken
back."""

from __future__ import annotations

from bot.games.cards import french_pack
from bot.games.patience.engine import Ctx, Spec
from tests.games.patience.helpers import patience, pile, play, refused

WIN_SEED = 27
WIN = (
    "move r20 f1 / move r4 f2 / move t3 t1 / move t3 f2 / move r18 f2 / move t6 f2 / move "
    "t3 f2 / move t1 f2 / move r13 f2 / move t2 t3 / move t2 f3 / move t4 t2 / move t6 t1 / "
    "move t3 t6 / move t4 t3 / move t4 f2 / move r2 f2 / move t4 f2 / move t5 f2 / move r7 "
    "f2 / move r1 f2 / move t5 t3 / move t5 t4 / move t5 t1 / move t2 t4 / move t7 t2 / "
    "move t7 f1 / move r17 f1 / move t7 f3 / move t5 t1 / move t7 t5 / move t7 f4 / move t3 "
    "f4 / move r21 f4 / move t1 f4 / move t3 f3 / move r23 f3 / move r5 f3 / move t5 f4 / "
    "move t7 f1 / move t1 f1 / move t1 f4 / move r3 f4 / move r10 f4 / move t7 f3 / move "
    "r11 f3 / move t4 f3 / move r16 f3 / move r22 f3 / move r9 f3 / move r15 f3 / move t4 "
    "f4 / move t6 f4 / move r12 f4 / move r24 f4 / move t2 f4 / move t6 t2 / move t6 t3 / "
    "move t6 f3 / move t6 f1 / move t1 f1 / move r14 f1 / move r19 f1 / move r6 f1 / move "
    "t2 f1 / move r8 f1 / move t3 f1 "
)
PLACED = {0: "AS", 7: "9H", 13: "8C", 18: "KD", 22: "2S", 25: "QS", 27: "7H", 28: "7S", 29: "3H"}
"""Deck positions: the seven face-up cards of the triangle, then the first spread cards."""


def stacked() -> list[str]:
    rest = iter(c for c in french_pack() if c not in PLACED.values())
    return [PLACED.get(k) or next(rest) for k in range(52)]


def test_the_triangle_shows_one_card_per_pile_and_turns_up_the_next() -> None:
    g = patience("triangle")
    deck = stacked()
    state = g.new(1, 1, deck=deck)
    spec = g.spec
    for k in range(1, 8):
        i = spec.index[f"t{k}"]
        assert len(state.layout.piles[i]) == k and state.layout.down[i] == k - 1
    assert [pile(g, state, f"t{k}")[-1] for k in range(1, 8)] == [
        "AS",
        "9H",
        "8C",
        "KD",
        "2S",
        "QS",
        "7H",
    ]
    assert [pile(g, state, f"r{k}") for k in (1, 2, 24)] == [("7S",), ("3H",), (deck[51],)]
    state = play(g, state, "move t1 f1", "move t3 t2")
    assert pile(g, state, "t2")[-2:] == ("9H", "8C")
    assert state.layout.down[spec.index["t3"]] == 1  # the card beneath is turned up
    state = play(g, state, "move t7 t2")
    assert pile(g, state, "t2")[-1] == "7H"


def test_one_card_at_a_time_and_only_in_the_other_colour() -> None:
    g = patience("triangle")
    state = play(g, g.new(1, 1, deck=stacked()), "move t3 t2")
    refused(g, state, "move t2 t4 2", "cannot move 2 cards")
    refused(g, state, "move r1 t2", "other colour")


def test_a_space_takes_any_card_and_a_family_card_may_be_taken_back() -> None:
    g = patience("triangle")
    state = play(g, g.new(1, 1, deck=stacked()), "move t1 f1", "move t5 f1", "move r2 t1")
    assert pile(g, state, "t1") == ("3H",) and pile(g, state, "f1") == ("AS", "2S")
    refused(g, state, "move f1 f2", "goes onto the triangle")
    state = play(g, state, "move f1 t1")
    assert pile(g, state, "t1") == ("3H", "2S") and pile(g, state, "f1") == ("AS",)


def test_the_fast_move_list_matches_the_rules() -> None:
    g = patience("triangle")
    spec = g.spec
    for seed in range(4):
        state = g.new(1, seed)
        for step in range(100):
            ctx = Ctx(state.seed, dict(state.options))
            assert sorted(spec.card_moves(state.layout, ctx)) == sorted(
                Spec.card_moves(spec, state.layout, ctx)
            )
            moves = [a for a in g.legal_actions(state, 0) if a.startswith("move")]
            if not moves:
                break
            state = g.apply(state, 0, moves[(seed + step) % len(moves)])


def test_a_deal_known_to_be_won_is_played_to_the_win() -> None:
    g = patience("triangle")
    state = play(g, g.new(1, WIN_SEED), *WIN.strip().split(" / "))
    assert state.end == "won"
    outcome = g.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
