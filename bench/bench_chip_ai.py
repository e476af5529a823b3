"""Benchmark of the chip-game AIs and simulation speed (family "chips"), written to
bench/RESULTS.md.

1. AI against random play. For each chip game, whole games at 4 seats (the game's
   maximum if smaller) of the game's AI (`ai_move`) in two seats and uniformly random
   legal actions in the others, until at least `--deals` deals have been played. The AI
   seats alternate from game to game (game i: AI at seats i % 2 and i % 2 + 2), so the
   first deal's position cancels out. Every seat brings 100 chips. The figure is the AI
   seats' and the random seats' average chips won per seat per game, with the standard
   error of the AI's; the target is a positive AI average in every game. The chip
   invariants (nothing created or destroyed, no stack below 0) are checked every step.
2. For the Stops games (Newmarket 1885 and 2011, Michigan), the same against a simple
   rule-based player written here (`stops_rule_based`): it leads the lowest card of its
   longest suit, spreads its stake one on each board card, keeps its hand and never bids
   for Michigan's widow. Target: a positive AI average here too.
3. `parlour simulate <game>` speed, 4 AI seats, on one core (target >= 2,000 deals/s
   for Quien Sabe, Bunkum, Jockey Club and the Stops games; Black Joke has its own
   >= 5,000 in bench_tables.py).

Game i uses game seed i and random.Random(i) for every choice.

Run: .venv/bin/python bench/bench_chip_ai.py [--deals N] [--games quien-sabe,bunkum]
(default: 20,000 deals per game, every registered chip game; --no-write skips RESULTS.md).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._results import write_section  # noqa: E402
from bot.games import ChipGame, registry  # noqa: E402
from bot.games.ai import ai_move  # noqa: E402
from bot.games.base import View  # noqa: E402
from bot.simulate import simulate  # noqa: E402

Opponent = Callable[[ChipGame[Any], Any, int, random.Random], str]
STOPS = ("newmarket-1885", "newmarket", "michigan")

STACK = 100
SPEED_TARGET = 2_000
SPEED_GAMES = 1_500


def seats_for(game: ChipGame[Any]) -> int:
    """Four seats, or the game's limit."""
    return max(game.info.min_seats, min(4, game.info.max_seats))


def random_player(game: ChipGame[Any], state: Any, seat: int, rng: random.Random) -> str:
    """A uniformly random legal action."""
    return str(rng.choice(game.legal_actions(state, seat)))


def stops_rule_based(game: ChipGame[Any], state: Any, seat: int, rng: random.Random) -> str:
    """The Stops rule-based player: the lowest card of its longest suit, one on each board
    card, keep the hand, never bid."""
    legal = game.legal_actions(state, seat)
    view: View = game.view(state, seat)
    if view.get("phase") == "stake":
        quick = (view.get("staking") or {}).get("quick", {})
        even = next((a for k, a in quick.items() if k.endswith("on each")), None)
        return even if even in legal else legal[0]
    if "keep" in legal:
        return "keep"
    if "pass" in legal:
        return "pass"
    hand = view.get("hand") or []
    return max(legal, key=lambda a: (sum(1 for c in hand if c[-1] == a[-1]), a))


def play_match(
    game: ChipGame[Any], seats: int, number: int, opponent: Opponent = random_player
) -> tuple[list[int], set[int], int]:
    """One whole game; the chips each seat won, the AI seats, and the deals played."""
    rng = random.Random(number)
    ai_seats = {number % 2 + k for k in range(0, seats, 2) if number % 2 + k < seats}
    state = game.new(seats, number, stacks=[STACK] * seats)
    total = STACK * seats
    steps = 0
    while not game.is_over(state):
        seat = min(game.awaiting(state))
        if seat in ai_seats:
            _, state = ai_move(game, state, seat, rng)
        else:
            state = game.apply(state, seat, opponent(game, state, seat, rng))
        stacks = game.stacks(state)
        assert min(stacks) >= 0 and sum(stacks) + game.pot(state) == total, (number, steps)
        steps += 1
        assert steps <= 20 * game.info.max_actions, f"{game.info.key} game {number} never ends"
    outcome = game.outcome(state)
    assert outcome is not None and sum(outcome.points) == 0
    return list(outcome.points), ai_seats, game.deal_number(state)


def versus_random(
    game: ChipGame[Any], deals: int, opponent: Opponent = random_player
) -> dict[str, Any]:
    """AI seats against `opponent` seats (random ones by default) until `deals` deals:
    per-seat averages."""
    seats = seats_for(game)
    ai_results: list[int] = []
    random_results: list[int] = []
    played = number = 0
    started = time.perf_counter()
    while played < deals:
        points, ai_seats, dealt = play_match(game, seats, number, opponent)
        for s, p in enumerate(points):
            (ai_results if s in ai_seats else random_results).append(p)
        played += dealt
        number += 1
    mean = sum(ai_results) / len(ai_results)
    var = sum((x - mean) ** 2 for x in ai_results) / max(len(ai_results) - 1, 1)
    return {
        "game": game.info.key,
        "seats": seats,
        "games": number,
        "deals": played,
        "ai_mean": mean,
        "ai_se": math.sqrt(var / len(ai_results)),
        "random_mean": sum(random_results) / len(random_results),
        "seconds": time.perf_counter() - started,
    }


def speed(game: ChipGame[Any]) -> dict[str, Any]:
    """`parlour simulate` with the AI at 4 seats (or the game's limit)."""
    result = simulate(game, games=SPEED_GAMES, seats=seats_for(game), seed=1)
    assert result.invariants_held, result.violations
    return {"simulated_deals": result.deals, "deals_per_s": result.deals_per_s}


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and write its section of RESULTS.md."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--games", default="")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args(argv)
    chosen = [k for k in args.games.split(",") if k]
    games = [
        g
        for g in registry.all()
        if isinstance(g, ChipGame) and (not chosen or g.info.key in chosen)
    ]
    rows = []
    for game in games:
        figures = versus_random(game, args.deals) | speed(game)
        if game.info.key in STOPS:
            rule = versus_random(game, args.deals, stops_rule_based)
            figures |= {"rule_mean": rule["ai_mean"], "rule_se": rule["ai_se"]}
        print(json.dumps(figures))
        rows.append(figures)
    lines = [
        f"AI in two of {rows[0]['seats'] if rows else 4} seats against uniformly random legal"
        " play, 100 chips a seat, at least"
        f" {args.deals:,} deals per game (`bench/bench_chip_ai.py`). Chips won per seat per"
        " game (± one standard error); target: AI average > 0. Simulate: 4 AI seats, one core.",
        "",
        "| game | seats | games | deals | AI seat, chips/game | random seat"
        " | AI seat vs rule-based | simulate deals/s |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        target = "" if r["game"] == "black-joke" else f" (≥ {SPEED_TARGET:,})"
        lines.append(
            f"| {r['game']} | {r['seats']} | {r['games']:,} | {r['deals']:,} |"
            f" {r['ai_mean']:+.2f} ± {r['ai_se']:.2f} | {r['random_mean']:+.2f} |"
            f" {_rule(r)} | {r['deals_per_s']:,.0f}{target} |"
        )
    failed = [r["game"] for r in rows if r["ai_mean"] <= 0 or r.get("rule_mean", 1) <= 0]
    failed += [
        r["game"] for r in rows if r["game"] != "black-joke" and r["deals_per_s"] < SPEED_TARGET
    ]
    print("\n".join(lines))
    if not args.no_write and not chosen:
        write_section("Chip-game AI and simulation", lines)
    return 1 if failed else 0


def _rule(row: dict[str, Any]) -> str:
    """The AI's average against the rule-based player, where the game has one."""
    if "rule_mean" not in row:
        return "-"
    return f"{row['rule_mean']:+.2f} ± {row['rule_se']:.2f}"


if __name__ == "__main__":
    raise SystemExit(main())
