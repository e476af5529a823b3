"""Can I still win? From a game's current state, solve; when it is lost, find how many
moves back the game was last winnable, all within one budget.

Winnability is monotone along the played line: a position the player reached from a
winnable one may be lost, but if a later position is winnable every earlier one on the
path is (it reached that one). So the positions along the log are winnable up to some
move and lost after it, and that move is found by galloping back from the end (1, 2, 4 ...
moves back: a mistake is most often recent) and then halving the gap. The searches
share what they proved: every position a lost search saw is lost, so a later search of
the same game skips it; and a won search's line, where it follows the moves played,
shows those later positions winnable too.

Answers (assist.py's `Told`): won, with the winning line; lost, with how many moves back
the game was last winnable, or lost from the deal, or "could not tell how far back"
(the budget ran out while looking); unknown, when it ran out before the current
position was decided. Sympathy keeps no history of its turns (and has no undo), so its
answer is won, lost or unknown alone. Every verdict is reached knowing every card, as
the server does (`MEASURE`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.base import Game
from bot.games.patience.assist import LOST, UNKNOWN, WON, Told
from bot.games.patience.engine import Ctx
from bot.games.patience.game import PatienceGame, PatienceState
from bot.games.patience.search import solvable, solve
from bot.games.patience.search.core import ENTRY_BYTES, MEASURE, Budget, Clock, Verdict, search
from bot.games.patience.search.problems import SpecProblem

STILL_BUDGET = Budget(positions=3_000_000, seconds=2.5)
"""The whole budget of one "Can I still win?" (every search it makes): under 3 s."""


@dataclass(frozen=True, slots=True)
class Still:
    """An answer and what it cost: positions searched, seconds, searches made."""

    told: Told
    positions: int
    seconds: float
    searches: int
    measure: str = MEASURE


@dataclass
class _Spend:
    """What the searches of one answer have spent of its budget."""

    budget: Budget
    clock: Clock
    started: float
    positions: int = 0
    searches: int = 0

    def left(self, lost: set[int]) -> Budget | None:
        """The budget left for one more search (None when it is spent), the lost
        positions already held counted against its memory."""
        positions = self.budget.positions - self.positions
        seconds = self.budget.seconds - (self.clock() - self.started)
        room = self.budget.bytes - len(lost) * ENTRY_BYTES
        if positions <= 0 or seconds <= 0 or room <= 0:
            return None
        return Budget(positions, seconds, room)

    def took(self, verdict: Verdict) -> Verdict:
        """Count a search's positions."""
        self.positions += verdict.positions
        self.searches += 1
        return verdict

    def still(self, told: Told) -> Still:
        """The answer with what it cost."""
        return Still(told, self.positions, self.clock() - self.started, self.searches)


def still_winnable(game: Game[Any], state: Any, budget: Budget | None, clock: Clock) -> Still:
    """Whether the game can still be won from its current state, and after a no how far
    back it last could be (see the module's docstring), within `budget` (STILL_BUDGET
    for None) over all its searches. The state is not changed."""
    if not solvable(game):
        raise ValueError(f"{game.info.title} is not a patience game.")
    spend = _Spend(budget or STILL_BUDGET, clock, clock())
    if not isinstance(game, PatienceGame):
        room = spend.left(set())
        assert room is not None
        verdict = spend.took(solve(game, state, room, clock))
        if verdict.result == LOST:
            return spend.still(Told(LOST, looked=False))
        return spend.still(Told(verdict.result, verdict.line))
    return spend.still(_look_back(game, state, spend))


def _look_back(game: PatienceGame, state: PatienceState, spend: _Spend) -> Told:
    """A patience's answer: the current layout solved, and after a "lost" the last
    winnable position along its log found."""
    layouts = game.layouts(state)
    problem = SpecProblem(game.spec, Ctx(state.seed, dict(state.options)))
    lost: set[int] = set()

    def decide(k: int) -> str:
        room = spend.left(lost)
        if room is None:
            return UNKNOWN
        verdict = spend.took(search(problem, layouts[k], room, spend.clock, lost))
        found[k] = verdict.line
        return verdict.result

    found: dict[int, tuple[str, ...]] = {}
    now = len(layouts) - 1
    result = decide(now)
    if result != LOST:
        return Told(result, found[now] if result == WON else ())
    last = _last_winnable(decide, found, state.log, now)
    if last is None:
        return Told(LOST)
    return Told(LOST, from_deal=True) if last < 0 else Told(LOST, back=now - last)


def _last_winnable(
    decide: Callable[[int], str],
    found: dict[int, tuple[str, ...]],
    log: Sequence[str],
    lost_at: int,
) -> int | None:
    """The last position along the log (its number of moves) that is winnable, -1 when
    not even the deal is, None when the budget ran out first; `decide(k)` solves the
    position after k moves, `found[k]` then holds its winning line."""
    low, high = -1, lost_at  # low: winnable (-1: none known); high: lost
    step = 1
    while high - low > 1:
        if low < 0 and step:
            probe = max(lost_at - step, 0)  # galloping back from the end
            step = 0 if probe == 0 else step * 2
        else:
            probe = (low + high) // 2
        result = decide(probe)
        if result == UNKNOWN:
            return None
        if result == WON:
            low = min(probe + _along(found[probe], log[probe:]), high - 1)
        else:
            high = probe
    return low


def _along(line: Sequence[str], played: Sequence[str]) -> int:
    """How many of the moves played next the winning line follows (so the positions
    they reach are winnable too); an 'auto' in the log stands for moves of its own."""
    count = 0
    for move, was in zip(line, played, strict=False):
        if move != was:
            break
        count += 1
    return count
