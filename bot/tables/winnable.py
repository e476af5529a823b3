"""Winnable deals (issue 34): a patience dealt only from seeds the solver has proved
winnable, knowing every card, drawn fairly from them.

Both front ends ask `WinnableDeals.draw` for a deal and hand it to `TableService.create`,
the only way a table is marked winnable: no seed a person chose is ever marked. A draw
takes the oldest seed of the game's stock (`bot.storage.winnable_rows`) in the one
statement that deletes it, so no two processes sharing the database hand out the same
seed, and the database refuses a second winnable table of a seed besides. When the
stock is empty the draw searches at once: fresh seeds from `secrets`, each solved in
the service's solver workers with a short budget, until one is proved won or
`WinnableSettings.wait_s` passes, and then refuses in words.

Each seed is a fresh random one, kept when the solver proves its deal won within the
short budget; so a deal is drawn fairly from the deals proved winnable within that
budget (a winnable deal whose proof needs more is never offered).

A background task (`start`) keeps each stock asked for, or warmed at the start, at
`WinnableSettings.stock` seeds: one solve at a time, in the workers (which run at a
lower priority than the bot), and none while a request is searching. A stock is kept
per game and resolved options: the bot warms every game's default options; any other
options are kept once a deal with them has been asked for in this process.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.games import Game, english, registry
from bot.games.patience.search import MEASURE, Budget, solvable
from bot.storage import Database
from bot.storage import winnable_rows as rows
from bot.tables.checks import game_and_options
from bot.tables.events import Finished
from bot.tables.models import TableError
from bot.tables.settings import WinnableSettings
from bot.tables.solving import SolverPool
from bot.tables.updates import Update

log = logging.getLogger(__name__)

CHOSEN = f"chosen among deals the solver proved winnable, {MEASURE}"
"""What the proof line says of a winnable table's deal, in every front end."""
SEEDED = (
    "A winnable deal is drawn among those the solver has proved, so it takes no seed:"
    " leave the seed out, or play that seed without winnable."
)


BATCH = 64
"""Fresh seeds handed to a worker in one job (one round trip for many quick solves)."""


class NotReady(TableError):
    """No winnable deal was proved in time (the stock was empty): `reason` says so."""


def not_patience(title: str) -> str:
    """The refusal of a winnable deal of a game the solver does not take."""
    return f"Winnable deals are for patience games; {title} is not one."


def cold(title: str, seconds: float) -> str:
    """The refusal when no deal was proved in time."""
    return (
        f"No winnable deal of {title} is ready yet: none was proved within {seconds:g} s."
        " The search goes on in the background; try again shortly."
    )


def winnable_reveal(update: Update) -> str:
    """At a winnable table's end, how anyone may check that its deal comes out
    (`parlour solve` deals the table's seed and prints its deal seed's hash); ""
    at any other table or moment."""
    detail = update.detail
    if not update.table.winnable or not isinstance(detail, Finished) or detail.seed is None:
        return ""
    return (
        f"The deal was {CHOSEN}; check it: parlour solve {update.table.key}"
        f" --seed {detail.seed} (its deal seed hash is the one shown at the deal)"
    )


def options_text(options: Mapping[str, object]) -> str:
    """Resolved options as the stock files them: JSON, keys in order."""
    return json.dumps(dict(options), sort_keys=True, separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class WinnableDeal:
    """A seed drawn for a winnable deal of a game under its options (`options_text`):
    made by `WinnableDeals.draw` alone, and dealt by `TableService.create`."""

    game: str
    options: str
    seed: int


def winnable_seed(
    deal: WinnableDeal, game_key: str, options: Mapping[str, object], seed: int | None
) -> int:
    """The seed a winnable table is dealt: the drawn deal's, which must be of this game
    and options; TableError when a seed of one's own comes with it."""
    if seed is not None:
        raise TableError(SEEDED)
    assert (deal.game, deal.options) == (game_key, options_text(options)), "another game's deal"
    return deal.seed


class WinnableDeals:
    """The stock of proved seeds and the search that fills it (see the module)."""

    def __init__(
        self,
        db: Database,
        solver: SolverPool,
        settings: WinnableSettings,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.db, self.solver, self.settings, self.clock = db, solver, settings, clock
        self._wanted: dict[tuple[str, str], int] = {}
        """Stocks to fill, by game and options: solves in a row without a win left."""
        self._wake = asyncio.Event()
        self._quiet = asyncio.Event()
        self._quiet.set()
        self._idle = asyncio.Event()
        """Set while no request is searching: the background waits for it."""
        self._idle.set()
        self._searching = 0
        self._task: asyncio.Task[None] | None = None

    # -- a request ---------------------------------------------------------------------

    async def draw(
        self, game_key: str, options: Mapping[str, object] | None = None, seed: int | None = None
    ) -> WinnableDeal:
        """A winnable deal of the game under these options: from the stock, or searched
        now; TableError in words for a seed given, a game that is no patience, or no
        deal proved in time."""
        if seed is not None:
            raise TableError(SEEDED)
        game, resolved = game_and_options(game_key, options)
        if not solvable(game):
            raise TableError(not_patience(english(game.info.title)))
        key, opts = game.info.key, options_text(resolved)
        found = await self.db.write(lambda tx: rows.take_seed(tx, key, opts))
        if found is None:
            found = await self._search(game, resolved, opts)
        self.want(key, opts)
        if found is None:
            raise NotReady(cold(english(game.info.title), self.settings.wait_s))
        return WinnableDeal(key, opts, found)

    async def _search(
        self, game: Game[Any], options: Mapping[str, object], opts: str
    ) -> int | None:
        """Fresh seeds solved now, a batch to each worker in one job, until one is proved
        won (any other won is stocked) or the wait is over; None then."""
        deadline = self.clock() + self.settings.wait_s
        self._searching += 1
        self._idle.clear()
        try:
            while (left := deadline - self.clock()) > 0:
                tries = [self._batch(game, options, left) for _ in range(self.solver.workers)]
                won = [s for s in await asyncio.gather(*tries) if s is not None]
                for extra in won[1:]:
                    await self._stock(game.info.key, opts, extra)
                if won:
                    return won[0]
            return None
        finally:
            self._searching -= 1
            if not self._searching:
                self._idle.set()

    async def _batch(
        self, game: Game[Any], options: Mapping[str, object], most_s: float
    ) -> int | None:
        """A proved seed among `BATCH` fresh ones, tried in a worker for at most `most_s`
        seconds, each within the short budget (its winning line replayed to a win)."""
        seeds = [secrets.randbits(63) for _ in range(BATCH)]
        budget = Budget(positions=self.settings.try_positions, seconds=self.settings.try_seconds)
        return await self.solver.first_won(game, dict(options), seeds, budget, most_s)

    async def _stock(self, game: str, opts: str, seed: int) -> bool:
        """Put a proved seed in the stock; whether it went in."""
        return await self.db.write(lambda tx: rows.add_seed(tx, game, opts, seed))

    # -- the background ----------------------------------------------------------------

    def want(self, game: str, opts: str) -> None:
        """Have the background fill this stock (again: its count of tries starts anew)."""
        self._wanted[(game, opts)] = self.settings.tries
        self._quiet.clear()
        self._wake.set()

    def start(self, *, warm: bool | None = None) -> None:
        """Start the background task (on the running loop), first asking for every
        patience game's stock under its default options when warming (`warm`, else
        the settings' own)."""
        if warm if warm is not None else self.settings.warm:
            for game in registry.all():
                if solvable(game):
                    self.want(game.info.key, options_text(game.options({})))
        if self._task is None:
            self._task = asyncio.create_task(self._keep(), name="parlour-winnable")

    async def stop(self) -> None:
        """Stop the background task (a solve under way finishes in its worker)."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def settled(self) -> None:
        """Wait until the background has nothing left to fill (every stock asked for is
        full, or left alone after its tries)."""
        await self._quiet.wait()

    async def _keep(self) -> None:
        """Fill the stocks asked for, one solve at a time, round the games in turn."""
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._wanted:
                for wanted in list(self._wanted):
                    await self._idle.wait()  # a request searching goes first
                    await self._fill_once(*wanted)
            self._quiet.set()

    async def _fill_once(self, game_key: str, opts: str) -> None:
        """One step towards a stock's size: a fresh seed solved and stocked if won; the
        stock left alone when full, or after its tries, or when it fails."""
        wanted = (game_key, opts)
        try:
            if await rows.stock_of(self.db, game_key, opts) >= self.settings.stock:
                self._wanted.pop(wanted, None)
                return
            game = registry.get(game_key)
            seed = await self._batch(game, json.loads(opts), self.settings.try_seconds * 4)
            won = seed is not None
            if seed is not None:
                await self._stock(game_key, opts, seed)
        except Exception:  # one stock that fails never stops the others
            log.exception("the winnable stock of %s could not be filled", game_key)
            self._wanted.pop(wanted, None)
            return
        if won:
            self._wanted[wanted] = self.settings.tries
        elif wanted in self._wanted:
            self._wanted[wanted] -= 1
            if self._wanted[wanted] <= 0:
                log.info("no winnable deal of %s in %d tries", game_key, self.settings.tries)
                del self._wanted[wanted]
