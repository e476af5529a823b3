"""The words of a table's message: its status line, the result lines at the end of a
game, the lobby's picture, and the games' sentences with each seat named."""

from __future__ import annotations

from bot.games import scene as sc
from bot.games.rng import commitment
from bot.tables import Event, Status, Table, Update
from bot.tables.names import name_seats
from bot.tables.seams import standing_of


def named(table: Table, text: str) -> str:
    """A game's sentence with each "seat N" replaced by that seat's name."""
    return name_seats(text, [s.name for s in table.seats])


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


def status_line(update: Update) -> str:
    """Whose turn, their clock, and the table's state, in one line."""
    table = update.table
    if update.event is Event.STOPPED:
        return f"**{table.title}** - the table was stopped; every stake went home."
    if table.status is Status.LOBBY:
        return (
            f"**{table.title}** - waiting for players. Join, add AI players, "
            "and the host starts the game."
        )
    news = news_of(update)
    if update.outcome is not None:
        summary = named(table, update.outcome.summary)
        return f"**{table.title}** - game over. {summary}{news}"
    names = " and ".join(table.seats[i].name for i in update.awaiting)
    clock = f" - clock runs out <t:{int(table.deadline_at)}:R>" if table.deadline_at else ""
    proof = ""
    if update.public and update.public.get("commitment"):
        # the hash of this deal's seed, shown as it is dealt; the seed comes at the end
        proof = f"\nDeal seed hash: `{update.public['commitment']}`"
    hint = f"\nHint: {named(table, update.hint)}." if update.hint else ""
    return f"**{table.title}** - waiting for {names}{clock}.{news}{hint}{proof}"


def news_of(update: Update) -> str:
    """The public view's news on a line of its own, seats named ("Stop: the 9♠ is dead.
    alice leads."), or nothing when the game has none."""
    news = update.public.get("news") if update.public else None
    return f"\n{named(update.table, news)}" if news else ""


def result_lines(update: Update) -> str:
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
        proofs = ", ".join(f"`{commitment(seed)}` <- `{seed}`" for seed in seeds[:6])
        more = f" and {len(seeds) - 6} more" if len(seeds) > 6 else ""
        lines.append(f"Deal seeds (hash shown at each deal <- seed): {proofs}{more}")
    return "\n".join(lines)
