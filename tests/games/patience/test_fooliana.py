"""Fooliana (Cheney p. 113): a thirteen-card Fool that fills the row's spaces at once,
families from the first card's rank round the corner, a row built down in alternating
colours with runs moving together, the pack dealt in threes and turned while it helps."""

from __future__ import annotations

from bot.games.patience.engine import Ctx, Spec, lay
from bot.games.patience.game import PatienceGame, PatienceState
from tests.games.patience.helpers import deck_with, patience, pile, play, refused

WIN_SEED = 12
WIN = (
    "deal / deal / deal / deal / deal / deal / deal / deal / deal / move w f2 / deal / deal "
    "/ deal / redeal / deal / deal / deal / move w f2 / deal / deal / deal / deal / deal / "
    "deal / deal / deal / redeal / deal / deal / move w f2 / deal / move w f3 / move t2 f3 "
    "/ move w f2 / deal / move w f4 / move t3 f4 / move t1 t3 / move t1 t3 / move r t1 / "
    "move t4 t1 / deal / deal / move w t3 / move t4 t3 / deal / deal / move w f2 / move w "
    "f4 / deal / move w f4 / move t2 f4 / move w f3 / deal / deal / redeal / deal / deal / "
    "deal / move w t4 / deal / move w f3 / deal / deal / move w f3 / move w t2 / deal / "
    "deal / move w f3 / move t4 f3 / move t1 f3 / redeal / deal / move w t2 / move t4 t2 / "
    "move r t3 / deal / deal / move w f4 / move t3 f4 / move t2 f4 / move t3 t1 / move t3 "
    "f4 / move r f4 / move r t1 / move r f2 / deal / deal / deal / redeal / deal / move w "
    "f1 / move w t2 / deal / move w f2 / deal / deal / deal / move w f1 / move w f3 / move "
    "t3 f3 / move t3 f4 / move w f1 / deal / redeal / deal / move w f1 / deal / move w f4 / "
    "move w t3 / move t1 t3 4 / fill t1 / move t1 f4 / fill t1 / move t2 t1 3 / move t2 f3 "
    "/ move t4 f3 / fill t2 / move t3 t2 6 / fill t3 / move t1 t3 4 / redeal / fill t1 / "
    "move t3 t1 5 / fill t3 / move t3 f3 / fill t3 / move t3 f1 / move t2 f1 / move t1 f1 / "
    "move t2 f2 / move t1 f2 / move t2 f1 / move t1 f1 / move t2 f2 / move t1 f2 / move t2 "
    "f1 / move t1 f1 / move t2 f2 / move t1 f2 / move t2 f1 "
)
FOOL = ["2H", "5S", "QH", "4D", "6C", "JS", "KH", "10D", "2S", "AC", "QS", "3C", "8D"]


def opening(options: dict[str, object] | None = None) -> tuple[PatienceGame, PatienceState]:
    g = patience("fooliana")
    return g, g.new(1, 1, options, deck=deck_with([*FOOL, "9S", "9H", "10C", "7S", "9C"]))


def test_the_card_after_the_fool_fixes_the_base_and_the_row_marries_in_alternate_colours() -> None:
    g, state = opening()
    assert pile(g, state, "f1") == ("9S",) and state.layout.marks[0] == 9
    assert pile(g, state, "r")[-1] == "8D"
    state = play(g, state, "move t1 f2")
    assert pile(g, state, "f2") == ("9H",) and pile(g, state, "t1") == ("8D",)
    state = play(g, state, "move t3 t1")
    assert pile(g, state, "t1") == ("8D", "7S") and pile(g, state, "t3") == ("3C",)
    # a whole run moves onto a card it fits; the space fills from the Fool at once
    state = play(g, state, "move t1 t4 2")
    assert pile(g, state, "t4") == ("9C", "8D", "7S") and pile(g, state, "t1") == ("QS",)


def test_a_card_of_the_same_colour_is_refused_and_nothing_changes() -> None:
    g, state = opening()
    refused(g, state, "move t4 t2", "other colour")
    refused(g, state, "move r f1", "takes a card one higher")
    refused(g, state, "fill t1", "Fill names an empty place")


def test_when_the_fool_is_out_a_space_takes_the_bottom_card_of_the_pack() -> None:
    g = patience("fooliana")
    spec = g.spec
    layout = lay(spec.empty(), spec, {"t2": ["KD"], "t3": ["5C"], "t4": ["JH"], "w": ["QS"]})
    layout = spec.with_stock(layout, ["4H", "7C", "2D"]).mark(0, 6)
    ctx = Ctx(1, {"fooliana_spaces": "pack-bottom"})
    assert spec.extra_moves(layout, ctx) == ["fill t1"]
    assert spec.accepts(layout, spec.index["w"], ("QS",), spec.index["t1"], ctx) is not None
    filled = spec.apply(layout, "fill t1", ctx)
    assert filled.piles[spec.index["t1"]] == ("2D",)
    assert filled.piles[spec.index["s"]] == ("7C", "4H")
    by_waste = Ctx(1, {"fooliana_spaces": "waste"})
    assert spec.extra_moves(layout, by_waste) == []
    assert "move w t1" in spec.card_moves(layout, by_waste)


def test_the_waste_turns_while_it_helps_and_once_more_and_undo_is_exact() -> None:
    g, state = opening()
    while "deal" in g.legal_actions(state, 0):
        state = play(g, state, "deal")
    turned = play(g, state, "redeal")
    # turned over, not shuffled: the waste's bottom card is the pack's top
    assert pile(g, turned, "s")[::-1] == pile(g, state, "w") and not pile(g, turned, "w")
    assert play(g, turned, "undo").layout == state.layout
    assert play(g, play(g, turned, "undo"), "redo").layout == turned.layout
    # a second round that used no card ends the game's chances
    again = turned
    while "deal" in g.legal_actions(again, 0):
        again = play(g, again, "deal")
    refused(g, again, "redeal", "used no card")
    # but a round that used a card may be turned again
    used = play(g, turned, "deal")
    moves = [a for a in g.legal_actions(used, 0) if a.startswith("move")]
    if moves:
        used = play(g, used, moves[0])
        while "deal" in g.legal_actions(used, 0):
            used = play(g, used, "deal")
        assert "redeal" in g.legal_actions(used, 0)


def test_the_fast_move_list_matches_the_rules() -> None:
    g = patience("fooliana")
    spec = g.spec
    for options in ({}, {"fooliana_spaces": "waste"}):
        for seed in range(4):
            state = g.new(1, seed, options)
            for step in range(120):
                ctx = Ctx(state.seed, dict(state.options))
                assert sorted(spec.card_moves(state.layout, ctx)) == sorted(
                    Spec.card_moves(spec, state.layout, ctx)
                )
                moves = [a for a in g.legal_actions(state, 0) if a not in ("resign", "undo")]
                moves = [a for a in moves if a not in ("hint", "auto", "redo")]
                if not moves:
                    break
                state = g.apply(state, 0, moves[(seed + step) % len(moves)])


def test_a_deal_known_to_be_won_is_played_to_the_win() -> None:
    g = patience("fooliana")
    state = play(g, g.new(1, WIN_SEED), *WIN.strip().split(" / "))
    assert state.end == "won"
    outcome = g.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
