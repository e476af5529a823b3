"""Golden playthroughs (DESIGN.md "Testing" 5): replays every file under tests/golden/data/.

Each registered game has a file of a few seeded games recorded by tests/golden/record.py.
Replaying one plays the same seed with the same seeded choices and checks, step by step,
that the seat and action chosen are the same, that the action is legal, and that the
hashes of the state and of the public and seat views after it are unchanged. A failure
names the game, seat count, seed and step. If the change of behaviour is wanted, re-record
(see record.py) and say so in the commit.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.games import registry
from bot.games.base import Game
from tests.golden.record import FORMAT, Case, cases, path_for, play, state_hash, step

GAMES = registry.all()
RERECORD = "if this change is wanted, re-record: .venv/bin/python -m tests.golden.record"


def changed(got: list[Any], want: list[Any]) -> str:
    """Which hashes of a step differ, in words."""
    names = ["state", "public view", "seat view"]
    got_h, want_h = got[2:] + [got[3]] * (5 - len(got)), want[2:] + [want[3]] * (5 - len(want))
    return ", ".join(n for n, a, b in zip(names, got_h, want_h, strict=True) if a != b) or "?"


def replay(game: Game[Any], case: Case, kept: dict[str, Any]) -> None:
    """Plays one golden game again and checks it against what was kept."""
    where = f"{case}"
    start = state_hash(game, game.new(case.seats, case.seed))
    assert start == kept["start"], f"{where}: the first deal changed; {RERECORD} {case.key}"
    steps = kept["steps"]
    last = None
    n = 0
    for n, (before, seat, action, after) in enumerate(play(game, case)):
        at = f"{where} step {n}"
        assert n < len(steps), f"{at}: the game goes on past its {len(steps)} kept steps"
        assert action in game.actions_now(before, seat), f"{at}: {action!r} is not legal"
        got, want = step(game, seat, action, after), steps[n]
        assert got[:2] == want[:2], (
            f"{at}: played {got[:2]}, kept {want[:2]}; {RERECORD} {case.key}"
        )
        assert got == want, (
            f"{at} ({action!r}): {changed(got, want)} changed; {RERECORD} {case.key}"
        )
        last = after
    played = n + 1 if last is not None else 0
    assert played == len(steps), f"{where}: ended after {played} of {len(steps)} kept steps"
    if last is not None:
        outcome = game.outcome(last)
        assert game.is_over(last) == kept["over"], f"{where}: whether the game ended changed"
        points = list(outcome.points) if outcome else None
        assert points == kept["points"], f"{where}: points {points} != kept {kept['points']}"


@pytest.mark.parametrize("game", GAMES, ids=[g.info.key for g in GAMES])
def test_golden(game: Game[Any]) -> None:
    """Every golden game of this game replays exactly as recorded."""
    path = path_for(game.info.key)
    assert path.exists(), f"no golden file for {game.info.key}; record it with record.py"
    data = json.loads(path.read_text())
    assert data["format"] == FORMAT and data["key"] == game.info.key, path
    kept = {(g["seats"], g["seed"]): g for g in data["games"]}
    want = cases(game)
    assert sorted(kept) == sorted((c.seats, c.seed) for c in want), f"{path}: other cases"
    for case in want:
        replay(game, case, kept[(case.seats, case.seed)])


def test_no_stray_files() -> None:
    """Every golden file belongs to a registered game (a removed game takes its file)."""
    keys = {g.info.key for g in GAMES}
    stray = sorted(p.name for p in path_for("x").parent.glob("*.json") if p.stem not in keys)
    assert not stray, f"golden files of no registered game: {stray}"
