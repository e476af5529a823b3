"""The tournament hunter's checks of the tables, and its small helpers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from bot.storage.tournament_rows import PlayerRow
from bot.tournaments.service import Phase
from tests.tournaments.service.playing import Place

T = TypeVar("T")


def check_tables(p: Place) -> None:
    """Every open tournament table is in a slot of its tournament's round under way,
    no person sits at two, and no round waits on a table that is not open."""
    live = p.tournaments.live
    open_ids: set[int] = set()
    seated: list[int] = []
    for table in p.tables.tables():
        seated += [s.user_id for s in table.seats if s.user_id and not (s.left or s.leaving)]
        if table.tournament_id is None:
            continue
        t = live.get(table.tournament_id)
        assert t is not None and t.phase is Phase.RUNNING, (table.id, table.tournament_id)
        assert table.id in {s.table_id for s in t.slots_of(t.round)}, (table.id, t.round)
        open_ids.add(table.id)
    assert len(seated) == len(set(seated)), f"a person at two tables: {seated}"
    for t in live.values():
        if t.phase is Phase.RUNNING:
            waiting = {s.table_id for s in t.slots_of(t.round) if s.result is None}
            assert waiting <= open_ids, (t.id, t.round, waiting, open_ids)
            assert waiting, f"tournament {t.id} waits on no table in round {t.round}"


def sentence(reason: str) -> bool:
    """Whether a refusal reads as a sentence: words, no lower case first, a stop last."""
    text = reason.strip()
    return len(text.split()) >= 3 and not text[0].islower() and text[-1] in ".!?)"


def one_of(good: tuple[T, ...], odd: tuple[T, ...], n: int) -> T:
    """One of the `good` settings, or one time in eight an `odd` one (often junk)."""
    if n % 8 == 7:
        return odd[(n // 8) % len(odd)]
    return good[n % len(good)]


def assert_withdrawn_unpaid(players: Sequence[PlayerRow]) -> None:
    """A finished tournament's withdrawn players (left or forfeited) rank below every
    player who stayed and take no prize, whenever anyone stayed."""
    stayed = [p for p in players if not p.dropped]
    if not stayed:
        return
    lowest = max(p.place or 0 for p in stayed)
    for p in players:
        if p.dropped:
            assert p.prize == 0 and (p.place or 0) > lowest, (p, stayed)
