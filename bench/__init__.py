"""Benchmarks: each module measures one figure; bench/RESULTS.md keeps what they measured."""
