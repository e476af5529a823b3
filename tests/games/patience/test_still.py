"""Can I still win? in the rules (bot/games/patience/search/standing.py, assist.py):
the answers on known deals (won with a line that wins, lost with how far back, lost from
the deal, could not tell, unknown under a tiny budget), each checked against the solver
position by position; and the answer recorded in the game: a won line checked before it
is accepted, the assists counted, the line as the hint and kept or dropped as play goes
on, the round trip of old and new states, the words at the end."""

from __future__ import annotations

import random
import time
from dataclasses import replace
from typing import Any

import pytest

from bot.games import IllegalAction, registry
from bot.games.patience import assist
from bot.games.patience.assist import LOST, UNKNOWN, WON, Told, read, written
from bot.games.patience.game import CONTROLS, PatienceGame, PatienceState
from bot.games.patience.search import Budget, replays, solve
from bot.games.patience.search.standing import STILL_BUDGET, Still, still_winnable


def ask(game: Any, state: Any, budget: Budget | None = None) -> Still:
    """The answer from the state, by the process's clock; by default within the answer's
    own budget of positions but a long one of seconds, so that a busy machine does not
    turn an answer into "can't tell"."""
    if budget is None:
        budget = replace(STILL_BUDGET, seconds=120.0)
    return still_winnable(game, state, budget, time.perf_counter)


def verdict(game: Any, state: Any) -> str:
    """The solver's own verdict on a state (a generous budget)."""
    return solve(game, state, Budget(seconds=20), time.perf_counter).result


def patience(key: str) -> PatienceGame:
    """A patience game by key."""
    game = registry.get(key)
    assert isinstance(game, PatienceGame)
    return game


def wander(game: PatienceGame, seed: int, moves: int) -> PatienceState:
    """The deal of `seed` after up to `moves` random card moves (seeded, so the same
    every run): a known game with mistakes in it."""
    rng = random.Random(seed)
    state = game.new(1, seed)
    for _ in range(moves):
        legal = [a for a in game.legal_actions(state, 0) if a not in CONTROLS]
        if not legal or state.end:
            break
        state = game.apply(state, 0, rng.choice(legal))
    return state


def undone(game: PatienceGame, state: PatienceState, times: int) -> PatienceState:
    """The state after `times` undos."""
    for _ in range(times):
        state = game.apply(state, 0, "undo")
    return state


def test_a_won_position_answers_yes_with_a_line_that_wins() -> None:
    game = patience("sultan")
    state = game.new(1, 1)
    still = ask(game, state)
    assert still.told.result == WON and still.searches == 1
    assert replays(game, state, still.told.line)
    assert "knowing every card" in still.measure


@pytest.mark.parametrize(("key", "seed", "moves"), [("fours", 0, 60), ("fourteen", 0, 60)])
def test_a_lost_game_says_how_many_moves_back_it_was_last_winnable(
    key: str, seed: int, moves: int
) -> None:
    game = patience(key)
    state = wander(game, seed, moves)
    told = ask(game, state).told
    assert told.result == LOST and told.back is not None and told.back > 1
    # checked move by move with the solver: N undos reach a winnable position, and every
    # position after it on the played line is lost
    assert verdict(game, undone(game, state, told.back)) == WON
    for back in range(told.back):
        assert verdict(game, undone(game, state, back)) == LOST


def test_a_deal_that_cannot_be_won_is_lost_from_the_deal() -> None:
    game = patience("clock")  # The Clock is won only when the last King comes up last
    state = game.apply(game.new(1, 0), 0, sorted(game.legal_actions(game.new(1, 0), 0))[0])
    assert verdict(game, game.new(1, 0)) == LOST
    told = ask(game, state).told
    assert told == Told(LOST, from_deal=True)


def test_a_budget_spent_looking_back_could_not_tell_how_far() -> None:
    game = patience("fours")
    state = wander(game, 0, 60)
    first = solve(game, state, None, time.perf_counter)
    assert first.result == LOST
    # enough for the current position, not for the positions before it
    still = ask(game, state, Budget(positions=first.positions + 1))
    assert still.told == Told(LOST) and still.searches >= 2


def test_a_tiny_budget_cannot_tell() -> None:
    game = patience("napoleon")
    still = ask(game, game.new(1, 1), Budget(positions=20))
    assert still.told == Told(UNKNOWN) and still.positions <= 20


def test_the_searches_share_what_lost_ones_proved() -> None:
    game = patience("fours")
    state = wander(game, 0, 60)
    shared = ask(game, state)
    alone = sum(
        solve(game, undone(game, state, back), None, time.perf_counter).positions
        for back in range(shared.told.back or 0)
    )
    assert shared.positions < alone


def test_sympathy_answers_yes_no_or_cannot_tell_without_looking_back() -> None:
    game = registry.get("sympathy")
    rng = random.Random(0)
    state = game.new(2, 0)
    for _ in range(30):
        seat = min(game.awaiting(state))
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    told = ask(game, state).told
    assert told == Told(LOST, looked=False)
    assert written(told) == "solved lost"
    won = ask(game, game.new(2, 2)).told
    assert won.result == WON and replays(game, game.new(2, 2), won.line)


def test_the_asking_changes_no_state() -> None:
    game = patience("fours")
    state = wander(game, 0, 60)
    dumped = game.dump(state)
    ask(game, state)
    assert game.dump(state) == dumped


# -- the answer in the game ------------------------------------------------------------


@pytest.mark.parametrize(
    "told",
    [
        Told(WON, ("move t1 f1", "move t2 t3 2")),
        Told(LOST, back=3),
        Told(LOST, from_deal=True),
        Told(LOST),
        Told(LOST, looked=False),
        Told(UNKNOWN),
    ],
)
def test_an_answer_reads_back_as_written(told: Told) -> None:
    assert read(written(told)) == told and assist.is_assist(written(told))


@pytest.mark.parametrize("action", ["solved", "solved won", "solved lost 0", "solved maybe"])
def test_an_answer_not_written_as_one_is_refused(action: str) -> None:
    game = patience("fours")
    state = game.new(1, 0)
    with pytest.raises(IllegalAction):
        game.apply(state, 0, action)


def test_a_won_line_is_accepted_only_if_it_wins() -> None:
    game = patience("sultan")
    state = game.new(1, 1)
    line = ask(game, state).told.line
    with pytest.raises(IllegalAction, match="does not win"):
        game.apply(state, 0, written(Told(WON, line[:-1])))
    after = game.apply(state, 0, written(Told(WON, line)))
    assert after.assists == 1 and after.line == line and after.hint == line[0]
    assert after.layout == state.layout and after.log == state.log
    assert "solved" not in " ".join(game.legal_actions(after, 0))


def test_the_hint_follows_the_winning_line_to_a_win() -> None:
    game = patience("sultan")
    state = game.new(1, 1)
    line = ask(game, state).told.line
    state = game.apply(state, 0, written(Told(WON, line)))
    for _ in range(len(line)):
        state = game.apply(state, 0, "hint")
        state = game.apply(state, 0, state.hint)
    assert state.end == "won" and state.assists == 1
    outcome = game.outcome(state)
    assert outcome is not None and "perfect" not in outcome.summary
    assert "Assisted" in outcome.summary


def test_another_move_drops_the_line_unless_it_still_wins_and_undo_keeps_it() -> None:
    game = patience("sultan")
    state = game.new(1, 1)
    line = ask(game, state).told.line
    state = game.apply(game.apply(state, 0, written(Told(WON, line))), 0, line[0])
    assert state.line == line[1:]
    back = game.apply(state, 0, "undo")
    assert back.line == line  # the undone move and the rest of the line win again
    again = game.apply(back, 0, "redo")
    assert again.line == line[1:]
    others = [m for m in game.legal_actions(back, 0) if m not in CONTROLS and m != line[0]]
    for move in others:
        after = game.apply(back, 0, move)
        assert not after.line or replays(game, after, after.line)


def test_a_lost_answer_counts_an_assist_and_leaves_the_game_as_it_was() -> None:
    game = patience("fours")
    state = wander(game, 0, 60)
    after = game.apply(state, 0, written(Told(LOST, back=2)))
    assert after.assists == 1 and after.layout == state.layout and after.line == ()
    view = game.view(after, None)
    assert view["assists"] == 1 and "Assisted" in str(view.get("news"))
    assert game.stats(after) == {**(game.stats(state) or {}), "assists": 1}


def test_an_old_stored_state_loads_unassisted_and_the_new_one_round_trips() -> None:
    game = patience("sultan")
    state = game.new(1, 1)
    old = game.dump(state)
    del old["assists"], old["line"]
    assert game.load(old) == state
    line = ask(game, state).told.line
    told = game.apply(state, 0, written(Told(WON, line)))
    assert game.load(game.dump(told)) == told


def test_sympathy_records_an_answer_at_the_seat_it_awaits() -> None:
    game = registry.get("sympathy")
    state = game.new(2, 2)
    line = ask(game, state).told.line
    seat = min(game.awaiting(state))
    with pytest.raises(IllegalAction):
        game.apply(state, seat, written(Told(WON, line[:-1])))
    after = game.apply(state, seat, written(Told(WON, line)))
    assert after.assists == 1 and game.load(game.dump(after)) == after
    assert (game.stats(after) or {})["assists"] == 1
