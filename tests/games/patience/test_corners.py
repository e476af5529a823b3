"""Corners (Cheney p. 104): the first card fixes the base, the corners go round the corner
in suit, the five places build down without wrapping, and a place's card moves onto another
only to leave a space."""

from __future__ import annotations

from bot.games.patience.engine import Ctx, Spec
from tests.games.patience.helpers import deck_with, patience, pile, play, refused

WIN_SEED = 9
WIN = (
    "move t1 t2 / move t5 t4 / deal / move w t1 / move t1 t4 / deal / move w t1 / deal / "
    "move w t5 / deal / move w t4 / deal / move w t5 / deal / deal / move w t1 / move t3 t1 "
    "/ move w t3 / deal / move w f3 / deal / move w t1 / move t3 t1 / deal / move w t2 / "
    "deal / move w t3 / deal / deal / deal / move w f4 / deal / deal / deal / deal / move w "
    "f2 / move t2 f2 / deal / move w t3 / deal / deal / move w t1 / deal / deal / move w t2 "
    "/ deal / deal / move w t5 / deal / move w f3 / deal / deal / move w t3 / deal / deal / "
    "deal / move w f2 / deal / deal / move w f1 / move t2 f1 / move t2 f3 / move t5 f1 / "
    "move t2 f1 / move t5 f3 / move t5 f1 / move w t2 / move w t5 / deal / move w t2 / deal "
    "/ move w t4 / deal / deal / move w f4 / move t4 f4 / move t4 f4 / move t4 f2 / move t4 "
    "f3 / move t4 t1 / move w t4 / move w f2 / move t1 f2 / move t4 f2 / move w t4 / move "
    "t5 t4 / move w t5 / move w t5 / deal / move w f3 / move t3 f3 / move t3 f2 / move t3 "
    "t2 / move w t3 / move w t3 / deal / move w f1 / move t4 f1 / move t4 f1 / move w t4 / "
    "move w t1 / move w t3 / move t4 t3 / move w t4 / deal / move w f3 / move t2 f3 / deal "
    "/ move w f2 / deal / move w f4 / deal / move w f2 / deal / move w f4 / move t1 f4 / "
    "move t1 f4 / move t1 f4 / move t1 f1 / move t1 f1 / move t1 f1 / move t3 f4 / move t2 "
    "f4 / move t2 f4 / move t1 f4 / move t3 f3 / move t3 f2 / move t3 f1 / move t5 f3 / "
    "move t4 f3 / move t5 f2 "
)


def test_the_first_card_fixes_the_base_and_its_rank_takes_the_corners_in_the_deal() -> None:
    g = patience("corners")
    state = g.new(1, 1, deck=deck_with(["9S", "KH", "9H", "QS", "QD", "8S", "7D", "JC", "10S"]))
    assert pile(g, state, "f1") == ("9S",) and pile(g, state, "f2") == ("9H",)
    assert [pile(g, state, f"t{k}") for k in range(1, 6)] == [
        ("KH",),
        ("QS",),
        ("QD",),
        ("8S",),
        ("7D",),
    ]
    assert state.layout.marks[0] == 9
    state = play(g, state, "deal", "move w t3")
    assert pile(g, state, "t3") == ("QD", "JC")
    state = play(g, state, "deal", "move w f1")
    assert pile(g, state, "f1") == ("9S", "10S")


def test_a_card_not_one_lower_is_refused_and_nothing_changes() -> None:
    g = patience("corners")
    state = g.new(1, 1, deck=deck_with(["9S", "KH", "9H", "QS", "QD", "8S", "7D", "JC", "10S"]))
    state = play(g, state, "deal")
    refused(g, state, "move w t1", "one lower")
    refused(g, state, "move w f3", "starts with a 9")
    refused(g, state, "move w f2", "in suit")


def test_a_place_s_card_moves_onto_another_only_to_leave_a_space() -> None:
    g = patience("corners")
    deck = deck_with(["9S", "KH", "9H", "QS", "QD", "8S", "7D", "JC", "10S"])
    state = play(g, g.new(1, 1, deck=deck), "deal", "move w t3")
    refused(g, state, "move t3 t2", "leaves a space")
    state = play(g, state, "move t5 t4")
    assert pile(g, state, "t5") == () and pile(g, state, "t4") == ("8S", "7D")
    refused(g, state, "move t1 t5", "filled from the waste or the pack")
    loose = play(g, g.new(1, 1, {"corners_shift": "any"}, deck=deck), "deal", "move w t3")
    assert pile(g, play(g, loose, "move t3 t2"), "t2") == ("QS", "JC")


def test_families_turn_the_corner_but_the_places_do_not() -> None:
    g = patience("corners")
    state = g.new(1, 1, deck=deck_with(["KS", "AH", "2C", "3D", "4D", "5D", "AS", "KC"]))
    state = play(g, state, "deal", "move w f1")
    assert pile(g, state, "f1") == ("KS", "AS")
    state = play(g, state, "deal")
    refused(g, state, "move w t1", "one lower")
    state = play(g, state, "move w f2", "move t1 t2")
    assert pile(g, state, "f2") == ("KC",) and pile(g, state, "t2") == ("2C", "AH")


def test_the_fast_move_list_matches_the_rules() -> None:
    g = patience("corners")
    spec = g.spec
    for seed in range(4):
        state = g.new(1, seed)
        for _ in range(40):
            ctx = Ctx(state.seed, dict(state.options))
            assert sorted(spec.card_moves(state.layout, ctx)) == sorted(
                Spec.card_moves(spec, state.layout, ctx)
            )
            moves = [a for a in g.legal_actions(state, 0) if a.startswith(("move", "deal"))]
            if not moves:
                break
            state = g.apply(state, 0, moves[(seed + len(moves)) % len(moves)])


def test_a_deal_known_to_be_won_is_played_to_the_win() -> None:
    g = patience("corners")
    state = play(g, g.new(1, WIN_SEED), *WIN.strip().split(" / "))
    assert state.end == "won"
    outcome = g.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
