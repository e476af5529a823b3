"""AI self-play for `parlour simulate`: many whole games, each seat's average result, the
bank's edge in banking games, and a check of the chip invariants at every step."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from bot.games import ChipGame, Game
from bot.games.ai import ai_move, ai_optional_moves
from bot.games.options import OptionValue
from bot.games.patience.engine import Ctx
from bot.games.patience.game import PatienceGame
from bot.games.patience.odds import wilson
from bot.games.patience.search import Budget, dealt, solve
from bot.games.patience.solver import play_greedy


@dataclass
class SimulationResult:
    """What a simulation measured."""

    game: str
    games: int
    seats: int
    deals: int = 0
    actions: int = 0
    seconds: float = 0.0
    mean_result: list[float] = field(default_factory=list)
    wins: list[int] = field(default_factory=list)
    bank_edge: float | None = None
    bank_edge_se: float | None = None
    wagered: int = 0
    invariants_held: bool = True
    violations: list[str] = field(default_factory=list)
    won: int | None = None
    """Patience: games won by the greedy player (None for other games)."""

    @property
    def win_rate(self) -> float:
        """Patience: the share of games won."""
        return (self.won or 0) / self.games if self.games else 0.0

    @property
    def win_rate_se(self) -> float:
        """Patience: the standard error of the win rate."""
        p = self.win_rate
        return math.sqrt(p * (1 - p) / self.games) if self.games else 0.0

    @property
    def games_per_s(self) -> float:
        """Whole games played per second."""
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def deals_per_s(self) -> float:
        """Whole deals played per second."""
        return self.deals / self.seconds if self.seconds else 0.0

    def as_json(self) -> dict[str, Any]:
        """A JSON-safe summary for scripts."""
        data = asdict(self)
        data["deals_per_s"] = round(self.deals_per_s, 1)
        data["games_per_s"] = round(self.games_per_s, 1)
        if self.won is not None:
            data["win_rate"] = self.win_rate
            data["win_rate_se"] = self.win_rate_se
        data["seconds"] = round(self.seconds, 3)
        return data


def simulate(
    game: Game[Any],
    *,
    games: int,
    seats: int,
    seed: int,
    options: Mapping[str, object] | None = None,
    stack: int = 1000,
    progress: Callable[[int], None] | None = None,
) -> SimulationResult:
    """Play `games` whole games with the AI in every seat (patience: the greedy player)."""
    game.check_seats(seats)
    resolved = game.options(options)
    if isinstance(game, PatienceGame):
        return _simulate_patience(game, games, seed, resolved, progress)
    result = SimulationResult(game.info.key, games, seats, wins=[0] * seats)
    shared = game.info.together  # won or lost by all seats alike
    if shared:
        result.won = 0
    totals = [0] * seats
    bank: list[tuple[int, int]] = []
    started = time.perf_counter()
    for number in range(games):
        points, winners, deals, actions, wager, payout = _play_one(
            game, seats, seed * 1_000_003 + number, resolved, stack, result.violations
        )
        result.deals += deals
        result.actions += actions
        for s, p in enumerate(points):
            totals[s] += p
            result.wins[s] += s in winners
        if shared and winners:
            result.won = (result.won or 0) + 1
        if wager:
            bank.append((wager, payout))
        if progress is not None:
            progress(number + 1)
    result.seconds = time.perf_counter() - started
    result.mean_result = [t / games for t in totals] if games else [0.0] * seats
    result.invariants_held = not result.violations
    _bank_edge(result, bank)
    return result


def _simulate_patience(
    game: PatienceGame,
    games: int,
    seed: int,
    options: Mapping[str, OptionValue],
    progress: Callable[[int], None] | None,
) -> SimulationResult:
    """Deal `games` games and play each with the greedy player (the hints), counting wins."""
    spec = game.spec
    result = SimulationResult(game.info.key, games, 1, wins=[0], won=0)
    total_score = 0
    started = time.perf_counter()
    for number in range(games):
        game_seed = seed * 1_000_003 + number
        ctx = Ctx(game_seed, dict(options))
        layout = spec.settle(spec.deal(spec.shuffled_pack(game_seed, ctx), ctx), ctx)
        layout, moves = play_greedy(spec, layout, ctx)
        won = spec.won(layout)
        result.wins[0] += won
        result.won = (result.won or 0) + won
        result.actions += moves
        total_score += spec.score(layout)
        if progress is not None:
            progress(number + 1)
    result.seconds = time.perf_counter() - started
    result.deals = games
    result.mean_result = [total_score / games if games else 0.0]
    return result


@dataclass
class SolverRate:
    """The solver's verdicts on a simulation's deals (the same deals the AI played),
    reached knowing every card (the "thoughtful" measure)."""

    game: str
    games: int
    won: int = 0
    lost: int = 0
    unknown: int = 0
    positions: int = 0
    seconds: float = 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval (Wilson's) of the share of deals that come out: from the
        share proved won with the unknown deals counted lost, to the share with them
        counted won (so an unknown deal widens it, never guesses)."""
        low, _ = wilson(self.won, self.games)
        _, high = wilson(self.won + self.unknown, self.games)
        return low, high

    def as_json(self) -> dict[str, Any]:
        """A JSON-safe summary for scripts."""
        data = asdict(self)
        data["win_rate"] = self.won / self.games if self.games else 0.0
        data["interval"] = list(self.interval)
        data["seconds"] = round(self.seconds, 3)
        return data


def solver_rate(
    game: Game[Any],
    *,
    games: int,
    seed: int,
    budget: Budget,
    options: Mapping[str, object] | None = None,
    progress: Callable[[int], None] | None = None,
) -> SolverRate:
    """The solver's verdict on each of the deals `simulate` plays with this seed."""
    rate = SolverRate(game.info.key, games)
    started = time.perf_counter()
    for number in range(games):
        deal = dealt(game, seed * 1_000_003 + number, options)
        verdict = solve(game, deal, budget, time.perf_counter)
        rate.positions += verdict.positions
        setattr(rate, verdict.result, getattr(rate, verdict.result) + 1)
        if progress is not None:
            progress(number + 1)
    rate.seconds = time.perf_counter() - started
    return rate


def _play_one(
    game: Game[Any],
    seats: int,
    seed: int,
    options: Mapping[str, object],
    stack: int,
    violations: list[str],
) -> tuple[list[int], tuple[int, ...], int, int, int, int]:
    rng = random.Random(seed)
    chips = isinstance(game, ChipGame)
    state = game.new(seats, seed, options, stacks=[stack] * seats if chips else None)
    total = stack * seats
    wager = payout = actions = 0
    while True:
        awaiting = game.awaiting(state)
        if not awaiting:
            break
        optional = ai_optional_moves(game, state, range(seats), rng)  # as a table plays them
        if optional is not None:
            state = optional[2]
        else:
            _, state = ai_move(game, state, min(awaiting), rng)
        actions += 1
        if chips:
            assert isinstance(game, ChipGame)
            stacks = game.stacks(state)
            if sum(stacks) + game.pot(state) != total or min(stacks) < 0:
                violations.append(f"game seed {seed}: chips not conserved after {actions} actions")
            for t in game.last_transfers(state):
                if t.reason == "wager":
                    wager += t.amount
                elif t.reason == "payout":
                    payout += t.amount
    outcome = game.outcome(state)
    assert outcome is not None
    return list(outcome.points), outcome.winners, game.deal_number(state), actions, wager, payout


def _bank_edge(result: SimulationResult, bank: list[tuple[int, int]]) -> None:
    """The bank's edge (its gain as a share of what was wagered against it) and the
    standard error of that ratio over games."""
    wagered = sum(w for w, _ in bank)
    if not wagered:
        return
    edge = (wagered - sum(p for _, p in bank)) / wagered
    spread = sum(((w - p) - edge * w) ** 2 for w, p in bank)
    result.wagered = wagered
    result.bank_edge = edge
    result.bank_edge_se = math.sqrt(spread) / wagered
