"""Records the golden playthroughs (DESIGN.md "Testing" 5) under tests/golden/data/.

For every registered game a few seeded games (patience: 2 seeds at its seat count; others:
3 seeds, the last at the most seats) are played with `ai_move` (and the optional actions
of `ai_optional_moves`) and a seeded `random.Random` to the end. Patience games have no
AI: they play at random, never resigning while another move is open, for at most
PATIENCE_BOUND actions. Each step is kept as `[seat, action, state hash, public view
hash, seat view hash]`: short blake2b hashes of the sorted-JSON golden form of the state
(its dump less every field at its declared default, see tests/golden/canon.py), of
`view(state, None)` and of the acting seat's view after the action (the last left out
when it equals the public one). One JSON file per game, one step a line;
tests/golden/test_golden.py replays them and fails on any change.

A failing golden test means the game now behaves differently. If that change is wanted,
accept it on purpose: re-record the games concerned with

    .venv/bin/python -m tests.golden.record [KEY ...]

and say in the commit message which games changed and why. Never re-record to silence a
failure you cannot explain.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.games import registry
from bot.games.ai import ai_move, ai_optional_moves, policy_for
from bot.games.base import Game
from tests.golden.canon import golden_form

DATA = Path(__file__).parent / "data"
FORMAT = 1
PATIENCE_SEEDS = (1, 2)
OTHER_SEEDS = (1, 2, 3)
PATIENCE_BOUND = 200
RESIGN = "resign"
Step = list[Any]
"""`[seat, action, state hash, public view hash(, seat view hash if it differs)]`."""


@dataclass(frozen=True, slots=True)
class Case:
    """One golden game: which game, how many seats, which seed."""

    key: str
    seats: int
    seed: int

    def __str__(self) -> str:
        """The case in words for failure messages: 'tilters 4p seed 3'."""
        return f"{self.key} {self.seats}p seed {self.seed}"


def digest(data: object) -> str:
    """A short stable hash of JSON-safe data (sorted keys, so no hash randomisation); a
    message counts as its English, so words moved into a catalogue change no hash."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def state_hash(game: Game[Any], state: Any) -> str:
    """The kept hash of a state: of its golden form, so that a new field left at its
    default changes no game's golden data."""
    return digest(golden_form(state, game.dump(state)))


def cases(game: Game[Any]) -> list[Case]:
    """The golden games of one game: patience at its min seats, others once at max too."""
    info = game.info
    if info.family == "patience":
        return [Case(info.key, info.min_seats, s) for s in PATIENCE_SEEDS]
    seats = [info.min_seats] * len(OTHER_SEEDS)
    seats[-1] = info.max_seats
    return [Case(info.key, n, s) for n, s in zip(seats, OTHER_SEEDS, strict=True)]


def bound(game: Game[Any]) -> int:
    """The most actions one golden game may take."""
    return PATIENCE_BOUND if game.info.family == "patience" else game.info.max_actions


def rng_for(case: Case) -> random.Random:
    """The seeded random source of one golden game (string seeds are stable across runs)."""
    return random.Random(f"golden:{case.key}:{case.seats}:{case.seed}")


def move(game: Game[Any], state: Any, seat: int, rng: random.Random) -> tuple[str, Any]:
    """The seat's golden action and the state after it: `ai_move`, except that a game
    without an AI (patience) never resigns while it has another move, so that its
    random play goes on long enough to be worth keeping."""
    if policy_for(game.info.key) is not None:
        return ai_move(game, state, seat, rng)
    legal = game.legal_actions(state, seat)
    choices = [a for a in legal if a != RESIGN] or legal
    action = rng.choice(choices)
    return action, game.apply(state, seat, action)


def play(game: Game[Any], case: Case) -> Iterator[tuple[Any, int, str, Any]]:
    """Each step of one golden game: the state before, the seat, its action, the state
    after. As at a table of AI seats, an optional action the AI takes comes first."""
    rng = rng_for(case)
    state = game.new(case.seats, case.seed)
    for _ in range(bound(game)):
        awaiting = sorted(game.awaiting(state))
        if not awaiting:
            return
        optional = ai_optional_moves(game, state, range(case.seats), rng)
        if optional is not None:
            seat, action, after = optional
        else:
            seat = rng.choice(awaiting)
            action, after = move(game, state, seat, rng)
        yield state, seat, action, after
        state = after


def step(game: Game[Any], seat: int, action: str, after: Any) -> Step:
    """One step as stored: seat, action, and the hashes of the state, the public view and
    the seat's view after it; the last is left out when it equals the public one."""
    public = digest(game.view(after, None))
    own = digest(game.view(after, seat))
    own_hash = [] if own == public else [own]
    return [seat, action, state_hash(game, after), public, *own_hash]


def record_case(game: Game[Any], case: Case) -> dict[str, Any]:
    """One golden game played out, as it is stored."""
    last = start = game.new(case.seats, case.seed)
    steps: list[Step] = []
    for _before, seat, action, last in play(game, case):
        steps.append(step(game, seat, action, last))
    outcome = game.outcome(last)
    return {
        "seats": case.seats,
        "seed": case.seed,
        "start": state_hash(game, start),
        "over": game.is_over(last),
        "points": list(outcome.points) if outcome else None,
        "steps": steps,
    }


def path_for(key: str) -> Path:
    """The file holding one game's golden playthroughs."""
    return DATA / f"{key}.json"


def encode(data: dict[str, Any]) -> str:
    """The file text: compact JSON with one step a line, so diffs show where play changed."""
    text = json.dumps(data, separators=(",", ":"))
    return text.replace("],[", "],\n[") + "\n"


def record(game: Game[Any]) -> Path:
    """Plays and writes one game's golden playthroughs; the path written."""
    games = [record_case(game, c) for c in cases(game)]
    path = path_for(game.info.key)
    path.write_text(encode({"format": FORMAT, "key": game.info.key, "games": games}))
    return path


def main(argv: list[str]) -> int:
    """Re-records the named games (all of them if none is named)."""
    games = [registry.get(k) for k in argv] if argv else registry.all()
    DATA.mkdir(parents=True, exist_ok=True)
    for game in games:
        print(record(game))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
