"""Writing one benchmark's section of bench/RESULTS.md, leaving the other sections be."""

from __future__ import annotations

import os
import platform
import re
from datetime import UTC, datetime
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"
HEADER = (
    "# Benchmark results\n\nFigures measured on this project's machines; "
    "each section names its run.\n"
)


def write_section(title: str, lines: list[str]) -> None:
    """Replace (or add) the section `## title` of RESULTS.md with these lines."""
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    machine = f"{os.cpu_count()} cores, Python {platform.python_version()}, {platform.machine()}"
    body = f"## {title}\n\nMeasured {stamp} on {machine}.\n\n" + "\n".join(lines) + "\n"
    text = RESULTS.read_text() if RESULTS.exists() else HEADER
    pattern = re.compile(rf"^## {re.escape(title)}\n.*?(?=^## |\Z)", re.S | re.M)
    if pattern.search(text):
        text = pattern.sub(lambda _: body + "\n", text).rstrip() + "\n"
    else:
        text = text.rstrip() + "\n\n" + body
    RESULTS.write_text(text)
