"""The documents a reader of the repository follows: every relative link in the README,
CONTRIBUTING.md and docs/ leads to a file in the repository (a clone has nothing else)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").rglob("*.md"))]


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves_inside_the_repository(doc: Path) -> None:
    for target in re.findall(r"\]\(([^)#]+)\)", doc.read_text(encoding="utf-8")):
        if "://" in target:
            continue
        path = (doc.parent / target).resolve()
        assert path.is_relative_to(ROOT) and path.exists(), f"{doc.name} links {target}"


def test_the_readme_and_the_guide_point_to_the_design_in_the_repository() -> None:
    for doc in ("README.md", "CONTRIBUTING.md"):
        text = (ROOT / doc).read_text(encoding="utf-8")
        assert "](docs/DESIGN.md)" in text and "shared `DESIGN.md`" not in text
    assert (ROOT / "docs" / "DESIGN.md").is_file()
