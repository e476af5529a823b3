"""Every game's capabilities (`GameInfo`) agree with what its views and play show, and
generic code reads those capabilities, never a game's family or its view's keys.

The first tests play each registered game at random (a fixed seed) and compare what
came up with what its `GameInfo` declares. The last ones read the source of bot/, cogs/
and render/ outside the game folders (bot/games/<family>/...), as tests/test_layers.py
does for imports: a test of `family`, or a view sniffed for a key that tells one game
from another, is reported by file and line.
"""

from __future__ import annotations

import ast
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.games import registry
from bot.games.base import ChipGame, Game

ROOT = Path(__file__).resolve().parents[2]
GAMES = registry.all()
STEPS = 300
"""Actions played at most in one random playthrough."""
VIEW_NAMES = frozenset({"view", "public", "mine", "seen"})
"""The names generic code gives a game's view (a key tested `in` one is a sniff)."""


def game_id(game: Game[Any]) -> str:
    """A game's key, as the test id."""
    return game.info.key


@dataclass
class Seen:
    """What random play of a game showed, over all its views (every seat and anyone's)."""

    keys: set[str] = field(default_factory=set)
    """Every view key that came up with a value that is not empty."""
    seat_chips: list[bool] = field(default_factory=list)
    """For each seat of each scene seen, whether it showed the seat's chips."""
    finished: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)
    """For each game played to its end: the seat count and the winners."""


def seat_counts(game: Game[Any]) -> list[int]:
    """The fewest seats the game is played by, and a few more when it allows."""
    low, high = game.info.min_seats, game.info.max_seats
    return sorted({low, min(high, max(low, 4))})


def play_at_random(game: Game[Any], seats: int, seed: int, seen: Seen) -> None:
    """One game at random, at default options, recording what every view shows."""
    stacks = [500] * seats if game.info.chips else None
    state = game.new(seats, seed, stacks=stacks)
    rng = random.Random(seed)
    for _ in range(STEPS):
        for seat in (None, *range(seats)):
            view = game.view(state, seat)
            seen.keys.update(k for k, v in view.items() if v not in (None, [], {}, "", False))
            scene_seats = view.get("scene", {}).get("seats", [])
            seen.seat_chips += ["chips" in s for s in scene_seats]
        awaited = sorted(game.awaiting(state))
        if not awaited:
            outcome = game.outcome(state)
            assert outcome is not None
            seen.finished.append((seats, outcome.winners))
            return
        seat = rng.choice(awaited)
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))


def seen_in_play(game: Game[Any]) -> Seen:
    """What random play of the game shows, at each of its `seat_counts`."""
    seen = Seen()
    for seats in seat_counts(game):
        play_at_random(game, seats, 2026 + seats, seen)
    return seen


@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_capabilities_agree_with_the_views(game: Game[Any]) -> None:
    info, seen = game.info, seen_in_play(game)
    # chips: a ChipGame whose table shows every seat's chips; no other game shows any
    assert info.chips == isinstance(game, ChipGame)
    if info.chips:
        assert seen.seat_chips and all(seen.seat_chips)
    else:
        assert not any(seen.seat_chips)
    # the picture: a table of seats from the scene, or a patience's own layout
    shape = {"table": "scene", "patience": "zones", "sympathy": "players"}
    assert shape[info.picture] in seen.keys
    assert not ({"scene", "zones"} - {shape[info.picture]}) & seen.keys
    # a dummy hand shown, and stakes spread over the board, only where declared
    assert info.dummy == bool({"dummy", "from_dummy"} & seen.keys)
    assert info.staking == ("staking" in seen.keys)


@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_solitary_games_are_played_at_leisure_and_together(game: Game[Any]) -> None:
    info = game.info
    # a patience is its own layout, never played for chips, with no turn clock
    assert info.solitary == (info.picture != "table")
    if info.solitary:
        assert info.at_leisure and info.together and not info.chips
    assert info.sources_prompt.strip()
    for seats, winners in seen_in_play(game).finished if info.together else ():
        assert winners in ((), tuple(range(seats))), "played together: all win or none"


def test_a_game_played_to_its_end_shows_together_honestly() -> None:
    """Sympathy is played to its end within the random playthrough, so the check on
    `together` above is not empty."""
    sympathy = registry.get("sympathy")
    assert sympathy.info.together
    assert seen_in_play(sympathy).finished


# -- generic code reads capabilities, not families ---------------------------------------


def generic_files() -> list[Path]:
    """Every Python file of bot/, cogs/ and render/ outside the game folders."""
    games = ROOT / "bot" / "games"
    found = []
    for path in sorted(p for d in ("bot", "cogs", "render") for p in (ROOT / d).rglob("*.py")):
        inside = path.relative_to(games).parts if path.is_relative_to(games) else ()
        if len(inside) < 2:  # not in bot/games/<family>/...
            found.append(path)
    return found


def reads_family(node: ast.AST) -> bool:
    """Whether the expression reads a game's `family`."""
    return any(isinstance(n, ast.Attribute) and n.attr == "family" for n in ast.walk(node))


def generic_violations(source: str) -> list[str]:
    """Each test of a game's family, and each view sniffed for a key, in the source."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare) and reads_family(node):
            found.append(f"line {node.lineno}: tests a game's family")
        elif isinstance(node, ast.Subscript) and reads_family(node.slice):
            found.append(f"line {node.lineno}: looks a game's family up")
        elif isinstance(node, ast.Call) and any(reads_family(a) for a in node.args):
            found.append(f"line {node.lineno}: passes a game's family on")
        elif isinstance(node, ast.Compare) and sniffs_view(node):
            found.append(f"line {node.lineno}: sniffs a view for a key")
    return found


def sniffs_view(node: ast.Compare) -> bool:
    """Whether the comparison asks if a key is in a view (`"players" in public`)."""
    if not isinstance(node.left, ast.Constant) or not isinstance(node.left.value, str):
        return False
    pairs = zip(node.ops, node.comparators, strict=True)
    return any(
        isinstance(op, ast.In | ast.NotIn) and isinstance(r, ast.Name) and r.id in VIEW_NAMES
        for op, r in pairs
    )


def test_generic_code_never_tests_a_family_or_sniffs_a_view() -> None:
    files = generic_files()
    assert ROOT / "bot" / "games" / "base.py" in files
    assert ROOT / "cogs" / "table.py" in files
    assert ROOT / "bot" / "games" / "patience" / "game.py" not in files
    found = [
        f"{path.relative_to(ROOT)} {v}"
        for path in files
        for v in generic_violations(path.read_text(encoding="utf-8"))
    ]
    assert found == []


@pytest.mark.parametrize(
    ("source", "complaint"),
    [
        ('if info.family == "chips": pass', "tests a game's family"),
        ('x = game.info.family != "patience"', "tests a game's family"),
        ('x = g.family in ("trick", "chips")', "tests a game's family"),
        ('x = {"chips": 1}[info.family]', "looks a game's family up"),
        ("x = openers.get(info.family)", "passes a game's family on"),
        ('x = "players" in public', "sniffs a view for a key"),
        ('x = "scene" not in view', "sniffs a view for a key"),
    ],
)
def test_a_family_test_or_a_view_sniff_is_reported(source: str, complaint: str) -> None:
    assert generic_violations(source) == [f"line 1: {complaint}"]


@pytest.mark.parametrize(
    "source",
    [
        "if info.chips: pass",
        'x = view.get("staking") if info.staking else None',
        "for family in layouts: pass",
        'x = "a" in names',
    ],
)
def test_a_capability_read_is_not_reported(source: str) -> None:
    assert generic_violations(source) == []
