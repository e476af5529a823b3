""".dockerignore against the Dockerfile: the build context leaves out the repository's
history, the virtual environment, caches and local databases, and keeps every path the
Dockerfile copies (a source file left out would build an image that cannot start).

The matcher follows Docker's rules: patterns relative to the context's root, `*` and `?`
within one path segment, `**` across segments, `!` re-including, the last matching line
winning, and a pattern that matches a directory leaving out all it holds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _rules() -> list[tuple[bool, re.Pattern[str]]]:
    ignore = ROOT / ".dockerignore"
    assert ignore.is_file(), "no .dockerignore: the build context would send .git and .venv"
    rules = []
    for raw in ignore.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        keep = line.startswith("!")
        pattern = line.removeprefix("!").strip().strip("/")
        parts = re.split(r"(\*\*/?|\*|\?)", pattern)
        wild = {"**/": "(?:.*/)?", "**": ".*", "*": "[^/]*", "?": "[^/]"}
        rules.append((keep, re.compile("".join(wild.get(p, re.escape(p)) for p in parts))))
    return rules


def _excluded(path: str, rules: list[tuple[bool, re.Pattern[str]]]) -> bool:
    """Whether Docker leaves `path` (relative, with slashes) out of the build context."""
    segments = path.split("/")
    prefixes = ["/".join(segments[: n + 1]) for n in range(len(segments))]
    excluded = False
    for keep, rule in rules:
        if any(rule.fullmatch(prefix) for prefix in prefixes):
            excluded = not keep
    return excluded


def _copied_sources() -> list[str]:
    """The context paths the Dockerfile's COPY lines take (not those from another stage)."""
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8").replace("\\\n", " ")
    sources = []
    for line in text.splitlines():
        words = line.split()
        if not words or words[0].upper() != "COPY":
            continue
        if any(word.startswith("--from") for word in words):
            continue
        sources += [word for word in words[1:-1] if not word.startswith("--")]
    return sources


@pytest.mark.parametrize(
    "path",
    [
        ".git",
        ".git/HEAD",
        ".venv/bin/python",
        "bot/__pycache__/cli.cpython-311.pyc",
        "bot/games/_tricks.pyc",
        ".pytest_cache/v/cache/lastfailed",
        ".mypy_cache/3.11/bot/cli.data.json",
        ".ruff_cache/CACHEDIR.TAG",
        ".hypothesis/examples/0a",
        "parlour.egg-info/PKG-INFO",
        "bench/out/trace.json",
        "parlour.db",
        "bench/out/ledger.db-wal",
        "tests/render/_failures/table_actual.png",
        "web/activity/node_modules/esbuild/package.json",
    ],
)
def test_local_state_stays_out_of_the_build_context(path: str) -> None:
    assert _excluded(path, _rules()), f".dockerignore sends {path} to the build"


def test_every_file_the_dockerfile_copies_is_in_the_build_context() -> None:
    sources, rules = _copied_sources(), _rules()
    assert {"pyproject.toml", "constraints.txt", "README.md", "bot", "cogs", "render"} <= set(
        sources
    )
    for source in sources:
        top = ROOT / source
        files = [top] if top.is_file() else [p for p in top.rglob("*") if p.is_file()]
        assert files, f"the Dockerfile copies {source}, which is not in the repository"
        for file in files:
            # Bytecode is Python's own output, and the Activity's npm packages npm's, not
            # sources the image needs (its built script is).
            if "__pycache__" in file.parts or file.suffix == ".pyc" or "node_modules" in file.parts:
                continue
            relative = file.relative_to(ROOT).as_posix()
            assert not _excluded(relative, rules), f".dockerignore leaves out {relative}"
