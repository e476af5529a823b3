"""A tournament's standings as its front ends show them, and the knockout's bracket as
the results have moved it on.

Swiss standings are the pure core's (`bot.tournaments.standings`). A knockout ranks its
players by how far they went (the winner first, then those knocked out in the last round,
and so on), then by their place at the table that knocked them out; players equal on both
share a place, listed by seed. The match points, Buchholz and game points of every line
are counted the same way in both formats, for the picture.

In both formats a player who withdrew (left, or forfeited out) ranks below every player
who did not, whatever their points or rounds: the withdrawn keep their order among
themselves, placed after the last of the others.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from bot.tournaments.pairing import bracket
from bot.tournaments.service.models import Format, Player, Slot, Tournament
from bot.tournaments.service.results import ranking
from bot.tournaments.standings import TableResult, standings


@dataclass(frozen=True, slots=True)
class Line:
    """One player's line in the standings."""

    place: int
    user_id: int
    name: str
    match_points: int
    buchholz: int
    game_points: int
    games: int
    byes: int
    dropped: bool
    prize: int = 0


@dataclass(frozen=True, slots=True)
class StandingsView:
    """The standings of a tournament, with what a picture of them says above the lines."""

    title: str
    subtitle: str
    final: bool
    unit: str
    lines: tuple[Line, ...]


@dataclass(slots=True)
class Bracket:
    """Where a knockout stands: the next round's slots (a player or None per slot), how
    many rounds each player went through, and the place at the table that put them out."""

    slots: list[int | None]
    reached: dict[int, int]
    out_place: dict[int, int]


def out_by(player: Player, round_no: int) -> bool:
    """Whether a player had left (or forfeited) before round `round_no` was seated."""
    return bool(player.dropped) and player.dropped < round_no


def table_results(t: Tournament) -> list[TableResult]:
    """The pure core's results of every table played to a result."""
    return [
        TableResult(s.seats, s.result.places, s.result.points)
        for s in t.slots
        if s.result is not None
    ]


def lines_of(t: Tournament) -> tuple[Line, ...]:
    """Every player's line, best first (see the module docstring for the order)."""
    byes = [p for r in sorted(t.byes) for p in t.byes[r]]
    counted = standings(t.players.keys(), table_results(t), byes, t.seats, t.seed)
    by_player = {s.player: s for s in counted}
    if t.format is Format.KNOCKOUT:
        order = knockout_order(t)
    else:
        order = [(s.player, s.place) for s in counted]
    lines = []
    for user_id, place in withdrawn_last(t, order):
        s, p = by_player[user_id], t.players[user_id]
        lines.append(
            Line(
                place=p.place or place,
                user_id=user_id,
                name=p.name,
                match_points=s.match_points,
                buchholz=s.buchholz,
                game_points=s.game_points,
                games=s.games,
                byes=s.byes,
                dropped=bool(p.dropped),
                prize=p.prize,
            )
        )
    return tuple(lines)


def withdrawn_last(t: Tournament, order: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Players and places, best first, with every withdrawn player moved below every
    other and the places counted again within each part (ties kept)."""
    stayed = [(p, place) for p, place in order if not t.players[p].dropped]
    gone = [(p, place) for p, place in order if t.players[p].dropped]
    out = []
    for part, above in ((stayed, 0), (gone, len(stayed))):
        out += [(p, above + 1 + sum(q < place for _, q in part)) for p, place in part]
    return out


def knockout_order(t: Tournament) -> list[tuple[int, int]]:
    """Players and their places in a knockout, best first."""
    state = bracket_of(t)
    seq = {p.user_id: p.seq for p in t.players.values()}
    keys = {p: (-state.reached.get(p, 0), state.out_place.get(p, 0)) for p in t.players}
    people = sorted(t.players, key=lambda p: (keys[p], seq[p]))
    places = ranking([keys[p] for p in people])
    return list(zip(people, places, strict=True))


def bracket_of(t: Tournament) -> Bracket:
    """Play a knockout's bracket through every round with a result for each table."""
    seeded = [p.user_id for p in sorted(t.players.values(), key=lambda p: p.seq)]
    state = Bracket(list(bracket(seeded, t.seats)) if len(seeded) > 1 else [], {}, {})
    for round_no in range(1, t.round + 1):
        tables = t.slots_of(round_no)
        if any(s.result is None for s in tables):
            break
        state.slots = _moved_on(t, state, round_no, iter(tables))
    return state


def seated_slots(t: Tournament, slots: list[int | None], round_no: int) -> list[int | None]:
    """A bracket's slots as round `round_no` seats them: players out by then are gone."""
    return [p if p is not None and not out_by(t.players[p], round_no) else None for p in slots]


def _moved_on(
    t: Tournament, state: Bracket, round_no: int, tables: Iterator[Slot]
) -> list[int | None]:
    """The slots after a round: from each run of slots its table's winner, or its bye."""
    slots = seated_slots(t, state.slots, round_no)
    nxt: list[int | None] = []
    for start in range(0, len(slots), t.seats):
        present = [p for p in slots[start : start + t.seats] if p is not None]
        if len(present) < 2:
            through = present[0] if present else None
        else:
            slot = next(tables)
            through = winner_of(t, slot, round_no)
            for seat, p in enumerate(slot.seats):
                if p is not None and p != through and slot.result is not None:
                    state.out_place[p] = slot.result.places[seat]
        if through is not None:
            state.reached[through] = state.reached.get(through, 0) + 1
        nxt.append(through)
    return nxt


def winner_of(t: Tournament, slot: Slot, round_no: int) -> int | None:
    """Who goes through from a knockout table: the best-placed player still in who did
    not forfeit (the better seed on a tie); None if nobody is."""
    assert slot.result is not None
    places: Mapping[int, int] = {
        p: slot.result.places[i]
        for i, p in enumerate(slot.seats)
        if p is not None
        and i not in slot.result.forfeits
        and not (t.players[p].dropped and t.players[p].dropped <= round_no)
    }
    if not places:
        return None
    return min(places, key=lambda p: (places[p], t.players[p].seq))


def knocked_out(t: Tournament, user_id: int) -> bool:
    """Whether a player still in a knockout's standings has lost a table already: their
    place is settled, so they have nothing left to withdraw from."""
    if t.format is not Format.KNOCKOUT:
        return False
    return any(
        user_id in slot.seats
        and slot.result is not None
        and winner_of(t, slot, slot.round) != user_id
        for slot in t.slots
    )
