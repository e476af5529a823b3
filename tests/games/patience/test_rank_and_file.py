"""Rank and File, or Judges (Cheney p. 108 and the Appendix): a first row whose spaces
refill at once, lapping rows of which only the two right-hand end cards are free while
dealing, marriages up or down once the pack is out, king-only spaces, and two relays
taken up by rows without shuffling; with the Appendix's house rules as options."""

from __future__ import annotations

from bot.games.patience.engine import Ctx, Spec, lay
from bot.games.patience.game import PatienceGame, PatienceState
from tests.games.patience.helpers import patience, pile, play, refused, two_packs_with

WIN_SEED = 774
WIN = (
    "move t3 f1 / move t4 f5 / move t3 f5 / move t1 f5 / move t1 f8 / move t7 f3 / deal / "
    "deal / deal / deal / deal / deal / deal / move t11 f4 / deal / move t3 f7 / move t10 "
    "f7 / move t2 t6 / move t2 f3 / move t7 f3 / move t3 t2 / move t3 f3 / move t9 t10 / "
    "move t9 f6 / move t4 f6 / move t1 f6 / move t1 f6 / move t7 t2 / move t7 f6 / move t9 "
    "t8 / move t9 f7 / move t9 f8 / move t9 f3 / move t9 f1 / move t7 t1 / move t7 f1 / "
    "move t6 f1 / move t4 t2 / move t4 f1 / move t4 f1 / move t6 t11 / move t6 f3 / move t1 "
    "f3 / move t2 t1 / move t2 f3 / move t5 t6 / move t5 f8 / move t2 t5 / move t2 f8 / "
    "move t1 f8 / move t5 t1 / move t5 f8 / move t5 f2 / move t5 f3 / move t5 f8 / move t5 "
    "f1 / move t5 f3 / move t7 t9 / move t7 f6 / move t7 f4 / move t7 f8 / move t10 f8 / "
    "move t11 t10 / move t11 f8 / move t6 t7 / move t6 f2 / move t2 f2 / move t2 f4 / move "
    "t6 f5 / move t2 t3 / move t2 f7 / move t2 f1 / move t2 f6 / move t11 f6 / move t10 f6 "
    "/ move t7 t3 / redeal / move t5 f1 / deal / move t11 f1 / deal / deal / deal / move t6 "
    "f8 / move t2 f8 / move t7 f2 / move t7 f6 / move t9 f3 / move t6 t2 / move t6 f8 / "
    "move t7 t1 / move t7 f4 / move t10 t3 / move t10 f4 / move t6 f4 / move t1 f4 / move "
    "t5 f4 / move t5 t10 / move t5 f7 / move t4 f7 / move t5 f6 / move t9 t4 / move t9 f1 / "
    "move t8 t6 / move t8 f1 / move t8 f2 / move t1 f2 / move t8 f2 / move t2 t8 / move t2 "
    "f6 / move t2 f7 / move t2 f2 / move t11 f2 / move t2 f3 / move t11 f3 / move t8 f6 / "
    "move t11 t8 / move t7 t3 / move t9 t1 / redeal / deal / deal / move t3 f7 / move t3 f5 "
    "/ move t7 f1 / move t9 f4 / move t4 f4 / move t10 t2 / move t10 f4 / move t1 t5 / move "
    "t1 f4 / move t1 f5 / move t11 t1 / move t11 f7 / move t3 f7 / move t6 f7 / move t7 f7 "
    "/ move t2 f7 / move t2 t1 / move t2 f2 / move t2 f5 / move t4 f5 / move t6 f5 / move "
    "t5 f5 / move t5 f5 / move t1 f5 / move t1 f5 / move t9 f2 / move t5 f2 / move t8 f2 / "
    "move t8 f4 "
)
ROW1 = ["KS", "5H", "9C", "AH", "7D", "QS", "3C", "8H", "JD", "10S", "4C"]
REFILLS = ["2H", "QC", "6D"]
ROW2 = ["4H", "9S", "9D", "4S", "6S", "7C", "8C", "5S", "2D", "QS", "3H"]


def opening(options: dict[str, object] | None = None) -> tuple[PatienceGame, PatienceState]:
    """The stacked deal with the first row's king and aces played and row 2 laid."""
    g = patience("rank-and-file")
    state = g.new(1, 1, options, deck=two_packs_with(ROW1 + REFILLS + ROW2))
    state = play(g, state, "move t1 f1", "move t4 f6", "move t1 f6", "deal")
    return g, state


def test_any_first_row_card_goes_up_and_its_space_fills_from_the_pack_at_once() -> None:
    g = patience("rank-and-file")
    state = g.new(1, 1, deck=two_packs_with(ROW1 + REFILLS + ROW2))
    assert [pile(g, state, f"t{k}") for k in range(1, 12)] == [(c,) for c in ROW1]
    state = play(g, state, "move t1 f1")
    assert pile(g, state, "f1") == ("KS",) and pile(g, state, "t1") == ("2H",)
    state = play(g, state, "move t4 f6", "move t1 f6")
    assert pile(g, state, "f6") == ("AH", "2H") and pile(g, state, "t1") == ("6D",)
    state = play(g, state, "deal")
    assert pile(g, state, "t11") == ("4C", "3H") and pile(g, state, "t1") == ("6D", "4H")


def test_while_dealing_only_the_two_right_hand_end_cards_go_and_only_to_families() -> None:
    g, state = opening()
    refused(g, state, "move t1 f6", "two right-hand end cards")
    refused(g, state, "move t10 t3", "only to the families")
    state = play(g, state, "move t11 f6", "move t10 f1")
    assert pile(g, state, "f6") == ("AH", "2H", "3H") and pile(g, state, "f1") == ("KS", "QS")
    # the card beneath a used end card stays blocked until the pack is out
    refused(g, state, "move t11 f1", "two right-hand end cards")


def test_the_appendix_lets_the_left_hand_card_go_up_too() -> None:
    g, state = opening({"judges_left_card": True})
    state = play(g, state, "move t11 f6", "move t1 f6")
    assert pile(g, state, "f6") == ("AH", "2H", "3H", "4H")


def test_a_cleared_column_takes_only_a_king_or_by_the_appendix_an_ace() -> None:
    g = patience("rank-and-file")
    spec = g.spec
    layout = lay(spec.empty(), spec, {"t2": ["5S", "AC"], "t3": ["KD"], "t4": ["9H", "2D"]})
    t1, t2, t3 = (spec.index[p] for p in ("t1", "t2", "t3"))
    book, house = Ctx(1, {"judges_spaces": "king"}), Ctx(1, {"judges_spaces": "king-or-ace"})
    assert spec.accepts(layout, t2, ("AC",), t1, book) == "Only a king may fill a cleared column."
    assert spec.accepts(layout, t3, ("KD",), t1, book) is None
    assert spec.accepts(layout, t2, ("AC",), t1, house) is None
    # once the pack is out, free cards marry up or down regardless of suit
    assert spec.accepts(layout, spec.index["t4"], ("2D",), t2, book) is None
    assert "move t2 t4" in spec.card_moves(layout, book)


def test_a_relay_takes_the_rows_up_from_the_bottom_left_and_undo_is_exact() -> None:
    g, state = opening()
    while "deal" in g.legal_actions(state, 0):
        state = play(g, state, "deal")
    columns = [pile(g, state, f"t{k}") for k in range(1, 12)]
    depth = max(map(len, columns))
    expected = [c[r] for r in reversed(range(depth)) for c in columns if len(c) > r]
    after = play(g, state, "redeal")
    assert [pile(g, after, f"t{k}") for k in range(1, 12)] == [(c,) for c in expected[:11]]
    assert pile(g, after, "s")[::-1] == tuple(expected[11:])
    assert after.layout.passes == 1
    undone = play(g, after, "undo")
    assert undone.layout == state.layout
    assert play(g, undone, "redo").layout == after.layout
    assert not pile(g, state, "s")


def test_the_fast_move_list_matches_the_rules() -> None:
    g = patience("rank-and-file")
    spec = g.spec
    for options in ({}, {"judges_left_card": True, "judges_spaces": "king-or-ace"}):
        for seed in range(3):
            state = g.new(1, seed, options)
            for step in range(120):
                ctx = Ctx(state.seed, dict(state.options))
                assert sorted(spec.card_moves(state.layout, ctx)) == sorted(
                    Spec.card_moves(spec, state.layout, ctx)
                )
                moves = [a for a in g.legal_actions(state, 0) if a.split()[0] in ("move", "deal")]
                if not moves:
                    break
                state = g.apply(state, 0, moves[(seed + step) % len(moves)])


def test_a_deal_known_to_be_won_is_played_to_the_win() -> None:
    g = patience("rank-and-file")
    state = play(g, g.new(1, WIN_SEED), *WIN.strip().split(" / "))
    assert state.end == "won"
    outcome = g.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
