"""The table service's plain checks and refusals: a game and its options resolved, a chip
amount in range, a player seated, a table in the right status, hosted by the user, with
room; each refusal is a `TableError` in one sentence saying what to do instead."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games import Game, IllegalAction, OptionValue, registry
from bot.games.base import View
from bot.tables.models import Status, Table, TableError
from bot.tables.names import name_seats

MAX_BUY_IN = 1_000_000

LEAVING = (
    "You are leaving at the end of this hand: the AI plays your seat until then, and your "
    "chips come home then."
)


def checked_buy_in(buy_in: int | None, default: int, low: int, high: int) -> int:
    """The buy-in asked for within the server's bounds, `low` to `high` (`default` if None)."""
    if buy_in is None:
        return default
    amount = check_amount(buy_in, "buy-in")
    if not low <= amount <= high:
        raise TableError(f"The buy-in on this server must be from {low:,} to {high:,} chips.")
    return amount


def check_amount(amount: object, what: str) -> int:
    """A number of chips from 1 to MAX_BUY_IN, or TableError naming `what`."""
    if not isinstance(amount, int) or isinstance(amount, bool):
        raise TableError(f"The {what} must be a whole number of chips.")
    if not 1 <= amount <= MAX_BUY_IN:
        raise TableError(f"The {what} must be from 1 to {MAX_BUY_IN:,} chips.")
    return amount


def seat_index(table: Table, user_id: int) -> int:
    """The seat index of a player still at the table, or TableError."""
    index = table.seat_of(user_id)
    if index is None or table.seats[index].left:
        raise TableError("You are not seated at this table; you can watch.")
    return index


def require_status(table: Table, status: Status, message: str) -> None:
    """TableError with `message` unless the table is in `status`."""
    if table.status is not status:
        raise TableError(message)


def require_host(table: Table, user_id: int, message: str) -> None:
    """TableError with `message` unless the user hosts the table."""
    if user_id != table.host_id:
        raise TableError(message)


def require_room(table: Table) -> None:
    """TableError unless the table has a free chair."""
    info = table.game.info
    if len(table.seats) >= info.max_seats:
        raise TableError(f"The table is full: {info.title} seats {info.seat_range()}.")


def busy_message(table: Table) -> str:
    """The refusal for a channel that already has a table."""
    host = next((s.name for s in table.seats if s.user_id == table.host_id), "someone")
    return (
        f"This channel already has a table: {table.game.info.title} (table #{table.id}), "
        f"hosted by {host}. Join it, or wait until it ends."
    )


def not_your_turn(table: Table) -> str:
    """The refusal for a player who acts out of turn."""
    names = [table.seats[i].name for i in sorted(table.game.awaiting(table.state))]
    return f"It is not your turn: the table is waiting for {' and '.join(names)}."


def game_and_options(
    game_key: str, options: Mapping[str, object] | None
) -> tuple[Game[Any], dict[str, OptionValue]]:
    """The game of this key and its options resolved, or a TableError saying why not."""
    try:
        game = registry.get(game_key)
    except KeyError as exc:
        raise TableError(str(exc.args[0])) from None
    try:
        return game, game.options(options)
    except IllegalAction as exc:
        raise TableError(exc.reason) from None


def checked_move(table: Table, index: int, action: str) -> Any:
    """The state after a player's action, which must be one of the seat's actions
    exactly as `actions_now` lists it (its legal actions, or out of turn its optional
    ones; front ends match what a person types to that list); otherwise TableError
    with the game's reason, seats named."""
    game, state = table.game, table.state
    legal = game.actions_now(state, index)
    try:
        after = game.apply(state, index, action)
    except IllegalAction as exc:
        raise TableError(name_seats(exc.reason, [s.name for s in table.seats])) from None
    if action not in legal:
        shown = action if len(action) <= 40 else action[:40] + "..."
        raise TableError(
            f"'{shown.strip()}' is not written as a move: choose one of your moves as it "
            f"is listed, for example '{legal[0]}'."
        )
    return after


def turn_index(table: Table, user_id: int, version: int, action: str | None = None) -> int:
    """The user's seat, if the game is on, they sit at it, they saw its current state
    and it waits for them, or `action` is one of its optional actions (taken out of
    turn); otherwise a TableError saying which of these is not so."""
    require_status(table, Status.PLAYING, "The game has not started yet.")
    index = seat_index(table, user_id)
    if table.seats[index].leaving:
        raise TableError(LEAVING)
    if version != table.version:
        raise TableError("The table has moved on since then. Look again and choose anew.")
    game = table.game
    if index not in game.awaiting(table.state) and not (
        game.info.out_of_turn and action in game.optional_actions(table.state, index)
    ):
        raise TableError(not_your_turn(table))
    return index


def private_view(table: Table, user_id: int) -> View:
    """A seated player's own view of the game, or TableError saying why there is none."""
    seat = table.seat_of(user_id)
    if seat is None:
        raise TableError("You are not seated at this table.")
    if table.state is None:
        raise TableError("The game has not started yet.")
    return table.game.view(table.state, seat)


def optional_index(table: Table, user_id: int, version: int) -> int:
    """The user's seat, if the game is on, they sit at it, they saw its current state
    and the game offers them optional actions now; otherwise a TableError saying which
    of these is not so."""
    require_status(table, Status.PLAYING, "The game has not started yet.")
    index = seat_index(table, user_id)
    if version != table.version:
        raise TableError("The table has moved on since then. Look again and choose anew.")
    if not table.game.optional_actions(table.state, index):
        raise TableError("There is nothing for you to pass on: no move is open to you now.")
    return index
