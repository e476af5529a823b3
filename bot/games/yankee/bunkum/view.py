"""Bunkum's table picture (rules.md), for bot/games/yankee/bunkum/game.py: each seat's stack and
cards (face up only for the viewer), the reserve, and the last deal's fifteens and showdown."""

from __future__ import annotations

from typing import TypedDict

from bot.games.cards import Pack
from bot.games.scene import Group, Scene, group, scene, seat
from bot.games.stakes import ChipView
from bot.games.state import JsonDict
from bot.games.yankee.bunkum.flow import BunkumState


class BunkumSeat(TypedDict):
    """One seat as everyone sees it: its stack and purse, and its part in the deal."""

    stack: int
    purse: int
    playing: bool
    cards: int
    bought: int
    passed: bool


class BunkumView(ChipView, total=False):
    """Bunkum's facts: the auction, the reserve, each seat, the seat's own hand and purse
    (the AI reads phase, turn, bid, rate, players, purse and hand)."""

    rate: int
    split_ties: bool
    reserve_left: int
    seats: list[BunkumSeat]
    players: int
    """How many seats play this deal."""
    purse: int
    bought_cards: list[str]
    last_deal: JsonDict | None
    """The last deal as its state keeps it (LastDeal), every hand shown."""


def _seat_note(st: BunkumState, s: int) -> str:
    """A seat's part in the deal and the auction, in a few words."""
    if not st.playing[s]:
        return ""
    if st.turn == s and st.dealt == 0:
        return "to deal"
    bought = len(st.hands[s]) - st.dealt
    parts = [f"bid {st.bid}"] if s == st.bidder else (["passed"] if st.passed[s] else [])
    if bought:
        parts.append(f"bought {bought}")
    return ", ".join(parts)


def _showdown_picture(st: BunkumState) -> tuple[list[Group], list[str]]:
    """The last deal's fifteens, batch by batch, and each player's total, as groups and lines."""
    last = st.last
    if last is None:
        return [], []
    groups, lines = [], []
    for s in range(st.seats):
        if last.totals[s] < 0:
            continue
        for i, batch in enumerate(last.batches[s], start=1):
            groups.append(group("fan", f"Seat {s}: fifteen {i}", batch))
        groups.append(group("row", f"Seat {s} keeps {last.totals[s]}", last.kept[s]))
        if s in last.winners:
            lines.append(
                f"Deal {last.deal}: seat {s} wins the pot of {last.won[s]}"
                f" with {last.totals[s]} ({len(last.kept[s])} cards kept)"
            )
        elif last.owed[s]:
            short = f" of {last.owed[s]} owed" if last.paid[s] < last.owed[s] else ""
            lines.append(f"Seat {s}: {last.totals[s]}, pays {last.paid[s]}{short}")
    if last.discarded:
        lines.append(f"{last.discarded} reserve cards thrown away unsold")
    return groups, lines


def table_scene(st: BunkumState, viewer: int | None) -> Scene:
    """The table picture: each seat's stack and cards (face up only for the viewer), the
    reserve, and the last deal's fifteens and showdown."""
    over = st.turn < 0
    seats = []
    for s in range(st.seats):
        own = s == viewer or over
        seats.append(
            seat(
                cards=st.hands[s] if own else (),
                backs=0 if own else len(st.hands[s]),
                chips=st.stacks[s],
                badge="dealer" if s == st.dealer and not over else ("" if st.playing[s] else "out"),
                note=_seat_note(st, s),
                active=s == st.turn,
            )
        )
    groups, lines = _showdown_picture(st)
    if not over:
        groups.insert(0, group("pile", "Reserve", backs=len(st.reserve)))
    title = f"Bunkum - deal {st.started} of {st.deals}" if not over else "Bunkum - over"
    counters = [("Pot", st.pot), ("Reserve", len(st.reserve)), ("Bid", st.bid)]
    return scene(Pack.YANKEE, title, seats, groups, counters, lines)
