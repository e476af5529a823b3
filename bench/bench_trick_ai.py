"""Benchmark of the trick-game AIs (family "trick"), written to bench/RESULTS.md.

For each registered trick game and seat count, whole matches (game.new to the end) of the
game's AI (`ai_move`) against:

- uniformly random legal actions (target: the AI side wins >= 75% of matches);
- a simple rule-based player written here (`greedy_action`): lead the highest card; follow
  with the highest legal card if it would take the trick so far, else the lowest.

The AI side is seats 0 and 2 (or 1 and 3) with four seats, one seat otherwise; the other
seats play for the opponent. Seat 0 deals first in every game, so the AI's seats rotate
from match to match (match i: the AI side starts at seat i % sides) and the dealer's
advantage cancels. A side wins a match when any of its seats is in outcome.winners.
Match i uses game seed i and random.Random(i) for both sides' choices.

Run: .venv/bin/python bench/bench_trick_ai.py [--matches N] [--games tilters,john-smith,pick-nick]
(default: 2000 matches, every registered trick game; --no-write skips RESULTS.md).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._results import write_section  # noqa: E402
from bot.games import registry  # noqa: E402
from bot.games.ai import ai_move  # noqa: E402
from bot.games.base import Game, View  # noqa: E402
from bot.games.cards import JOKER, suit_of  # noqa: E402
from bot.games.french.pip_pip.cards import strength as pip_pip_strength  # noqa: E402
from bot.games.french.pip_pip.cards import trick_winner as pip_pip_winner  # noqa: E402
from bot.games.french.quinto.rules import RANK_POWER as QUINTO_RANKS  # noqa: E402
from bot.games.french.quinto.rules import SUIT_POWER as QUINTO_SUITS  # noqa: E402
from bot.games.french.quinto.rules import trick_winner as quinto_winner  # noqa: E402
from bot.games.french.yukon.flow import GRAND, YUKONS  # noqa: E402
from bot.games.french.yukon.flow import STRENGTH as YUKON_STRENGTH  # noqa: E402
from bot.games.french.yukon.flow import winner as yukon_winner  # noqa: E402
from bot.games.tricks.rules import trick_winner  # noqa: E402
from bot.games.yankee.tricks import FACES, yankee_strength  # noqa: E402

SEATS: dict[str, tuple[int, ...]] = {"tilters": (2, 3), "pip-pip": (3, 5)}
"""Seat counts per game; any other trick game plays 4 seats if it can, else its minimum."""
VS_RANDOM_TARGET = 0.75
Z95 = 1.959964
ACTION_CAP = 20
"""A match longer than this many times the game's max_actions is stopped (counted unfinished)."""

Player = Callable[[Game[Any], Any, int, random.Random], str]


# --- the rule-based opponent -------------------------------------------------------------

WinnerRule = Callable[[Sequence[str], str | None], int]


def _plain_winner(trick: Sequence[str], trump: str | None) -> int:
    """Tilters' rule (the games' rules.md): highest trump, else highest Face, else suit led."""
    return trick_winner(trick, trump, FACES, yankee_strength)


def _john_smith_winner(trick: Sequence[str], trump: str | None) -> int:
    """§3: Sally (1F) takes any trick John (0F) fell in; otherwise as Tilters."""
    if "0F" in trick and "1F" in trick:
        return list(trick).index("1F")
    return _plain_winner(trick, trump)


_PAIRED = {"L": "S", "S": "L", "E": "H", "H": "E"}
"""Pick-Nick's paired suits: the filly is the 1 of the suit paired with trump."""


def _pick_nick_rank(card: str, trump: str | None) -> tuple[int, int]:
    """§4.2: trump runs 1 of trump, the filly (1 of the paired suit), 0, 9, 8, 7."""
    if trump in _PAIRED:
        if card == f"1{trump}":
            return 2, 12
        if card == f"1{_PAIRED[trump]}":
            return 2, 11
    return _rank(card, trump)


def _pick_nick_winner(trick: Sequence[str], trump: str | None) -> int:
    """§4.2: the highest trump (filly included), else the highest Face, else the suit led."""
    ranks = [_pick_nick_rank(c, trump) for c in trick]
    trumps = [i for i, r in enumerate(ranks) if r[0] == 2]
    if trumps:
        return max(trumps, key=lambda i: ranks[i])
    return trick_winner(trick, None, FACES, yankee_strength)


def _rank(card: str, trump: str | None) -> tuple[int, int]:
    """How high a card is, for 'highest' and 'lowest': plain < Face < trump, then rank."""
    suit = suit_of(card)
    tier = 2 if suit == trump else (1 if suit == FACES else 0)
    return tier, yankee_strength(card)


def _yukon_winner(trick: Sequence[str], trump: str | None) -> int:
    """§14: the Grand Yukon, else the first Yukon (Jack), else the suit led."""
    return yukon_winner(trick)


def _yukon_rank(card: str, trump: str | None) -> tuple[int, int]:
    """§14: a Yukon above any plain card (the Grand Yukon highest), then A K Q 10 ... 2."""
    if card in YUKONS:
        return 1, 1 if card == GRAND else 0
    return 0, YUKON_STRENGTH[card[:-1]]


def _quinto_winner(trick: Sequence[str], trump: str | None) -> int:
    """§13: the highest card of the highest suit played (the joker wins nothing)."""
    return quinto_winner(trick)


def _quinto_rank(card: str, trump: str | None) -> tuple[int, int]:
    """§13: by suit (hearts, diamonds, clubs, spades), then rank; the joker lowest."""
    if card == JOKER:
        return 0, 0
    return QUINTO_SUITS[card[-1]], QUINTO_RANKS[card[:-1]]


def _pip_pip_winner(trick: Sequence[str], trump: str | None) -> int:
    """§15: the highest trump, else the highest of the suit led; a later identical card wins."""
    return pip_pip_winner(trick, trump or "")


def _pip_pip_rank(card: str, trump: str | None) -> tuple[int, int]:
    """§15: a trump above any plain card, then 2 A K Q ... 3."""
    return int(card[-1] == trump), pip_pip_strength(card)


Rank = Callable[[str, str | None], tuple[int, int]]
RULES: dict[str, tuple[WinnerRule, Rank]] = {
    "john-smith": (_john_smith_winner, _rank),
    "pick-nick": (_pick_nick_winner, _pick_nick_rank),
    "yukon": (_yukon_winner, _yukon_rank),
    "quinto": (_quinto_winner, _quinto_rank),
    "pip-pip": (_pip_pip_winner, _pip_pip_rank),
}
"""Per game, the rule-based player's trick winner and card order (default: Tilters')."""


def greedy_action(game: Game[Any], state: Any, seat: int, rng: random.Random) -> str:
    """Lead the highest card; follow with the highest legal card if it takes the trick so
    far, else the lowest. Any other decision (a bid, a discard): 'pass' if allowed, else
    the first card-free action, else a random legal action; in Pip-Pip! it calls whenever
    it may (a call scores 50). Sees only its seat's view."""
    legal = game.legal_actions(state, seat)
    plays = [a for a in legal if a.startswith("play ") and len(a.split(" ")) == 2]
    if not plays:
        return "pass" if "pass" in legal else rng.choice(legal)
    calls = [a for a in legal if a.startswith("call ")] if game.info.key == "pip-pip" else []
    if calls:  # a Pip-Pip! call scores 50 at once: the rule-based player always calls
        return calls[0]
    view: View = game.ai_view(state, seat)
    trick = [c for c in view.get("trick", []) if c]
    trump = view.get("trump")
    winner, rank = RULES.get(game.info.key, (_plain_winner, _rank))
    cards = sorted((a.split(" ")[1] for a in plays), key=lambda c: (rank(c, trump), c))
    highest, lowest = cards[-1], cards[0]
    if not trick:
        return f"play {highest}"
    if winner([*trick, highest], trump) == len(trick):
        return f"play {highest}"
    return f"play {lowest}"


def random_action(game: Game[Any], state: Any, seat: int, rng: random.Random) -> str:
    """A uniformly random legal action."""
    return rng.choice(game.legal_actions(state, seat))


OPPONENTS: dict[str, Player] = {"random": random_action, "rule-based": greedy_action}


# --- matches -----------------------------------------------------------------------------


def ai_seats(seats: int, match: int) -> frozenset[int]:
    """The AI side's seats in this match: partners (0, 2) / (1, 3) with four, else one seat."""
    if seats == 4:
        first = match % 2
        return frozenset((first, first + 2))
    return frozenset((match % seats,))


def play_match(game: Game[Any], seats: int, match: int, opponent: Player) -> bool | None:
    """Whether the AI side won match `match` (None: stopped unfinished at the action cap)."""
    mine = ai_seats(seats, match)
    rng = random.Random(match)
    state = game.new(seats, match)
    cap = ACTION_CAP * game.info.max_actions
    for _ in range(cap):
        awaiting = game.awaiting(state)
        if not awaiting:
            break
        seat = min(awaiting)
        if seat in mine:
            _, state = ai_move(game, state, seat, rng)
        else:
            state = game.apply(state, seat, opponent(game, state, seat, rng))
    outcome = game.outcome(state)
    if outcome is None:
        return None
    return any(s in mine for s in outcome.winners)


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def run(game: Game[Any], seats: int, opponent: str, matches: int) -> dict[str, Any]:
    """N matches of the AI against one opponent, with the win rate, its CI and the speed."""
    player = OPPONENTS[opponent]
    wins = unfinished = 0
    started = time.perf_counter()
    for match in range(matches):
        won = play_match(game, seats, match, player)
        if won is None:
            unfinished += 1
        wins += bool(won)
    seconds = time.perf_counter() - started
    finished = matches - unfinished
    low, high = wilson(wins, finished)
    sides = 2 if seats == 4 else seats
    target = VS_RANDOM_TARGET if opponent == "random" else 1 / sides
    rate = wins / finished if finished else 0.0
    return {
        "game": game.info.key,
        "seats": seats,
        "opponent": opponent,
        "matches": matches,
        "unfinished": unfinished,
        "ai_wins": wins,
        "win_rate": rate,
        "ci95_low": low,
        "ci95_high": high,
        "target": target,
        "target_strict": opponent != "random",
        "met": rate > target if opponent != "random" else rate >= target,
        "seconds": seconds,
        "matches_per_s": matches / seconds if seconds else 0.0,
    }


def seat_counts(game: Game[Any]) -> tuple[int, ...]:
    """The seat counts to benchmark a game at."""
    info = game.info
    if info.key in SEATS:
        return tuple(s for s in SEATS[info.key] if info.min_seats <= s <= info.max_seats)
    return (4,) if info.min_seats <= 4 <= info.max_seats else (info.min_seats,)


def trick_games(wanted: Sequence[str] | None) -> tuple[list[Game[Any]], list[str]]:
    """The registered trick games (those asked for, if any) and the asked-for keys skipped."""
    registered = {g.info.key: g for g in registry.all() if g.info.family == "trick"}
    if wanted is None:
        return [registered[k] for k in sorted(registered)], []
    games = [registered[k] for k in wanted if k in registered]
    return games, [k for k in wanted if k not in registered]


def _row(r: dict[str, Any]) -> str:
    pct = 100 * r["win_rate"]
    half = 100 * (r["ci95_high"] - r["ci95_low"]) / 2
    sign = ">" if r["target_strict"] else "≥"
    mark = "met" if r["met"] else "**not met**"
    unfinished = f" ({r['unfinished']} unfinished)" if r["unfinished"] else ""
    return (
        f"| {r['game']} | {r['seats']} | {r['opponent']} | {r['matches']:,}{unfinished}"
        f" | {pct:.1f}% ± {half:.1f} ({100 * r['ci95_low']:.1f}-{100 * r['ci95_high']:.1f}%)"
        f" | {sign} {100 * r['target']:.0f}% ({mark}) | {r['matches_per_s']:,.0f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=2000, help="matches per row (2000)")
    parser.add_argument("--games", help="comma-separated keys (default: every trick game)")
    parser.add_argument("--no-write", action="store_true", help="do not write RESULTS.md")
    args = parser.parse_args()
    wanted = [k.strip() for k in args.games.split(",") if k.strip()] if args.games else None
    games, skipped = trick_games(wanted)
    for key in skipped:
        print(f"skipped {key}: not a registered trick game", file=sys.stderr)
    rows = []
    started = time.perf_counter()
    for game in games:
        for seats in seat_counts(game):
            for opponent in OPPONENTS:
                row = run(game, seats, opponent, args.matches)
                rows.append(row)
                print(_row(row), file=sys.stderr, flush=True)
    total = time.perf_counter() - started
    print(json.dumps({"rows": rows, "skipped": skipped, "seconds": total}, indent=2))
    if args.no_write or not rows:
        return
    lines = [
        "Whole matches (game.new to the end, default options) of each trick game's AI: the",
        "AI side is seats 0 & 2 (or 1 & 3) with four seats, else one seat, rotating each",
        "match so the first deal's advantage cancels; the other seats play uniformly random",
        "legal actions, or the rule-based player of `bench/bench_trick_ai.py` (lead the",
        "highest card; follow with the highest card if it takes the trick so far, else the",
        "lowest; on any other decision it passes if it may). Win rate with its 95% Wilson",
        "interval; 'met' compares the rate itself. Against the rule-based player the target",
        "(ours) is more than an even share: 1/2 for two sides, 1/3 for three. matches/s on",
        f"one core, both sides' moves included. Whole run: {total:.0f} s.",
        "",
        "| game | seats | opponent | matches | AI win rate ± 95% CI | target | matches/s |",
        "| --- | --- | --- | --- | --- | --- | --- |",
        *(_row(r) for r in rows),
    ]
    write_section("Trick-game AI", lines)


if __name__ == "__main__":
    main()
