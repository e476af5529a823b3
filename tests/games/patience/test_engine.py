"""The patience engine and game wrapper: moves and refusals, undo and redo (exact across a
reshuffle), hints, auto-play, resigning and the move limit; with the Clock and Solitaire
as the examples, and a check that the move generator's fast path agrees with the rules'
reasons in every patience game."""

from __future__ import annotations

import random
import textwrap

import pytest

from bot.games import registry
from bot.games.cards import french_pack
from bot.games.patience.engine import Ctx, Spec
from bot.games.patience.game import CONTROLS, PatienceGame, PatienceState
from tests.games.patience.helpers import deck_with, patience, play, refused

SOLITAIRE_WIN_SEED = 14
SOLITAIRE_WIN = (
    "deal / move w t1 / deal / move w t1 / deal / move w f1 / deal / move w f2 / deal / move "
    "w t1 / deal / move w t1 / deal / move w f1 / deal / move w f2 / deal / move w t1 / deal "
    "/ move w t2 / deal / move w t3 / deal / move w t3 / deal / move w t1 / deal / move w f1 "
    "/ deal / move w f2 / deal / move w t4 / deal / move w f3 / move t1 f3 / deal / move w t4 "
    "/ deal / move w t1 / deal / move w t4 / deal / move w t4 / deal / move w t4 / deal / "
    "move w t2 / deal / move w f3 / deal / move w f1 / move t1 f1 / move t2 f1 / deal / move "
    "w t4 / deal / move w t2 / deal / move w t4 / deal / move w f4 / deal / move w t4 / deal "
    "/ move w t1 / deal / move w f2 / deal / move w t3 / deal / move w f2 / move t2 f2 / deal "
    "/ move w t2 / deal / move w f3 / move t2 f3 / move t2 f3 / deal / move w f1 / move t3 f1 "
    "/ deal / move w f1 / deal / move w t4 / deal / move w t3 / deal / move w t3 / deal / "
    "move w t4 / deal / move w f4 / move t1 f4 / move t3 f4 / move t1 f4 / move t1 f2 / move "
    "t3 f2 / move t1 f2 / deal / move w t1 / deal / move w f3 / move t3 f3 / deal / move w f4 "
    "/ deal / move w t1 / deal / move w f4 / move t4 f4 / move t4 f3 / deal / move w t1 / "
    "deal / move w t1 / deal / move w f1 / move t1 f1 / move t4 f1 / move t3 f1 / move t4 f2 "
    "/ move t1 f2 / move t4 f3 / move t1 f3 / move t4 f4 / deal / move w f2 / move t4 f2 / "
    "move t4 f4 / move t1 f4 / move t1 f3 / move t1 f3 / move t4 f4 / move t4 f4"
)


# -- Solitaire --------------------------------------------------------------------------


def test_solitaire_deals_one_card_and_it_must_be_placed_before_the_next() -> None:
    g = patience("solitaire")
    state = g.new(1, 1, deck=deck_with(["7S", "AH", "2C"]))
    assert g.legal_actions(state, 0) == ["deal", "hint", "resign"]
    state = play(g, state, "deal")
    assert state.layout.piles[g.spec.index["w"]] == ("7S",)
    refused(g, state, "deal", "pack")
    refused(g, state, "move w f1", "starts with a ace")
    state = play(g, state, "move w t2", "deal", "move w f3", "deal")
    assert g.spec.index["f3"] in [i for i, p in enumerate(state.layout.piles) if p == ("AH",)]
    # the two of clubs goes on the ace of hearts: families ignore suit
    state = play(g, state, "move w f3")
    assert state.layout.piles[g.spec.index["f3"]] == ("AH", "2C")


def test_solitaire_piles_take_only_the_turned_card_and_hide_what_is_beneath() -> None:
    g = patience("solitaire")
    state = play(g, g.new(1, 1, deck=deck_with(["7S", "8S"])), "deal", "move w t1", "deal")
    state = play(g, state, "move w t1")
    refused(g, state, "move t1 t2", "takes cards only from the card turned")
    refused(g, state, "move t1 w", "The card turned takes cards only from the pack")
    view = g.view(state, None)
    piles = {p["id"]: p["cards"] for z in view["zones"] for p in z["piles"]}
    assert piles["t1"] == [None, "8S"]  # the strict rule: only the top card is seen


def test_solitaire_easier_lays_the_aces_out_and_harder_follows_suit() -> None:
    g = patience("solitaire")
    easy = g.new(1, 5, {"solitaire_way": "easier"})
    tops = sorted(easy.layout.piles[g.spec.index[f"f{k}"]][-1] for k in range(1, 5))
    assert tops == ["AC", "AD", "AH", "AS"]
    hard = g.new(1, 5, {"solitaire_way": "harder"}, deck=deck_with(["AS", "2H", "2S"]))
    hard = play(g, hard, "deal", "move w f1", "deal")
    refused(g, hard, "move w f1", "follow suit")
    hard = play(g, hard, "move w t1", "deal", "move w f1")
    assert hard.layout.piles[g.spec.index["f1"]] == ("AS", "2S")


def test_a_solitaire_deal_known_to_be_won_is_played_to_the_win() -> None:
    g = patience("solitaire")
    state = g.new(1, SOLITAIRE_WIN_SEED)
    state = play(g, state, *SOLITAIRE_WIN.split(" / "))
    assert state.end == "won"
    outcome = g.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and outcome.points == (52,)
    assert "perfect" in outcome.summary


def _to_redeal(g: PatienceGame, seed: int) -> PatienceState:
    """Play the harder way by the hints (laying cards) until a redeal is legal."""
    state = g.new(1, seed, {"solitaire_way": "harder"})
    while "redeal" not in g.legal_actions(state, 0):
        legal = [
            a
            for a in g.legal_actions(state, 0)
            if a not in ("undo", "redo", "hint", "resign", "auto")
        ]
        state = g.apply(state, 0, legal[0])
    return state


def test_undo_and_redo_are_exact_across_a_reshuffle() -> None:
    g = patience("solitaire")
    before = _to_redeal(g, 3)
    after = play(g, before, "redeal")
    assert after.layout.shuffles == 1 and after.layout.passes == 1
    undone = play(g, after, "undo")
    assert undone.layout == before.layout and undone.log == before.log
    assert undone.undos == 1 and undone.redo == ("redeal",)
    redone = play(g, undone, "redo")
    assert redone.layout == after.layout  # the same shuffle, not a new one
    again = play(g, undone, "redeal")
    assert again.layout == after.layout
    refused(g, redone, "redo", "nothing to redo")
    assert g.load(g.dump(redone)) == redone


def test_a_new_move_clears_the_redo_list_and_undo_needs_a_move() -> None:
    g = patience("solitaire")
    state = g.new(1, 2)
    refused(g, state, "undo", "nothing to undo")
    state = play(g, state, "deal", "undo")
    assert state.redo == ("deal",)
    state = play(g, state, "deal")
    assert state.redo == ()


def test_a_hint_is_counted_suggests_progress_and_spoils_a_perfect_game() -> None:
    g = patience("solitaire")
    state = play(g, g.new(1, 1, deck=deck_with(["AH"])), "deal", "hint")
    assert state.hints == 1 and state.hint == "move w f1"
    assert g.view(state, None)["hint"] == "move w f1"
    state = play(g, state, "move w f1")
    assert state.hint == ""  # a hint lasts one action


def test_auto_plays_every_safe_card_home_and_is_one_undo() -> None:
    g = patience("solitaire")
    state = g.new(
        1, 1, {"solitaire_way": "easier"}, deck=deck_with(["AS", "AH", "AD", "AC", "2S", "3S"])
    )
    state = play(g, state, "deal")
    assert "auto" in g.legal_actions(state, 0)
    state = play(g, state, "auto")
    assert sum(len(state.layout.piles[g.spec.index[f"f{k}"]]) for k in range(1, 5)) == 5
    assert state.log[-1] == "auto"
    assert play(g, state, "undo").layout.piles[g.spec.index["w"]] == ("2S",)


def test_resigning_ends_the_game_lost_and_a_finished_game_refuses_moves() -> None:
    g = patience("solitaire")
    state = play(g, g.new(1, 1), "deal", "resign")
    assert state.end == "resigned" and g.awaiting(state) == frozenset()
    outcome = g.outcome(state)
    assert outcome is not None and outcome.winners == ()
    refused(g, state, "undo", "over")


def test_the_move_limit_ends_an_endless_game() -> None:
    g = patience("solitaire")
    state = g.new(1, 1, {"move_limit": 100})
    for _ in range(50):
        state = play(g, state, "deal", "undo")
    assert state.end == "lost" and state.actions == 100


def test_unknown_actions_and_piles_are_refused_in_words() -> None:
    g = patience("solitaire")
    state = play(g, g.new(1, 1), "deal")
    refused(g, state, "fly", "Write a move")
    refused(g, state, "move w z9", "no pile 'z9'")
    refused(g, state, "move w w", "two different piles")
    refused(g, state, "move s t1", "only by dealing")
    refused(g, state, "move w t1 x", "whole number")


# -- The Clock --------------------------------------------------------------------------


def _clock_deck(centre: list[str], hours: dict[int, list[str]]) -> list[str]:
    """A deck whose piles (four cards each, top of each pile first) are as given; hours
    not given are filled from the rest of the pack."""
    used = set(centre) | {c for cards in hours.values() for c in cards}
    rest = [c for c in french_pack() if c not in used]
    deck: list[str] = []
    for h in range(1, 14):
        cards = centre if h == 13 else hours.get(h) or [rest.pop() for _ in range(4)]
        deck += cards  # a pile of four is lifted off the pack as it lies: top card first
    return deck


def test_the_clock_puts_each_card_under_its_hour_and_takes_that_pile_s_top() -> None:
    g = patience("clock")
    deck = _clock_deck(["3H", "KS", "KH", "KD"], {3: ["5C", "2S", "2H", "2D"]})
    state = g.new(1, 1, deck=deck)
    assert g.legal_actions(state, 0) == ["auto", "hint", "next", "resign"]
    state = play(g, state, "next")
    assert state.layout.piles[g.spec.index["h"]] == ("3H",)
    state = play(g, state, "next")  # 3H under hour 3; hour 3's top card 5C comes up
    hour3 = g.view(state, None)["zones"][1]["piles"][2]["cards"]
    assert hour3 == [None, None, None, "3H"]
    assert state.layout.piles[g.spec.index["h"]] == ("5C",)
    refused(g, state, "move h p5", "The Clock has one move")


def test_the_fourth_king_too_soon_stops_the_clock() -> None:
    g = patience("clock")
    deck = _clock_deck(["KC", "KS", "KH", "KD"], {})
    state = play(g, g.new(1, 1, deck=deck), "next", "next", "next", "next", "next")
    assert g.legal_actions(state, 0) == ["resign", "undo"]
    assert g.view(state, None)["stuck"] is True
    refused(g, state, "next", "fourth king")
    state = play(g, state, "resign")
    outcome = g.outcome(state)
    assert outcome is not None and "48 cards still face down" in outcome.summary


def test_a_clock_known_to_come_out_is_won_by_one_auto() -> None:
    g = patience("clock")
    state = play(g, g.new(1, 3), "auto")
    assert state.end == "won" and len(state.log) == 1
    assert g.spec.score(state.layout) == 52


# -- every patience game ----------------------------------------------------------------


PATIENCE = [g.info.key for g in registry.all() if isinstance(g, PatienceGame)]


@pytest.mark.parametrize("key", PATIENCE)
def test_the_move_generator_agrees_with_the_rules_reasons(key: str) -> None:
    """The fast check the move generator uses says yes exactly when accepts() gives no
    reason, for every card group and pile, and the engine's move generator finds the
    moves that trying every group against every pile with accepts() finds (the game's
    own list too, unless it makes its own), along random games."""
    g = patience(key)
    spec: Spec = g.spec
    rng = random.Random(key)
    for seed in range(3):
        state = g.new(1, seed)
        for _ in range(60):
            if state.end:
                break
            ctx = Ctx(state.seed, dict(state.options))
            lay = state.layout
            slow_moves = []
            for src in range(len(spec.ids)):
                for n, cards in spec.movable(lay, src):
                    for dst in spec.move_targets:
                        if dst == src:
                            continue
                        fast = spec._allows(lay, src, cards, dst, ctx) if spec._generic() else None
                        slow = spec.accepts(lay, src, cards, dst, ctx) is None
                        assert fast is None or fast == slow, (key, spec.ids[src], spec.ids[dst])
                        if slow:
                            move = f"move {spec.ids[src]} {spec.ids[dst]}"
                            slow_moves.append(move + (f" {n}" if n > 1 else ""))
            assert sorted(Spec.find_moves(spec, lay, ctx)) == sorted(slow_moves), key
            if type(spec).card_moves is Spec.card_moves:
                assert sorted(spec.card_moves(lay, ctx)) == sorted(slow_moves), key
            moves = [a for a in g.legal_actions(state, 0) if a not in ("resign", "undo", "redo")]
            if not moves:
                break
            state = g.apply(state, 0, rng.choice(moves))


def test_every_patience_game_says_its_rules_and_source() -> None:
    for key in PATIENCE:
        info = patience(key).info
        assert info.rules and info.summary, key
        assert info.source.startswith("Cheney, Patience ("), key
        assert info.min_seats == info.max_seats == 1
        assert textwrap.dedent(info.rules).strip() == info.rules.strip()


@pytest.mark.parametrize("key", PATIENCE)
def test_undo_then_redo_is_exact_everywhere_in_every_game(key: str) -> None:
    """Along random games (redeals and reshuffles included), undo gives back exactly the
    layout before the last move, and redo exactly the layout after it."""
    g = patience(key)
    rng = random.Random(f"undo:{key}")
    for seed in range(2):
        state = g.new(1, seed)
        for step in range(120):
            if state.end:
                break
            moves = [a for a in g.legal_actions(state, 0) if a not in CONTROLS]
            if not moves:
                break
            # prefer redeals when offered, so reshuffles are crossed
            action = "redeal" if "redeal" in moves else rng.choice(moves)
            before = state.layout
            state = g.apply(state, 0, action)
            if state.end:
                break
            if step % 7 == 0 or action == "redeal":
                undone = g.apply(state, 0, "undo")
                assert undone.layout == before, (key, seed, action)
                redone = g.apply(undone, 0, "redo")
                assert redone.layout == state.layout, (key, seed, action)
                assert redone.log == state.log
                state = redone
