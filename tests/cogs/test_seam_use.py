"""The Discord layer speaks to the table service and its seam, never to a game: no cog
reaches through a table into its game (`table.game`), and no module fills a registry of
another as it is imported (the circles of old lived on as such registries)."""

from __future__ import annotations

import ast
from pathlib import Path

COGS = Path(__file__).resolve().parents[2] / "cogs"


def reaches_into_a_game(tree: ast.AST) -> list[int]:
    """Lines where an expression takes `.game` of a table (`table.game`, `update.table.game`)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "game":
            inner = node.value
            name = inner.attr if isinstance(inner, ast.Attribute) else getattr(inner, "id", "")
            if name.endswith(("table", "replay")):
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


def test_no_cog_reaches_into_a_game_or_fills_a_registry() -> None:
    problems = []
    for path in sorted(COGS.glob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        problems += [f"{path.name}:{n} table.game" for n in reaches_into_a_game(tree)]
        problems += [f"{path.name}:{n} fills a registry" for n in fills_a_registry(tree)]
    assert problems == []


def test_the_checks_catch_what_they_look_for() -> None:
    reach = ast.parse(
        "x = update.table.game.info\ny = table.game.view(s, 0)\nz = closed.game\nr = replay.game"
    )
    assert sorted(reaches_into_a_game(reach)) == [1, 2, 4]
    fill = ast.parse("PLAYERS.append(play)\npresenter.controls['t'] = f\nX = 1\nf()")
    assert fills_a_registry(fill) == [1, 2]
