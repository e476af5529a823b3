"""The table service's settings: the knobs it is built with, and one server's table
rules (its buy-in bounds and turn clock) as those settings give them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.tables.checks import MAX_BUY_IN, checked_buy_in


@dataclass(frozen=True, slots=True)
class TableLimits:
    """One server's table rules: the default buy-in and its bounds, and the turn clock."""

    default_buy_in: int
    min_buy_in: int
    max_buy_in: int
    turn_timeout_s: float | None


@dataclass(frozen=True, slots=True)
class WinnableSettings:
    """How winnable deals are found and kept (`bot.tables.winnable`)."""

    stock: int = 3
    """Proved seeds kept ready for each game (and options) asked for, or warmed."""
    warm: bool = False
    """Whether every patience game's stock (its default options) is filled from the start
    (the bot's PARLOUR_WINNABLE_WARM; off in tests and in the terminal)."""
    try_positions: int = 50_000
    try_seconds: float = 0.3
    """One seed's solve: short, so a request waits little behind a refill, and a deal
    whose proof needs more is passed over for the next seed."""
    wait_s: float = 1.5
    """How long a request searches fresh seeds when the stock is empty, before refusing."""
    tries: int = 20
    """Batches of fresh seeds in a row without a win (each up to 64 seeds, a worker's
    four short budgets long) after which the background leaves a stock alone until a
    deal of it is asked for again (a game that seldom comes out in the short budget)."""


@dataclass(frozen=True, slots=True)
class ServiceSettings:
    """The knobs of the table service."""

    default_buy_in: int = 100
    turn_timeout_s: float | None = 120.0
    handover_after: int = 3
    """Timeouts in a row after which a seat is handed to the AI until its player returns."""
    ai_delay_s: float = 0.0
    optional_grace_s: float | None = 10.0
    """How long the AI's next move waits for a person who may take optional actions out
    of turn (`bot.tables.grace`); 0: not at all; None: until they answer (the terminal,
    where only the AI waits on them)."""
    solver_workers: int = 1
    """Worker processes for patience solves (`bot.tables.solving`), started on the first."""
    winnable: WinnableSettings = WinnableSettings()
    """Winnable deals: the stock kept, the search's budgets (`bot.tables.winnable`)."""
    limits: Callable[[int], TableLimits] | None = None
    """Per-server limits by guild id (a plain lookup); None: the fields above everywhere."""

    def limits_of(self, guild_id: int) -> TableLimits:
        """The table limits of a server."""
        if self.limits is not None:
            return self.limits(guild_id)
        return TableLimits(self.default_buy_in, 1, MAX_BUY_IN, self.turn_timeout_s)

    def buy_in(self, guild_id: int, buy_in: int | None) -> int:
        """The buy-in of a new table in a server: as asked, within the server's bounds,
        or its default; TableError in words when out of bounds."""
        limits = self.limits_of(guild_id)
        return checked_buy_in(buy_in, limits.default_buy_in, limits.min_buy_in, limits.max_buy_in)
