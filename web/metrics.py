"""/metrics in Prometheus's text format (version 0.0.4), written here: gauges and counters
read when scraped, and histograms of latencies counted as they happen into fixed buckets
(an observation is a search among a dozen bounds and three additions: nothing is kept
per observation, nothing allocated). No client library is needed for that much."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass, field

LATENCY_BUCKETS_S = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
"""The upper bounds of a latency histogram's buckets, in seconds: from what a page or
Discord shows at once to what Discord no longer waits for (3 s), and past it."""


@dataclass(frozen=True, slots=True)
class Metric:
    """One metric: its name, help, kind ("gauge" or "counter") and how to read it."""

    name: str
    help: str
    kind: str
    read: Callable[[], float]


class Histogram:
    """Observations (seconds) counted in fixed buckets, with their sum and count: what a
    scrape reads to give quantiles over any window."""

    __slots__ = ("bounds", "count", "counts", "help", "name", "total")

    def __init__(self, name: str, help: str, bounds: tuple[float, ...]) -> None:
        assert name.endswith("_seconds") and list(bounds) == sorted(set(bounds)), name
        self.name, self.help, self.bounds = name, help, bounds
        self.counts = [0] * (len(bounds) + 1)
        """Observations per bucket (not cumulative), the last past every bound."""
        self.total = 0.0
        self.count = 0

    def observe(self, seconds: float) -> None:
        """Count one observation."""
        self.counts[bisect_left(self.bounds, seconds)] += 1
        self.total += seconds
        self.count += 1

    def lines(self) -> list[str]:
        """The histogram's samples: each bucket with all below it (`le`), sum and count."""
        lines, below = [], 0
        for bound, count in zip((*self.bounds, float("inf")), self.counts, strict=True):
            below += count
            le = "+Inf" if bound == float("inf") else _number(bound)
            lines.append(f'{self.name}_bucket{{le="{le}"}} {below}')
        lines.append(f"{self.name}_sum {_number(self.total)}")
        lines.append(f"{self.name}_count {self.count}")
        return lines


@dataclass
class Metrics:
    """The metrics /metrics serves; any part of the bot may add its own."""

    metrics: list[Metric] = field(default_factory=list)
    histograms: dict[str, Histogram] = field(default_factory=dict)

    def gauge(self, name: str, help: str, read: Callable[[], float]) -> None:
        """Add a value that goes up and down."""
        self.metrics.append(Metric(name, help, "gauge", read))

    def counter(self, name: str, help: str, read: Callable[[], float]) -> None:
        """Add a count that only goes up (its name ends in _total)."""
        assert name.endswith("_total"), name
        self.metrics.append(Metric(name, help, "counter", read))

    def histogram(
        self, name: str, help: str, bounds: tuple[float, ...] = LATENCY_BUCKETS_S
    ) -> Histogram:
        """The histogram of this name, added now if it is new (a cog loaded again goes
        on counting into the one it had)."""
        if name not in self.histograms:
            self.histograms[name] = Histogram(name, help, bounds)
        return self.histograms[name]

    def text(self) -> str:
        """Every metric, read now, in the text format."""
        lines = []
        for m in self.metrics:
            lines += [f"# HELP {m.name} {m.help}", f"# TYPE {m.name} {m.kind}"]
            lines.append(f"{m.name} {_number(m.read())}")
        for h in self.histograms.values():
            lines += [f"# HELP {h.name} {h.help}", f"# TYPE {h.name} histogram", *h.lines()]
        return "\n".join(lines) + "\n"


def _number(value: float) -> str:
    """A value as the format writes it (whole numbers without a fraction)."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))
