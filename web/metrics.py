"""/metrics in Prometheus's text format (version 0.0.4), written here: a few gauges and
counters, each read when scraped, need no client library."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Metric:
    """One metric: its name, help, kind ("gauge" or "counter") and how to read it."""

    name: str
    help: str
    kind: str
    read: Callable[[], float]


@dataclass
class Metrics:
    """The metrics /metrics serves; any part of the bot may add its own."""

    metrics: list[Metric] = field(default_factory=list)

    def gauge(self, name: str, help: str, read: Callable[[], float]) -> None:
        """Add a value that goes up and down."""
        self.metrics.append(Metric(name, help, "gauge", read))

    def counter(self, name: str, help: str, read: Callable[[], float]) -> None:
        """Add a count that only goes up (its name ends in _total)."""
        assert name.endswith("_total"), name
        self.metrics.append(Metric(name, help, "counter", read))

    def text(self) -> str:
        """Every metric, read now, in the text format."""
        lines = []
        for m in self.metrics:
            lines += [f"# HELP {m.name} {m.help}", f"# TYPE {m.name} {m.kind}"]
            lines.append(f"{m.name} {_number(m.read())}")
        return "\n".join(lines) + "\n"


def _number(value: float) -> str:
    """A value as the format writes it (whole numbers without a fraction)."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))
