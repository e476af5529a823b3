"""PARLOUR_SOLVER_WORKERS: how many worker processes answer "Can I still win?", read from
the environment, bounded, and handed to the table service the bot makes."""

from __future__ import annotations

import pytest

from bot.config import ConfigError, Settings
from bot.tables.service import ServiceSettings
from bot.tables.solving import SolverPool


def test_one_worker_by_default_and_as_many_as_asked() -> None:
    assert Settings.from_env({}).solver_workers == 1
    assert Settings.from_env({"PARLOUR_SOLVER_WORKERS": "3"}).solver_workers == 3
    assert ServiceSettings().solver_workers == 1
    assert SolverPool(ServiceSettings(solver_workers=3).solver_workers).workers == 3


@pytest.mark.parametrize("given", ["0", "65", "two", "-1"])
def test_a_count_out_of_bounds_or_not_a_number_is_refused_in_words(given: str) -> None:
    with pytest.raises(ConfigError, match="PARLOUR_SOLVER_WORKERS"):
        Settings.from_env({"PARLOUR_SOLVER_WORKERS": given})
