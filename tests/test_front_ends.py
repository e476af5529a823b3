"""Every front end (Discord's `cogs/`, the web's `web/`, the terminal's `bot/console/`)
and the kit they share (`bot/front/`) speak to the table service, its updates and its
seam, never to a game: none reaches through a table, a replay or an update into its
game (`table.game`, `update.moment.game`) or its raw state (`update.moment.state`), and
no module fills a registry of another as it is imported (the circles of old lived on as
such registries)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FRONT_ENDS = ("cogs", "web", "bot/console", "bot/front")
HOLDERS = ("table", "replay", "update", "moment")
"""Names of what holds a game: a `.game` taken of one reaches into it."""


def _name(node: ast.expr) -> str:
    """The last name of an expression: `update.table` -> 'table', `table` -> 'table'."""
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def reaches_into_a_game(tree: ast.AST) -> list[int]:
    """Lines where an expression takes `.game` of a table, replay, update or moment, or
    `.state` of a moment (an update's game state)."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        holder = _name(node.value)
        if (node.attr == "game" and holder.endswith(HOLDERS)) or (
            node.attr == "state" and holder.endswith("moment")
        ):
            found.append(node.lineno)
    return found


def fills_a_registry(tree: ast.Module) -> list[int]:
    """Lines of module-level statements that change another object as the module loads:
    a call of a method (`X.append(...)`) or an assignment into one (`x.y[k] = ...`)."""
    found = []
    for node in tree.body:
        call = node.value if isinstance(node, ast.Expr) else None
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute):
            found.append(node.lineno)
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Subscript | ast.Attribute) for t in node.targets
        ):
            found.append(node.lineno)
    return found


def front_end_sources() -> list[Path]:
    """Every Python source of the front ends and their kit."""
    return sorted(p for folder in FRONT_ENDS for p in (ROOT / folder).rglob("*.py"))


def test_no_front_end_reaches_into_a_game_or_fills_a_registry() -> None:
    sources = front_end_sources()
    assert {p.relative_to(ROOT).parts[0] for p in sources} == {"cogs", "web", "bot"}
    assert any(p.is_relative_to(ROOT / "bot/console") for p in sources)
    assert any(p.is_relative_to(ROOT / "bot/front") for p in sources)
    problems = []
    for path in sources:
        tree = ast.parse(path.read_text(), str(path))
        where = path.relative_to(ROOT)
        problems += [f"{where}:{n} reaches into a game" for n in reaches_into_a_game(tree)]
        problems += [f"{where}:{n} fills a registry" for n in fills_a_registry(tree)]
    assert problems == []


def test_the_checks_catch_what_they_look_for() -> None:
    reach = ast.parse(
        "x = update.table.game.info\ny = table.game.view(s, 0)\nz = closed.game\n"
        "r = replay.game\nm = update.moment.game\ns = update.moment.state\nt = table.state"
    )
    assert sorted(reaches_into_a_game(reach)) == [1, 2, 4, 5, 6]
    fill = ast.parse("PLAYERS.append(play)\npresenter.controls['t'] = f\nX = 1\nf()")
    assert fills_a_registry(fill) == [1, 2]
