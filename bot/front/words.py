"""The words of a table: its status line, the result lines at the end of a game, the
lobby's scene, and the last move as the table heard it (`Chronicle`), each seat named
(`bot.front.seats`).

A front end gives its own `Markup` (Discord's bold, code and relative clock; the web's
plain text, whose page draws the clock itself); the words are the same everywhere.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.front.seats import named
from bot.games import english
from bot.games import scene as sc
from bot.games.rng import commitment
from bot.tables import Event, Status, TableFacts, Update
from bot.tables.events import Acted, Finished
from bot.tables.seams import results_of
from bot.tables.updates import Moment
from bot.tables.winnable import CHOSEN, winnable_reveal


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


def lobby_scene(table: TableFacts) -> sc.Scene:
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
    return f"{markup.bold(english(update.table.title))} - {status_words(update, markup)}"


def status_words(update: Update, markup: Markup = PLAIN) -> str:
    """Whose turn, their clock, and the table's state, without the game's title."""
    table = update.table
    if update.event is Event.STOPPED:
        return "the table was stopped; every stake went home."
    if table.status is Status.LOBBY:
        return "waiting for players. Join, add AI players, and the host starts the game."
    news = news_of(update)
    if update.outcome is not None:
        return f"game over. {named(table, english(update.outcome.summary))}{news}"
    names = " and ".join(table.seats[i].name for i in update.awaiting)
    clock = markup.clock(table.deadline_at) if table.deadline_at else ""
    proof = ""
    if update.public and update.public.get("commitment"):
        # the hash of this deal's seed, shown as it is dealt; the seed comes at the end
        proof = f"\nDeal seed hash: {markup.code(str(update.public['commitment']))}"
        if table.winnable:
            proof += f" ({CHOSEN})"
    hint = f"\nHint: {named(table, english(update.hint))}." if update.hint else ""
    return f"waiting for {names}{clock}.{news}{hint}{proof}"


def news_of(update: Update) -> str:
    """The public view's news on a line of its own, seats named ("Stop: the 9♠ is dead.
    alice leads."), or nothing when the game has none."""
    news = update.public.get("news") if update.public else None
    return f"\n{named(update.table, news)}" if news else ""


def result_lines(update: Update, markup: Markup = PLAIN) -> str:
    """The end of a game: each seat's result in its game's unit, and the seeds that
    prove the deals."""
    table = update.table
    lines = [
        f"{table.seats[r.seat].name}: {r.amount:+,} {r.unit}"
        if r.unit != "score"
        else f"{table.seats[r.seat].name}: score {r.amount:,}"
        for r in results_of(update)
    ]
    seeds = update.detail.seeds if isinstance(update.detail, Finished) else ()
    if seeds:
        proofs = ", ".join(
            f"{markup.code(commitment(seed))} <- {markup.code(str(seed))}" for seed in seeds[:6]
        )
        more = f" and {len(seeds) - 6} more" if len(seeds) > 6 else ""
        lines.append(f"Deal seeds (hash shown at each deal <- seed): {proofs}{more}")
    reveal = winnable_reveal(update)
    if reveal:
        lines.append(reveal)
    return "\n".join(lines)


class Chronicle:
    """Each table's last move in words, as everyone at the table heard of it (a card
    played face down is not named: `Update.announce`, of the update before), seats
    named; and a seat sitting down, the AI's, and the deal."""

    def __init__(self) -> None:
        self._before: dict[int, Moment] = {}
        self._said: dict[int, str] = {}

    def heard(self, update: Update) -> str:
        """Take in the table's latest update; its last move in words now ("" if none)."""
        table_id = update.table.id
        said = _said(update, self._before.get(table_id))
        if said is None:
            said = self._said.get(table_id, "")
        self._said[table_id] = said
        self._before[table_id] = update.moment.bare()  # its views not kept
        if update.event in (Event.FINISHED, Event.STOPPED):
            self.forget(table_id)
        return said

    def said(self, table_id: int) -> str:
        """The table's last move in words as last heard ("" if none)."""
        return self._said.get(table_id, "")

    def forget(self, table_id: int) -> None:
        """Hear no more of a table (closed, or no longer followed)."""
        self._before.pop(table_id, None)
        self._said.pop(table_id, None)


def _said(update: Update, before: Moment | None) -> str | None:
    """What an update tells the table in words, or None when it tells nothing new."""
    table, detail = update.table, update.detail
    if isinstance(detail, Acted) and detail.kind == "act":
        text = update.announce(before) or "moves"
        late = " (timed out)" if detail.actor == "timeout" else ""
        return named(table, f"seat {detail.seat}{late}: {text}")
    if update.event is Event.JOINED:
        return f"{table.seats[-1].name} sits down."
    if update.event is Event.AI_ADDED:
        return "An AI player sits down."
    if update.event is Event.STARTED:
        return "The cards are dealt."
    return None
