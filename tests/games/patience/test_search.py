"""The patience solver (bot/games/patience/search/): every "won" line replays through the
game itself to a win; "lost" and "won" agree with an independent exhaustive search of
every reachable state; the solver changes no state; its budget gives "unknown", never a
guess; and it solves in worker processes while the event loop goes on."""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Hashable
from typing import Any

import pytest

from bot.games import registry
from bot.games.base import Game
from bot.games.patience.game import CONTROLS, PatienceGame, PatienceState
from bot.games.patience.search import (
    LOST,
    UNKNOWN,
    WON,
    Budget,
    Verdict,
    dealt,
    replays,
    solvable,
    solve_deal,
)
from bot.games.patience.search import solve as solve_by
from bot.games.patience.solver import hint
from bot.games.patience.sympathy.game import SympathyState
from bot.tables.solving import SolverPool


def solve(game: Game[Any], state: Any, budget: Budget | None = None) -> Verdict:
    """The solver's verdict, its seconds by the process's clock."""
    return solve_by(game, state, budget, time.perf_counter)


KEYS = [g.info.key for g in registry.all() if solvable(g)]
LONG = {"move_limit": 20000}
"""Room in the game for a long winning line."""
BFS_CAP = 600
"""The most states the exhaustive check visits before giving a position up as too big."""


def deal(game: Game[Any], seed: int) -> Any:
    """A fresh deal with room for long lines (Sympathy has no move limit)."""
    return dealt(game, seed, LONG if isinstance(game, PatienceGame) else None)


def moves_and_after(game: Game[Any], state: Any) -> list[Any]:
    """Every state one action after `state`, through the game's own contract (no undo,
    hint, auto or resign): the exhaustive check's only way forward."""
    seats = game.awaiting(state)
    if not seats:
        return []
    seat = min(seats)
    actions = [a for a in game.legal_actions(state, seat) if a not in CONTROLS]
    return [game.apply(state, seat, a) for a in actions]


def plain_key(state: Any) -> Hashable:
    """A state's cards and counters, with nothing taken as alike."""
    if isinstance(state, PatienceState):
        return state.layout
    assert isinstance(state, SympathyState)
    return state.piles, state.down, state.turn


def exhaustive(game: Game[Any], start: Any, cap: int) -> bool | None:
    """Breadth first over every state reachable from `start`, no move pruned: whether a
    won one is among them (None: more than `cap` states)."""
    seen = {plain_key(start)}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        outcome = game.outcome(state)
        if outcome is not None and outcome.winners:
            return True
        for after in moves_and_after(game, state):
            key = plain_key(after)
            if key not in seen:
                if len(seen) >= cap:
                    return None
                seen.add(key)
                queue.append(after)
    return False


def history(game: Game[Any], state: Any, limit: int = 3000) -> list[Any]:
    """The states of one game played by the hints (Sympathy: the first choice), first
    to last."""
    out = [state]
    while len(out) < limit and game.awaiting(state):
        if isinstance(game, PatienceGame):
            ctx_state: PatienceState = state
            from bot.games.patience.engine import Ctx

            move = hint(game.spec, state.layout, Ctx(ctx_state.seed, dict(ctx_state.options)))
            if move is None:
                break
            state = game.apply(state, 0, move)
        else:
            seat = min(game.awaiting(state))
            state = game.apply(state, seat, sorted(game.legal_actions(state, seat))[0])
        out.append(state)
    return out


def small_position(game: Game[Any], seed: int) -> tuple[Any, bool] | None:
    """The earliest state of a game, going back from its end by doubling steps, whose
    whole reachable space the exhaustive check can visit; with its answer. The game is
    played by the hints, or (where the hints end among too many idle moves) along the
    solver's winning line."""
    start = deal(game, seed)
    found = earliest_small(game, history(game, start))
    if found is None:
        verdict = solve(game, start, Budget(positions=3000, seconds=5))
        states = [start]
        for action in verdict.line:
            states.append(game.apply(states[-1], min(game.awaiting(states[-1])), action))
        found = earliest_small(game, states) if verdict.line else None
    return found


def earliest_small(game: Game[Any], states: list[Any]) -> tuple[Any, bool] | None:
    """Of these states, first to last, the earliest of the last one, two, four ... whose
    space the exhaustive check visits whole; with its answer."""
    found: tuple[Any, bool] | None = None
    back = 1
    while back <= len(states):
        state = states[-back]
        answer = exhaustive(game, state, BFS_CAP)
        if answer is None:
            break
        found = (state, answer)
        back *= 2
    return found


@pytest.mark.parametrize("key", KEYS)
def test_won_lines_replay_through_the_game_to_a_win(key: str) -> None:
    game = registry.get(key)
    for seed in range(1, 9):
        state = deal(game, seed)
        verdict = solve(game, state, Budget(positions=1500, seconds=5))
        assert verdict.result in (WON, LOST, UNKNOWN)
        if verdict.result == WON:
            assert replays(game, state, verdict.line), (key, seed)
            assert not replays(game, state, verdict.line[:-1])  # not won before its end
        else:
            assert verdict.line == ()
        if verdict.result == UNKNOWN:
            assert verdict.stopped in ("positions", "seconds", "memory")
            assert verdict.positions <= 1500


@pytest.mark.parametrize("key", KEYS)
def test_verdicts_agree_with_an_exhaustive_search(key: str) -> None:
    """On positions small enough to search completely (a real deal played by the hints,
    taken back from its end while the whole space stays small), the solver, with its
    safe moves, alike piles and transposition set, reaches the exhaustive answer."""
    game = registry.get(key)
    checked = 0
    for seed in range(1, 13):
        if checked == 2:
            break
        found = small_position(game, seed)
        if found is None:
            continue
        state, comes_out = found
        verdict = solve(game, state, Budget(positions=10**6, seconds=60))
        assert verdict.result == (WON if comes_out else LOST), (key, seed)
        if comes_out:
            assert replays(game, state, verdict.line)
        checked += 1
    assert checked >= 2


def test_the_exhaustive_check_can_fail() -> None:
    """The check itself: a won position is found won, a stuck one lost."""
    game = registry.get("clock")
    states = history(game, deal(game, 3))
    end = states[-1]
    won = game.outcome(end) is not None and bool(game.outcome(end).winners)  # type: ignore[union-attr]
    assert exhaustive(game, states[0], 10_000) is won
    assert solve(game, states[0]).result == (WON if won else LOST)


@pytest.mark.parametrize(
    ("key", "seed"),
    [("puzzle", 1), ("little-lots", 2), ("picture-gallery", 4), ("number-eleven", 2)],
)
def test_whole_deals_proved_lost_are_lost_by_the_exhaustive_search(key: str, seed: int) -> None:
    """Whole deals the solver proves lost: the exhaustive check visits every state
    reachable from the deal, with no move pruned, and finds no win either."""
    game = registry.get(key)
    state = deal(game, seed)
    assert solve(game, state).result == LOST
    assert exhaustive(game, state, 30_000) is False


@pytest.mark.parametrize("key", ["solitaire", "flower-garden", "sympathy", "fours"])
def test_the_solver_changes_no_state(key: str) -> None:
    game = registry.get(key)
    state = deal(game, 5)
    before = game.dump(state)
    solve(game, state, Budget(positions=500))
    assert game.dump(state) == before
    later = history(game, state, 12)[-1]
    before = game.dump(later)
    verdict = solve(game, later, Budget(positions=500))
    assert game.dump(later) == before
    if verdict.result == WON:
        assert replays(game, later, verdict.line)  # solved from a game under way


def test_the_budget_stops_a_search_as_unknown() -> None:
    game = registry.get("pet-game")
    verdict = solve(game, deal(game, 1), Budget(positions=50))
    assert verdict.result == UNKNOWN and verdict.stopped == "positions"
    assert verdict.positions == 50 and not verdict.decided
    started = time.perf_counter()
    verdict = solve(game, deal(game, 1), Budget(seconds=0.2))
    assert verdict.result == UNKNOWN and verdict.stopped == "seconds"
    assert time.perf_counter() - started < 1.0
    verdict = solve(game, deal(game, 1), Budget(bytes=100_000))
    assert verdict.result == UNKNOWN and verdict.stopped == "memory"
    assert verdict.bytes <= 100_000
    assert "thoughtful" in verdict.words() and "Unknown" in verdict.words()


@pytest.mark.parametrize("key", [k for k in KEYS if k != "sympathy"])
def test_the_solvers_quick_apply_is_the_games_apply(key: str) -> None:
    """The solver plays a listed card move by the spec's `transfer` and `settle` alone
    where the spec keeps the engine's `apply`: the layout it makes is the one the game's
    own `apply`, checks and all, makes, for every move of a game's early positions."""
    from bot.games.patience.engine import Ctx
    from bot.games.patience.search.problems import SpecProblem

    game = registry.get(key)
    assert isinstance(game, PatienceGame)
    spec, compared = game.spec, 0
    for seed in (1, 2):
        for state in history(game, deal(game, seed), 40)[::4]:
            ctx = Ctx(state.seed, dict(state.options))
            problem = SpecProblem(spec, ctx)
            for move in spec.moves(state.layout, ctx):
                assert problem.after(state.layout, move) == spec.apply(state.layout, move, ctx)
                compared += 1
    assert compared > 0


def test_alike_piles_count_once() -> None:
    """In the Flower Garden the six beds are alike: the same beds in another order are
    one position, and a card has one move to an empty bed, not one to each."""
    from bot.games.patience.engine import Ctx
    from bot.games.patience.search.problems import SpecProblem

    game = registry.get("flower-garden")
    assert isinstance(game, PatienceGame)
    spec = game.spec
    problem = SpecProblem(spec, Ctx(1))
    layout = deal(game, 1).layout
    t1, t2 = spec.index["t1"], spec.index["t2"]
    swapped = layout.put({t1: layout.piles[t2], t2: layout.piles[t1]}, {})
    assert swapped != layout and problem.key(swapped) == problem.key(layout)
    emptied = layout.put({t1: (), t2: ()}, {})
    to_empty = [m for m in problem.ordered(emptied) if m.split(" ")[2] in ("t1", "t2")]
    assert {m.split(" ")[2] for m in to_empty} == {"t1"}
    assert registry.get("clock").spec.alike() == ()  # type: ignore[attr-defined]


def test_solve_deal_names_the_game_by_key() -> None:
    verdict = solve_deal("clock", 3, None, time.perf_counter)
    assert verdict.result in (WON, LOST) and verdict.positions > 1
    with pytest.raises(ValueError, match="not a patience game"):
        solve(registry.get("black-joke"), None)


async def test_solves_run_in_worker_processes_off_the_loop() -> None:
    """A hard deal's solve (a whole second) runs in a worker: the loop ticks meanwhile."""
    pool = SolverPool(workers=2)
    try:
        game = registry.get("pet-game")
        ticks = 0

        async def ticker() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        clock = asyncio.create_task(ticker())
        hard, easy = await asyncio.gather(
            pool.solve(game, deal(game, 1), Budget(seconds=1.0)),
            pool.solve(registry.get("clock"), deal(registry.get("clock"), 3)),
        )
        clock.cancel()
        assert hard.result == UNKNOWN and hard.stopped == "seconds"
        assert easy.result == solve_deal("clock", 3, None, time.perf_counter, LONG).result
        assert ticks >= 50  # the loop ran on through the second's solve
        with pytest.raises(ValueError, match="not a patience game"):
            await pool.solve(registry.get("black-joke"), None)
    finally:
        pool.close()
