"""The Toad (Cheney p. 111): a thirteen-card Toad whose top card is free, every card turned
laid on a family or on one of five piles of the player's choosing, and eight aces built up
regardless of suit."""

from __future__ import annotations

from bot.games.patience.engine import Ctx, Spec
from bot.games.patience.game import PatienceGame, PatienceState
from tests.games.patience.helpers import patience, pile, play, refused, two_packs_with

WIN_SEED = 12
WIN = (
    "deal / move w t1 / deal / move w t2 / deal / move w t2 / deal / move w t3 / deal / "
    "move w t3 / deal / move w t3 / deal / move w t4 / deal / move w t5 / deal / move w t5 "
    "/ deal / move w f1 / move t1 f1 / move t2 f1 / deal / move w t5 / deal / move w t3 / "
    "deal / move w t1 / deal / move w t2 / deal / move w t1 / deal / move w t1 / deal / "
    "move w t3 / deal / move w t1 / deal / move w t4 / deal / move w t2 / deal / move w f1 "
    "/ move t4 f1 / move t2 f1 / move t4 f1 / move t2 f1 / move t5 f1 / move t1 f1 / move r "
    "f1 / deal / move w t5 / deal / move w t2 / deal / move w f1 / move t5 f1 / deal / move "
    "w t5 / deal / move w t3 / deal / move w t5 / deal / move w t1 / deal / move w t1 / "
    "deal / move w t5 / deal / move w t2 / deal / move w t2 / deal / move w t3 / deal / "
    "move w t1 / deal / move w t4 / deal / move w t1 / deal / move w t5 / deal / move w t5 "
    "/ deal / move w t4 / deal / move w t4 / deal / move w t1 / deal / move w f2 / move t3 "
    "f2 / move t2 f2 / move t1 f2 / move r f2 / move t1 f2 / move t5 f2 / move r f2 / deal "
    "/ move w t2 / deal / move w t1 / deal / move w t4 / deal / move w t5 / deal / move w "
    "f2 / deal / move w t1 / deal / move w f3 / move t3 f3 / move t2 f3 / move t1 f3 / move "
    "t1 f3 / move t5 f3 / deal / move w t4 / deal / move w t3 / deal / move w f3 / move t1 "
    "f3 / move t1 f3 / move t1 f2 / move t1 f3 / move t1 f2 / move r f2 / move t1 f2 / deal "
    "/ move w t5 / deal / move w t3 / deal / move w t5 / deal / move w t1 / deal / move w "
    "t4 / deal / move w t1 / deal / move w t1 / deal / move w t2 / deal / move w t3 / deal "
    "/ move w t1 / deal / move w f4 / move t3 f4 / move t2 f4 / move r f4 / move r f3 / "
    "move t1 f3 / move t1 f3 / move t5 f4 / move t5 f4 / deal / move w f4 / move t4 f4 / "
    "move t1 f4 / move t1 f4 / move r f4 / deal / move w t1 / deal / move w t5 / deal / "
    "move w t4 / deal / move w t1 / deal / move w f5 / move t3 f5 / move t3 f5 / move t2 f5 "
    "/ move r f5 / move t2 f5 / move t4 f5 / move t2 f5 / move r f5 / move r f6 / move r f5 "
    "/ move r f4 / deal / move w t1 / deal / move w t5 / deal / move w t3 / deal / move w "
    "t1 / deal / move w f7 / deal / move w t2 / deal / move w t2 / deal / move w t5 / deal "
    "/ move w t1 / deal / move w f6 / move t3 f6 / move t5 f6 / deal / move w f6 / move r "
    "f6 / move t1 f6 / deal / move w t1 / deal / move w f5 / move t2 f5 / deal / move w f4 "
    "/ deal / move w f7 / move t3 f7 / move t5 f7 / move t1 f7 / move t5 f7 / move t1 f7 / "
    "move t1 f6 / move t1 f6 / move t2 f6 / move t1 f6 / move t5 f7 / move t4 f7 / move t4 "
    "f5 / move t4 f7 / move t4 f6 / move t4 f6 / deal / move w t3 / deal / move w t5 / deal "
    "/ move w t5 / deal / move w f8 / deal / move w f8 / move t3 f8 / move t5 f8 / move t3 "
    "f8 / move t3 f8 / move t3 f7 / move t3 f7 / deal / move w t1 / deal / move w f8 / move "
    "t5 f8 / move t1 f8 / move t5 f8 / move t5 f8 / move t5 f8 / move t5 f7 / move t5 f8 "
)
TOAD = ["9S", "KD", "3H", "QC", "8H", "4S", "JD", "10C", "6H", "KS", "7S", "2D", "AS"]


def opening() -> tuple[PatienceGame, PatienceState]:
    g = patience("toad")
    return g, g.new(1, 1, deck=two_packs_with([*TOAD, "5H", "AD", "2C", "3D"]))


def test_each_card_turned_goes_on_a_family_or_any_pile_the_player_chooses() -> None:
    g, state = opening()
    assert pile(g, state, "r") == tuple(TOAD)
    state = play(g, state, "deal", "move w t4")
    assert pile(g, state, "t4") == ("5H",)
    state = play(g, state, "deal", "move w f3", "deal", "move w f3")
    assert pile(g, state, "f3") == ("AD", "2C")


def test_a_card_must_be_placed_before_the_next_and_piles_take_only_the_card_turned() -> None:
    g, state = opening()
    state = play(g, state, "deal")
    refused(g, state, "deal", "Place the card turned")
    refused(g, state, "move w f1", "starts with a ace")
    refused(g, state, "move r t1", "takes cards only from")
    state = play(g, state, "move w t1")
    refused(g, state, "move t1 t2", "takes cards only from")
    refused(g, play(g, state, "deal"), "move w r", "Nothing may be laid on the Toad")


def test_the_toad_s_top_card_helps_the_families_and_only_it_is_seen() -> None:
    g, state = opening()
    view = g.view(state, 0)
    toad = next(z for z in view["zones"] if z["name"] == "r")["piles"][0]["cards"]
    assert toad == [None] * 12 + ["AS"]
    state = play(g, state, "move r f1", "move r f1")
    assert pile(g, state, "f1") == ("AS", "2D") and pile(g, state, "r")[-1] == "7S"
    # families ignore suit: the deuce of diamonds sits on the ace of spades
    state = play(g, state, "deal", "move w t1", "deal", "move w f2", "deal", "move w f2")
    assert pile(g, state, "f2") == ("AD", "2C")


def test_the_fast_move_list_matches_the_rules() -> None:
    g = patience("toad")
    spec = g.spec
    for seed in range(3):
        state = g.new(1, seed)
        for step in range(150):
            ctx = Ctx(state.seed, dict(state.options))
            assert sorted(spec.card_moves(state.layout, ctx)) == sorted(
                Spec.card_moves(spec, state.layout, ctx)
            )
            moves = [a for a in g.legal_actions(state, 0) if a.split()[0] in ("move", "deal")]
            if not moves:
                break
            state = g.apply(state, 0, moves[(seed + step) % len(moves)])


def test_a_deal_known_to_be_won_is_played_to_the_win() -> None:
    g = patience("toad")
    state = play(g, g.new(1, WIN_SEED), *WIN.strip().split(" / "))
    assert state.end == "won"
    outcome = g.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
