"""The histograms of /metrics: fixed buckets counted as observations come, written in
Prometheus's text format with each bucket holding all below it, their sum and count."""

from __future__ import annotations

import pytest

from web.metrics import Histogram, Metrics


def test_a_histogram_counts_each_observation_in_every_bucket_at_or_above_it() -> None:
    metrics = Metrics()
    times = metrics.histogram("parlour_test_seconds", "Test latencies.", (0.01, 0.1, 1.0))
    for seconds in (0.004, 0.01, 0.05, 0.5, 0.7, 3.0):
        times.observe(seconds)
    assert metrics.text().splitlines() == [
        "# HELP parlour_test_seconds Test latencies.",
        "# TYPE parlour_test_seconds histogram",
        'parlour_test_seconds_bucket{le="0.01"} 2',  # a bound is in its own bucket
        'parlour_test_seconds_bucket{le="0.1"} 3',
        'parlour_test_seconds_bucket{le="1"} 5',
        'parlour_test_seconds_bucket{le="+Inf"} 6',
        "parlour_test_seconds_sum 4.264",
        "parlour_test_seconds_count 6",
    ]


def test_a_histogram_asked_for_again_is_the_same_one() -> None:
    metrics = Metrics()
    first = metrics.histogram("parlour_test_seconds", "Test latencies.")
    first.observe(0.2)
    again = metrics.histogram("parlour_test_seconds", "Test latencies.")
    assert again is first and again.count == 1
    assert metrics.text().count("# TYPE parlour_test_seconds histogram") == 1


@pytest.mark.parametrize(
    ("name", "bounds"), [("parlour_test", (1.0,)), ("parlour_test_seconds", (1.0, 0.5))]
)
def test_a_histogram_is_of_seconds_in_rising_buckets(name: str, bounds: tuple[float, ...]) -> None:
    with pytest.raises(AssertionError):
        Histogram(name, "Test.", bounds)
