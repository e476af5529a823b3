"""Settings for the whole suite: how hard Hypothesis hunts.

The suite runs every property test and state machine (tests/hunt, tests/ledger) at the
"suite" profile's size, a few minutes of CPU for the whole suite with the rest; the "long"
profile runs the same tests at length, as `bench/bench_hunt.py` does:

    PARLOUR_HYPOTHESIS=long .venv/bin/python -m pytest tests/hunt/test_service_machine.py

A state machine sets its own steps per example; the profile sets how many examples.
"""

from __future__ import annotations

import os

from hypothesis import settings

PROFILE_VARIABLE = "PARLOUR_HYPOTHESIS"
SUITE_EXAMPLES = 30
LONG_EXAMPLES = 1000

settings.register_profile("suite", max_examples=SUITE_EXAMPLES)
settings.register_profile("long", max_examples=LONG_EXAMPLES)
settings.load_profile(os.environ.get(PROFILE_VARIABLE, "suite"))
