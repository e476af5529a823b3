"""The start-up hunter: Discord failing in any planned way while the channels of tables
set aside at a restart are told (`tests/hunt/startup.py`). Start-up completes, no notice
is lost or sent twice, and each is sent once Discord answers again.

`PARLOUR_HUNT_EXAMPLES` scales the number of plans tried with the service hunter's
(a tenth of it here: each plan starts a bot); `bench/bench_hunt.py` tries many more."""

from __future__ import annotations

import asyncio
import os
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.backends import needs_postgres, pg_schema
from tests.hunt.startup import ERRORS, KINDS, Plan, run_plan

EXAMPLES = max(1, int(os.environ.get("PARLOUR_HUNT_EXAMPLES", "100")) // 10)

plans = st.builds(
    Plan,
    kinds=st.lists(st.sampled_from(KINDS), min_size=1, max_size=3).map(tuple),
    error=st.sampled_from(ERRORS),
    flaky_tries=st.integers(min_value=1, max_value=3),
)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plan=plans)
def test_start_up_survives_discord_failing_and_every_notice_is_sent_once(plan: Plan) -> None:
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(run_plan(plan, Path(folder)))


@needs_postgres
@settings(
    max_examples=max(1, EXAMPLES // 2), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(plan=plans)
def test_start_up_on_postgresql_survives_discord_failing_too(plan: Plan) -> None:
    async def on_postgres(folder: Path) -> None:
        async with pg_schema() as dsn:
            await run_plan(plan, folder, dsn)

    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(on_postgres(Path(folder)))
