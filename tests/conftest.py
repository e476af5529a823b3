"""Settings for the whole suite: how hard Hypothesis hunts.

The suite runs every property test and state machine (tests/hunt, tests/ledger) at the
"suite" profile's size, a few minutes of CPU for the whole suite with the rest; the "long"
profile runs the same tests at length, as `bench/bench_hunt.py` does:

    PARLOUR_HYPOTHESIS=long .venv/bin/python -m pytest tests/hunt/test_service_machine.py

A state machine sets its own steps per example; the profile sets how many examples.

When `PARLOUR_TEST_POSTGRES` names a server, the storage, ledger, table-service and hunter
suites run on PostgreSQL too; a server named but out of reach stops the whole run at
once, so that CI never skips them silently.
"""

from __future__ import annotations

import asyncio
import os

import asyncpg
import pytest
from hypothesis import settings

from tests.backends import POSTGRES

PROFILE_VARIABLE = "PARLOUR_HYPOTHESIS"
SUITE_EXAMPLES = 30
LONG_EXAMPLES = 1000

settings.register_profile("suite", max_examples=SUITE_EXAMPLES)
settings.register_profile("long", max_examples=LONG_EXAMPLES)
settings.load_profile(os.environ.get(PROFILE_VARIABLE, "suite"))


def pytest_sessionstart(session: pytest.Session) -> None:
    """Refuse to run at all when the PostgreSQL server the tests were given is out of reach."""
    if POSTGRES is None:
        return
    try:
        asyncio.run(_reach(POSTGRES))
    except Exception as exc:
        pytest.exit(
            f"PARLOUR_TEST_POSTGRES={POSTGRES} cannot be reached ({exc}): start PostgreSQL"
            " or unset the variable to skip the PostgreSQL tests.",
            returncode=3,
        )


async def _reach(dsn: str) -> None:
    conn = await asyncpg.connect(dsn, timeout=10)
    await conn.close()
