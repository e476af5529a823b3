"""The words of a table: its status line, the result lines at the end of a game, the
lobby's scene, and the games' sentences and scenes with each seat named.

A front end gives its own `Markup` (Discord's bold, code and relative clock; the web's
plain text, whose page draws the clock itself); the words are the same everywhere.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.games import scene as sc
from bot.games.rng import commitment
from bot.tables import Event, Status, Table, Update
from bot.tables.names import name_seats
from bot.tables.seams import standing_of


def _same(text: str) -> str:
    return text


def _no_clock(at: float) -> str:
    return ""


@dataclass(frozen=True, slots=True)
class Markup:
    """How a front end marks words up: a title in bold, a seed as code, and a clock
    running out at a time (seconds since the epoch) as words after the names."""

    bold: Callable[[str], str] = _same
    code: Callable[[str], str] = _same
    clock: Callable[[float], str] = _no_clock


PLAIN = Markup()
"""No markup: plain words, no clock (a page that shows the clock itself)."""


def named(table: Table, text: str) -> str:
    """A game's sentence with each "seat N" replaced by that seat's name."""
    return name_seats(text, [s.name for s in table.seats])


def named_texts(value: Any, names: list[str]) -> Any:
    """A view or scene with "seat N" named in every text it holds (card codes, numbers
    and keys hold no such words and come through unchanged)."""
    if isinstance(value, str):
        return name_seats(value, names)
    if isinstance(value, dict):
        return {k: named_texts(v, names) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [named_texts(v, names) for v in value]
    return value


def lobby_scene(table: Table) -> sc.Scene:
    """The lobby picture: who sits where and what they brought."""
    min_seats, max_seats = table.seat_counts
    seats = [
        sc.seat(
            chips=table.buy_in if table.buy_in else None,
            badge="host" if s.user_id == table.host_id else ("AI" if s.user_id is None else ""),
        )
        for s in table.seats
    ]
    # "12 of 3-12", not "12 of 3-12 players": the counter must fit a twelve-seat table.
    span = f"{min_seats}" if min_seats == max_seats else f"{min_seats}-{max_seats}"
    counters = [("Players", f"{len(seats)} of {span}")]
    if table.buy_in:
        counters.append(("Buy-in", f"{table.buy_in:,} chips"))
    return sc.scene(table.pack, f"{table.title} - waiting for players", seats, (), counters)


def status_line(update: Update, markup: Markup = PLAIN) -> str:
    """The game's title, then whose turn, their clock, and the table's state."""
    return f"{markup.bold(update.table.title)} - {status_words(update, markup)}"


def status_words(update: Update, markup: Markup = PLAIN) -> str:
    """Whose turn, their clock, and the table's state, without the game's title."""
    table = update.table
    if update.event is Event.STOPPED:
        return "the table was stopped; every stake went home."
    if table.status is Status.LOBBY:
        return "waiting for players. Join, add AI players, and the host starts the game."
    news = news_of(update)
    if update.outcome is not None:
        return f"game over. {named(table, update.outcome.summary)}{news}"
    names = " and ".join(table.seats[i].name for i in update.awaiting)
    clock = markup.clock(table.deadline_at) if table.deadline_at else ""
    proof = ""
    if update.public and update.public.get("commitment"):
        # the hash of this deal's seed, shown as it is dealt; the seed comes at the end
        proof = f"\nDeal seed hash: {markup.code(str(update.public['commitment']))}"
    hint = f"\nHint: {named(table, update.hint)}." if update.hint else ""
    return f"waiting for {names}{clock}.{news}{hint}{proof}"


def news_of(update: Update) -> str:
    """The public view's news on a line of its own, seats named ("Stop: the 9♠ is dead.
    alice leads."), or nothing when the game has none."""
    news = update.public.get("news") if update.public else None
    return f"\n{named(update.table, news)}" if news else ""


def result_lines(update: Update, markup: Markup = PLAIN) -> str:
    """The end of a game: each seat's result in its game's unit, and the seeds that
    prove the deals."""
    table, outcome = update.table, update.outcome
    assert outcome is not None
    lines = [
        f"{table.seats[r.seat].name}: {r.amount:+,} {r.unit}"
        if r.unit != "score"
        else f"{table.seats[r.seat].name}: score {r.amount:,}"
        for r in standing_of(table, outcome)
    ]
    seeds = update.detail.get("seeds", [])
    if seeds:
        proofs = ", ".join(
            f"{markup.code(commitment(seed))} <- {markup.code(str(seed))}" for seed in seeds[:6]
        )
        more = f" and {len(seeds) - 6} more" if len(seeds) > 6 else ""
        lines.append(f"Deal seeds (hash shown at each deal <- seed): {proofs}{more}")
    return "\n".join(lines)
