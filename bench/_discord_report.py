"""The RESULTS.md section of bench/bench_discord.py: each backend's runs, as the median
and the range over the runs, with the load average the machine had at each run."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from typing import Any

LAG_P99_MS = 20.0
ANSWER_P99_MS = 1000.0
ACK_DEADLINE_S = 3.0

NAMES = {"sqlite": "SQLite", "postgres": "PostgreSQL"}
TITLE = "Discord table (through the fake Discord)"
"""The section of SQLite-only runs (the one this benchmark always wrote)."""


def _spread(values: list[float], form: str) -> str:
    """The median of the values, and their range when there are several."""
    middle = format(statistics.median(values), form)
    if len(values) == 1:
        return middle
    return f"{middle} ({format(min(values), form)}-{format(max(values), form)})"


def _rows(think: tuple[float, float], lag_ms: float, answer_ms: float) -> list[tuple[str, ...]]:
    """(measure, target, part of a run, key, format) for each row of the table."""
    return [
        ("tables playing at once", "-", "lag", "tables", ",.0f"),
        (f"moves (players take {think[0]:.0f}-{think[1]:.0f} s)", "-", "lag", "moves", ",.0f"),
        ("private answers", "-", "lag", "answers", ",.0f"),
        ("seconds of play", "-", "lag", "seconds", ".1f"),
        ("moves/s", "-", "lag", "moves_per_s", ".1f"),
        ("event-loop lag p50, ms", "-", "lag", "lag_p50_ms", ".1f"),
        ("event-loop lag p99, ms", f"≤ {lag_ms:.0f}", "lag", "lag_p99_ms", ".1f"),
        ("worst loop stall, ms", "-", "lag", "lag_max_ms", ".0f"),
        ("private answer, click -> follow-up, p50 ms", "-", "lag", "answer_p50_ms", ".0f"),
        ("private answer p99, ms", f"≤ {answer_ms:,.0f}", "lag", "answer_p99_ms", ".0f"),
        ("worst private answer, ms", "-", "lag", "answer_max_ms", ".0f"),
        ("whole move, interaction in -> edited message out, median ms", "≤ 1.5 x render",
         "move", "move_ms", ".1f"),
        ("rendering that table's picture alone, median ms", "-", "move", "render_ms", ".1f"),
        ("whole move / render", "≤ 1.5", "move", "ratio", ".2f"),
    ]  # fmt: skip


def report(
    runs: list[dict[str, Any]], think: tuple[float, float], lag_ms: float, answer_ms: float
) -> tuple[str, list[str]]:
    """The section's title and lines for these runs (of one backend or both)."""
    backends = [b for b in NAMES if any(r["backend"] == b for r in runs)]
    of = {b: [r for r in runs if r["backend"] == b] for b in backends}
    title = TITLE
    if backends != ["sqlite"]:
        title = f"Discord table on {' and '.join(NAMES[b] for b in backends)} (fake Discord)"
    loads = ", ".join(r["load"].split(",")[0] for r in runs)
    passed = [f"{NAMES[b]} {sum(not r['missed'] for r in of[b])} of {len(of[b])}" for b in backends]
    lines = [
        f"`bench/bench_discord.py`, {len(runs)} runs ({', '.join(passed)} passed; the runs of"
        " two backends alternate), each on a fresh database (a new schema on PostgreSQL, the"
        " machine's own server over its socket). Load average (1 min) at each run's start:"
        f" {loads}. Median (range) over the runs.",
        "",
        "| measure | target | " + " | ".join(NAMES[b] for b in backends) + " |",
        "| --- | --- |" + " --- |" * len(backends),
    ]
    for measure, target, part, key, form in _rows(think, lag_ms, answer_ms):
        cells = [_spread([float(r[part][key]) for r in of[b]], form) for b in backends]
        lines.append(f"| {measure} | {target} | " + " | ".join(cells) + " |")
    missed = [f"{NAMES[r['backend']]}: {'; '.join(r['missed'])}" for r in runs if r["missed"]]
    if missed:
        lines += ["", "Missed: " + ". ".join(missed) + "."]
    return title, lines


@dataclass
class Answers:
    """The private answers of a run: each one's time from the click to the follow-up,
    when each interaction got its initial response (Discord's 3 s), and how many never
    came."""

    times: list[float] = field(default_factory=list)
    acks: list[float] = field(default_factory=list)
    missing: int = 0

    def late(self) -> int:
        """Interactions without an initial response within 3 s ("did not respond")."""
        return sum(a > ACK_DEADLINE_S for a in self.acks)


def missed(lag: dict[str, float]) -> list[str]:
    """The targets a run missed, in words."""
    found = []
    if lag["lag_p99_ms"] > LAG_P99_MS:
        found.append(f"loop lag p99 {lag['lag_p99_ms']:.1f} ms is over {LAG_P99_MS:.0f} ms")
    if lag["answer_p99_ms"] > ANSWER_P99_MS:
        found.append(f"answer p99 {lag['answer_p99_ms']:.0f} ms is over {ANSWER_P99_MS:.0f} ms")
    if lag.get("never_answered"):
        found.append(f"{lag['never_answered']:.0f} answers never came")
    if lag.get("bot_errors"):
        found.append(f"the bot logged {lag['bot_errors']:.0f} errors")
    if lag.get("not_acked_in_3s"):
        found.append(f"{lag['not_acked_in_3s']:.0f} interactions had no response within 3 s")
    return found


def quantile(values: list[float], q: float) -> float:
    """The q-quantile of the values, in milliseconds."""
    ordered = sorted(values)
    return 1000 * ordered[min(int(len(ordered) * q), len(ordered) - 1)]
