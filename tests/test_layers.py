"""Imports point one way (DESIGN.md "Layout"): a walk over every module's imports.

`cogs -> bot.tables / bot.ledger -> bot.storage`, `cogs -> render -> bot.games`, and
`bot.games` imports nothing of ours. Discord stays in `cogs/` and `bot/client.py`, Pillow
in `render/`, SQL in `bot/storage/` and `bot/ledger/`; the rules have no I/O, no asyncio,
no clock and no global `random`. Each failure names the file, line and import.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHECKED = ("bot", "cogs", "render", "web")
OURS = frozenset(CHECKED)

# The packages of ours each layer may import (its own included); a prefix covers subpackages.
ALLOWED_OURS: dict[str, tuple[str, ...]] = {
    "bot.games": ("bot.games",),
    "bot.storage": ("bot.storage",),
    "bot.ledger": ("bot.ledger", "bot.storage"),
    "bot.tables": ("bot.tables", "bot.games", "bot.ledger", "bot.storage"),
    # The tournament core is pure: pairing, standings and prizes, over plain data.
    "bot.tournaments": ("bot.tournaments", "bot.games"),
    # The tournament service runs the core's rounds over the table service and the ledger.
    "bot.tournaments.service": (
        "bot.tournaments",
        "bot.games",
        "bot.tables",
        "bot.ledger",
        "bot.storage",
    ),
    "render": ("render", "bot.games"),
    "cogs": ("cogs", "render", "bot"),
    # What every live front end shares: words and scenes over the table service's updates.
    "bot.front": ("bot.front", "bot.games", "bot.tables", "bot.i18n"),
    # The web table is a transport like cogs/: it speaks to the services, never to the
    # storage, and draws nothing (the browser does).
    "web": ("web", "bot.front", "bot.tables", "bot.ledger", "bot.games", "bot.config", "bot.i18n"),
    "bot.client": ("bot", "cogs", "web"),
    # `parlour web`: the web table alone, over the services (no Discord, no cogs).
    "bot.web_process": ("bot", "web"),
    "bot.__main__": ("bot",),
    "bot.cli": ("bot",),
    # PARLOUR_DB is read as an address by the one reader of addresses, which runs no SQL.
    "bot.config": ("bot.config", "bot.shards", "bot.storage.address", "bot.storage.tx"),
    "bot.shards": ("bot.shards",),
    # The catalogues and who reads what: the rules' messages, the ledger's refusals, and
    # the stored languages (the one layer that reads Babel).
    "bot.i18n": ("bot.i18n", "bot.games", "bot.ledger", "bot.storage"),
    # The terminal is a front end too: the words every front end shares (bot.front) are its.
    "bot.console": (
        "bot.console",
        "bot.front",
        "bot.games",
        "bot.ledger",
        "bot.storage",
        "bot.tables",
        "bot.config",
    ),
    "bot": ("bot.games", "bot.storage", "bot.ledger", "bot.tables", "bot.config"),
}
# Outside libraries allowed only in some layers.
ONLY_IN: dict[str, tuple[str, ...]] = {
    "discord": ("cogs", "bot.client"),
    "PIL": ("render",),
    "aiohttp": ("web", "bot.client"),
    "sqlite3": ("bot.storage", "bot.ledger"),
    "aiosqlite": ("bot.storage", "bot.ledger"),
    "babel": ("bot.i18n",),
}
# What the pure rules may not import at all: no I/O, no event loop, no clock, no entropy.
GAMES_FORBIDDEN = frozenset(
    {"asyncio", "time", "secrets", "socket", "subprocess", "threading", "multiprocessing"}
)
PURE = ("bot.games", "bot.tournaments")
"""The layers held to the rules' purity (no I/O, clock or global random)."""
CLOCK_CALLS = frozenset({"now", "utcnow", "today"})


@dataclass(frozen=True, slots=True)
class Import:
    """One imported module (for `from A import b`, A.b when A is ours), and where."""

    name: str
    line: int


def module_name(path: Path) -> str:
    """The dotted module name of a file under the repository root."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_of(module: str) -> str:
    """The layer a module belongs to: the longest key of ALLOWED_OURS that contains it."""
    for layer in sorted(ALLOWED_OURS, key=len, reverse=True):
        if module == layer or module.startswith(layer + "."):
            return layer
    raise AssertionError(f"{module} is in no layer")


def within(name: str, prefix: str) -> bool:
    """Whether module `name` is `prefix` or inside it."""
    return name == prefix or name.startswith(prefix + ".")


def imports_of(module: str, tree: ast.Module, is_package: bool) -> Iterator[Import]:
    """Every module imported by the tree, relative imports made absolute."""
    package = module.split(".") if is_package else module.split(".")[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (Import(alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                stem = package[: len(package) - node.level + 1]
                base = ".".join([*stem, base] if base else stem)
            if base.split(".")[0] in OURS:
                yield from (Import(f"{base}.{a.name}", node.lineno) for a in node.names)
            else:
                yield Import(base, node.lineno)
        elif (
            isinstance(node, ast.Call)
            and dotted(node.func) in ("importlib.import_module", "import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and not node.args[0].value.startswith(".")
        ):
            yield Import(node.args[0].value, node.lineno)


def dotted(node: ast.expr) -> str:
    """`a.b.c` for a chain of names and attributes, else ''."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        head = dotted(node.value)
        return f"{head}.{node.attr}" if head else ""
    return ""


def import_violations(module: str, imported: Import) -> list[str]:
    """Why this import breaks the layering, if it does."""
    layer, name = layer_of(module), imported.name
    top = name.split(".")[0]
    where = f"line {imported.line}: imports {name}"
    if top in OURS:
        allowed = ALLOWED_OURS[layer]
        if not any(within(name, a) for a in allowed):
            return [f"{where}: {layer} may import only {', '.join(allowed)} of ours"]
        if within(name, "bot.client") and layer not in ("cogs", "bot.__main__", "bot.cli"):
            return [f"{where}: only cogs, bot/__main__.py and bot/cli/ import bot.client"]
        if layer in ("cogs", "web") and within(name, "bot.storage"):
            return [f"{where}: cogs speak only to services (bot.tables, bot.ledger), not storage"]
        return private_violations(module, imported)
    if top in ONLY_IN and layer not in ONLY_IN[top]:
        return [f"{where}: {top} belongs only in {', '.join(ONLY_IN[top])}"]
    if layer in PURE and top in GAMES_FORBIDDEN:
        return [f"{where}: the rules use no I/O, asyncio, clock or outside entropy"]
    if layer in PURE and top == "random" and name != "random":
        return [f"{where}: the rules use random.Random(seed), never the global random"]
    return []


def is_module(dotted_name: str) -> bool:
    """Whether a dotted name of ours is a module or package (not a name inside one)."""
    path = ROOT.joinpath(*dotted_name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def private_violations(module: str, imported: Import) -> list[str]:
    """An underscore module is private to its own package, and an underscore name to its
    own module: what another package needs must be public (STYLE.md "Shape")."""
    parts = imported.name.split(".")
    for i, part in enumerate(parts):
        if not part.startswith("_") or part.startswith("__"):
            continue
        owner = ".".join(parts[:i])
        if is_module(".".join(parts[: i + 1])):
            if not within(module, owner):
                return [f"line {imported.line}: imports {imported.name}, private to {owner}"]
        elif owner != module:
            return [f"line {imported.line}: imports {imported.name}, private to {owner}"]
    return []


def rules_purity_violations(tree: ast.Module) -> list[str]:
    """Uses of the global `random` and of the clock (the rules take both from their state)."""
    found = []
    aliases = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
        if alias.name == "random"
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            found += [
                f"line {node.lineno}: from random import {a.name}: the rules use "
                "random.Random(seed), never the global random"
                for a in node.names
                if a.name != "Random"
            ]
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
            and node.attr != "Random"
        ):
            found.append(
                f"line {node.lineno}: {node.value.id}.{node.attr}: the rules use "
                "random.Random(seed), never the global random"
            )
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in CLOCK_CALLS
            and dotted(node.func.value).split(".")[-1] in ("datetime", "date")
        ):
            found.append(f"line {node.lineno}: {dotted(node.func)}(): the rules read no clock")
    return found


def violations(module: str, source: str, is_package: bool = False) -> list[str]:
    """Every layering violation in one module's source."""
    tree = ast.parse(source)
    found = [v for i in imports_of(module, tree, is_package) for v in import_violations(module, i)]
    if layer_of(module) in PURE:
        found += rules_purity_violations(tree)
    return found


def checked_files() -> list[Path]:
    """Every Python file of bot/, cogs/ and render/."""
    return sorted(p for d in CHECKED for p in (ROOT / d).rglob("*.py"))


def test_imports_point_one_way() -> None:
    files = checked_files()
    assert ROOT / "bot" / "games" / "base.py" in files
    found = []
    for path in files:
        source = path.read_text(encoding="utf-8")
        for problem in violations(module_name(path), source, path.name == "__init__.py"):
            found.append(f"{path.relative_to(ROOT)}: {problem}")
    assert not found, "Imports against the layering:\n" + "\n".join(found)


# -- the checker, on sources written to break each rule ------------------------------------


@pytest.mark.parametrize(
    ("module", "source", "complaint"),
    [
        ("bot.games.tilters", "import discord", "imports discord: discord belongs only in"),
        ("bot.tournaments.pairing", "import asyncio", "the rules use no I/O"),
        ("bot.tournaments.pairing", "from bot.ledger import Ledger", "may import only"),
        ("bot.tournaments.prizes", "import random\nrandom.shuffle(x)", "random.Random(seed)"),
        ("bot.games.tilters", "from PIL import Image", "imports PIL: PIL belongs only in render"),
        ("bot.games.tilters", "import asyncio", "imports asyncio: the rules use no I/O"),
        ("bot.games.tilters", "import sqlite3", "sqlite3 belongs only in bot.storage"),
        ("bot.games.tilters", "import aiosqlite", "aiosqlite belongs only in"),
        ("bot.games.tilters", "import time", "imports time: the rules use no I/O"),
        ("bot.games.tilters", "import secrets", "imports secrets"),
        ("bot.games.tilters", "from bot.tables import service", "imports bot.tables.service"),
        ("bot.games.tilters", "from bot import ledger", "imports bot.ledger: bot.games may"),
        ("bot.games.tilters", "from ..tables import x", "imports bot.tables.x"),
        ("bot.games.tilters", "import render.cards", "imports render.cards"),
        ("bot.games.tilters", "import bot.config", "imports bot.config"),
        ("bot.games.ai.tilters", "from ...ledger import x", "imports bot.ledger.x"),
        ("bot.games.tilters", "import importlib\nimportlib.import_module('cogs.play')", "cogs"),
        ("bot.games.tilters", "import random\nrandom.shuffle(cards)", "random.shuffle: the rules"),
        ("bot.games.tilters", "import random\nx = random.random()", "random.random"),
        ("bot.games.tilters", "import random\nrandom.choice(c)", "random.choice"),
        ("bot.games.tilters", "import random\nrandom.randint(1, 6)", "random.randint"),
        ("bot.games.tilters", "import random as r\nr.seed(4)", "r.seed"),
        ("bot.games.tilters", "import random\nrandom.SystemRandom()", "random.SystemRandom"),
        ("bot.games.tilters", "from random import shuffle", "from random import shuffle"),
        ("bot.games.tilters", "import random.x", "imports random.x"),
        ("bot.games.tilters", "from datetime import datetime\ndatetime.now()", "datetime.now()"),
        ("bot.games.tilters", "import datetime\ndatetime.date.today()", "date.today()"),
        ("bot.storage.db", "from bot.ledger import accounts", "bot.storage may import only"),
        ("bot.storage.db", "from bot.games import IllegalAction", "imports bot.games.Illegal"),
        ("bot.storage.db", "import discord", "discord belongs only in"),
        ("bot.ledger.accounts", "from bot.tables import service", "bot.ledger may import only"),
        ("bot.ledger.accounts", "from bot.games import POT", "imports bot.games.POT"),
        ("bot.ledger.accounts", "import PIL.Image", "imports PIL.Image"),
        ("bot.tables.service", "import discord", "discord belongs only in cogs, bot.client"),
        ("bot.tables.service", "from discord.ext import commands", "imports discord.ext"),
        ("bot.tables.service", "from PIL import Image", "PIL belongs only in render"),
        ("bot.tables.service", "import render.table", "bot.tables may import only"),
        ("bot.tables.service", "from cogs import play", "imports cogs.play"),
        ("bot.tables.service", "from bot import client", "imports bot.client"),
        ("bot.tables.service", "import sqlite3", "sqlite3 belongs only in"),
        ("bot.tables.service", "from .. import client", "imports bot.client"),
        ("render.table", "import discord", "discord belongs only in"),
        ("render.table", "from bot.tables import service", "render may import only"),
        ("render.table", "from bot.ledger import board", "imports bot.ledger.board"),
        ("render.table", "import aiosqlite", "aiosqlite belongs only in"),
        ("cogs.play", "from PIL import Image", "PIL belongs only in render"),
        ("cogs.play", "import sqlite3", "sqlite3 belongs only in"),
        ("web.app", "import discord", "discord belongs only in"),
        ("web.app", "from PIL import Image", "PIL belongs only in render"),
        ("web.app", "import render.table", "web may import only"),
        ("web.app", "from cogs import _presenter", "web may import only"),
        ("web.app", "from bot.storage import watch_rows", "web may import only"),
        ("web.app", "import sqlite3", "sqlite3 belongs only in"),
        ("bot.tables.service", "import aiohttp", "aiohttp belongs only in web"),
        ("bot.front.words", "import discord", "discord belongs only in"),
        ("bot.front.words", "from cogs import _base", "bot.front may import only"),
        ("bot.config", "import discord", "discord belongs only in"),
        ("bot.config", "from bot.tables import x", "bot.config may import only bot.config"),
        ("bot.cli", "from PIL import Image", "PIL belongs only in render"),
        ("bot.cli", "import discord", "discord belongs only in"),
        ("bot.client", "import sqlite3", "sqlite3 belongs only in"),
        ("bot.client", "import render.table", "bot.client may import only bot, cogs"),
        ("cogs.table", "from bot.storage import table_rows", "cogs speak only to services"),
        ("cogs.table", "import bot.storage.database", "cogs speak only to services"),
        ("cogs.table", "from bot.tables._core import TableCore", "private to bot.tables"),
        ("bot.cli", "from bot.games.patience import _finder", "private to bot.games.patience"),
        ("bot.tables.service", "from bot.games.rng import _seed", "private to bot.games.rng"),
        (
            "bot.games.yankee.bunkum.flow",
            "from bot.games.yankee.tilters.game import _check",
            "private",
        ),
    ],
)
def test_a_forbidden_import_is_reported(module: str, source: str, complaint: str) -> None:
    found = violations(module, source)
    assert len(found) == 1, found
    assert complaint in found[0]
    assert found[0].startswith(f"line {source.count(chr(10)) + 1}: ")


@pytest.mark.parametrize(
    ("module", "source"),
    [
        ("bot.games.tilters", "import random\nrng: random.Random = random.Random(7)"),
        ("bot.games.tilters", "from random import Random\nimport hashlib, json, re"),
        ("bot.games.tilters", "from bot.games.base import ChipGame\nfrom . import cards"),
        ("bot.games.tilters", "from bot.games import IllegalAction\nimport bot.games.rng"),
        ("bot.games.tilters", "from dataclasses import dataclass, replace"),
        ("bot.games.ai.tilters", "from .. import cards\nfrom ..base import Game"),
        ("bot.games.registry", "import importlib\nimportlib.import_module('bot.games.quinto')"),
        ("bot.storage.db", "import aiosqlite\nimport sqlite3\nfrom bot.storage import uow"),
        ("bot.ledger.accounts", "import aiosqlite\nfrom bot.storage.db import Database"),
        ("bot.ledger.accounts", "from ..storage import db\nfrom . import board"),
        ("bot.tables.service", "import asyncio, time, secrets, random\nrandom.random()"),
        ("bot.tables.service", "from bot.games import registry\nfrom bot.ledger import x"),
        ("bot.tables.service", "from bot.storage import db\nfrom datetime import datetime"),
        ("render.table", "from PIL import Image, ImageDraw\nfrom bot.games import View"),
        ("render.table", "from . import sprites\nfrom render.sprites import cache"),
        ("cogs.play", "import discord\nfrom discord.ext import commands"),
        ("cogs.play", "from bot.tables import service\nfrom render import table"),
        ("cogs.play", "from bot.client import ParlourBot\nfrom bot.ledger import board"),
        ("bot.client", "import discord\nfrom bot.tables import service\nimport cogs.play"),
        ("bot.__main__", "from bot.client import main\nfrom bot.config import Settings"),
        ("bot.cli", "from bot import client\nfrom bot.tables import service\nimport asyncio"),
        ("bot.config", "import os\nfrom dataclasses import dataclass"),
        ("bot.games.patience.engine", "from bot.games.patience._finder import Finder"),
        ("bot.games.patience.games.clock", "from bot.games.patience import _hooks"),
        ("cogs.table", "from cogs._base import Refusal\nfrom __future__ import annotations"),
        ("web.app", "from aiohttp import web\nfrom bot.tables import Update\nimport bot.front"),
        ("bot.client", "import web.server\nimport aiohttp"),
    ],
)
def test_an_allowed_import_is_not_reported(module: str, source: str) -> None:
    assert violations(module, source) == []


def test_relative_imports_resolve_from_a_package_s_init() -> None:
    tree = ast.parse("from . import cards\nfrom .. import tables")
    names = [i.name for i in imports_of("bot.games", tree, is_package=True)]
    assert names == ["bot.games.cards", "bot.tables"]
    assert violations("bot.games", "from .. import tables", is_package=True) == [
        "line 1: imports bot.tables: bot.games may import only bot.games of ours"
    ]


def test_module_names_and_layers() -> None:
    assert module_name(ROOT / "bot" / "games" / "__init__.py") == "bot.games"
    assert module_name(ROOT / "cogs" / "play.py") == "cogs.play"
    assert layer_of("bot.games.ai.black_joke") == "bot.games"
    assert layer_of("bot.client") == "bot.client"
    assert layer_of("bot") == "bot"
    assert layer_of("render") == "render"


MIRRORS = {
    "tests.cogs": "cogs",
    "tests.render": "render",
    "tests.storage": "bot.storage",
    "tests.tables": "bot.tables",
    "tests.ledger": "bot.ledger",
    "tests.tournaments": "bot.tournaments",
    "tests.games": "bot.games",
    "tests.console": "bot.console",
    "tests.front": "bot.front",
    "tests.web": "web",
    "tests.cli": "bot.cli",
}
"""A test folder that mirrors a package may test that package's private parts."""

SUPPORT = {"fakediscord", "fakediscord_selftest", "golden", "hunt", "fourth", "browser"}
"""Test folders that mirror no package: the fake Discord and its own tests, the golden
playthroughs, the long hunters, a test's own data (the fourth Stops page), and the
tests in a real browser (of web/ and its pages, through the bot and the fake Discord)."""


def source_of_tests(folder: Path) -> Path:
    """The source package a test folder mirrors: tests/cogs -> cogs, tests/render ->
    render, tests/X/Y -> bot/X/Y."""
    parts = folder.relative_to(ROOT / "tests").parts
    if parts[0] in ("cogs", "render", "web"):
        return ROOT.joinpath(*parts)
    return ROOT.joinpath("bot", *parts)


def test_the_tests_mirror_the_source_tree() -> None:
    folders = [
        d
        for d in (ROOT / "tests").rglob("*")
        if d.is_dir()
        and "__pycache__" not in d.parts
        and not SUPPORT & set(d.relative_to(ROOT).parts)
    ]
    astray = [str(d) for d in folders if not source_of_tests(d).is_dir()]
    assert astray == [], "test folders that mirror no package"
    packages = [ROOT / "cogs", ROOT / "render", ROOT / "web"]
    packages += [d for d in (ROOT / "bot").iterdir() if (d / "__init__.py").is_file()]
    packages += [d for d in (ROOT / "bot" / "games").iterdir() if (d / "__init__.py").is_file()]
    mirrored = {source_of_tests(d) for d in folders}
    untested = [str(p) for p in packages if p not in mirrored]
    assert untested == [], "packages with no test folder of their own"


def test_no_module_imports_another_package_s_private_module() -> None:
    # The tests and benchmarks too: what they need of a package is its public face, except
    # the unit tests of that very package (MIRRORS).
    files = sorted(p for d in (*CHECKED, "tests", "bench") for p in (ROOT / d).rglob("*.py"))
    found = []
    for path in files:
        module = module_name(path)
        mirrored = next((m for t, m in MIRRORS.items() if within(module, t)), None)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for imported in imports_of(module, tree, path.name == "__init__.py"):
            if mirrored is not None and within(imported.name, mirrored):
                continue
            if imported.name.split(".")[0] in OURS:
                found += [f"{path}: {p}" for p in private_violations(module, imported)]
    assert found == [], "\n".join(found)


def owning_module(name: str) -> str:
    """The module an imported dotted name lives in (`a.b.c` -> `a.b` when c is a name)."""
    parts = name.split(".")
    while len(parts) > 1 and not is_module(".".join(parts)):
        parts.pop()
    return ".".join(parts)


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of ours it imports anywhere (inside functions and under
    TYPE_CHECKING too: a circle is a circle to the reader whether or not Python runs it)."""
    graph: dict[str, set[str]] = {}
    for path in checked_files():
        module = module_name(path)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found = imports_of(module, tree, path.name == "__init__.py")
        targets = {owning_module(i.name) for i in found if i.name.split(".")[0] in OURS}
        graph[module] = targets - {module}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_circles() -> None:
    graph = import_graph()
    assert "bot.games.base" in graph
    assert circles(graph) == []


def test_a_circle_is_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []
