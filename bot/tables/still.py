"""The table service's "Can I still win?": the player's question checked, the solver's
answer worked out in the service's worker pool (`bot.tables.solving`) while the loop goes
on, and then recorded in the game as an action the table makes (a `solved` action,
bot/games/patience/assist.py), so a replay rebuilds it and a restart keeps it.

An answer is recorded only against the position it was worked out from: if the game
moved on while the solver looked (a move, an undo, a second ask), it is refused and the
player asks again. A player who types a `solved` action is refused in words
(`refuse_typed`): only the table records answers.
"""

from __future__ import annotations

from bot.games.patience.assist import is_assist, written
from bot.games.patience.search import Budget, solvable
from bot.games.patience.search.standing import Still
from bot.tables.autoplay import Autoplay
from bot.tables.checks import require_status, seat_index
from bot.tables.models import Actor, Entry, Status, Table, TableError
from bot.tables.registry import TableRegistry
from bot.tables.solving import SolverPool

STILL = "still"
"""The word of the "Can I still win?" control among a patience's one-word controls (not
a move of the game: a front end calls `TableService.ask_still` for it)."""
MOVED_ON = (
    "The game moved on while the solver was looking, so its answer no longer fits: ask again."
)
TYPED = (
    "Answers of 'Can I still win?' are written by the table, not typed: press "
    "'Can I still win?' to ask."
)


def answer_facts(still: Still) -> dict[str, object]:
    """What a front end tells of an answer, as JSON-safe data (the web's relay carries it
    between processes): the verdict, the winning line's length and next move (never the
    rest of it), how far back, how it was reached and what it cost."""
    told = still.told
    return {
        "result": told.result,
        "moves": len(told.line),
        "next": told.line[0] if told.line else None,
        "back": told.back,
        "looked": told.looked,
        "from_deal": told.from_deal,
        "positions": still.positions,
        "seconds": still.seconds,
        "measure": still.measure,
    }


def refuse_typed(action: str) -> None:
    """TableError if a player's action is a recorded answer (the table's alone), in any
    case or spacing."""
    if isinstance(action, str) and is_assist(action.strip().lower()):
        raise TableError(TYPED)


def check_ask(table: Table, user_id: int, version: int) -> int:
    """The asker's seat, if the game is on, takes the question, the user plays it, and
    they saw its current state; otherwise TableError saying which is not so."""
    require_status(table, Status.PLAYING, "The game has not started yet.")
    index = seat_index(table, user_id)
    if not solvable(table.game):
        raise TableError(f"'Can I still win?' is asked of a patience; {table.title} is not one.")
    if not table.game.awaiting(table.state):
        raise TableError("This game is over: there is nothing left to win.")
    if version != table.version:
        raise TableError("The table has moved on since then. Look again and choose anew.")
    return index


async def ask_still(
    registry: TableRegistry,
    solver: SolverPool,
    autoplay: Autoplay,
    request: tuple[int, int, int],
    budget: Budget | None = None,
) -> tuple[Table, Still]:
    """Answer "Can I still win?" for `request` (table, user, version seen) and record the
    answer in the game, at the seat it awaits; TableError if it cannot be asked or the
    game moved on meanwhile."""
    table_id, user_id, version = request
    async with registry.held(table_id) as table:
        check_ask(table, user_id, version)
        game, state = table.game, table.state
    still = await solver.still(game, state, budget)
    async with registry.held(table_id) as table:
        if table.version != version or table.state is not state:
            raise TableError(MOVED_ON)
        seat_index(table, user_id)  # still seated (a leave moves the table on too)
        seat = min(game.awaiting(state))
        action = written(still.told)
        after = game.apply(state, seat, action)
        await autoplay.committer.commit(table, Entry(seat, "act", action, Actor.TABLE), after, [])
    await autoplay.advance(table)
    return table, still
