"""Quien Sabe's table picture and the story of its last deal (rules.md), for
`game.py`: the facts a player decides from (shared by the view and the AI's view), each
seat's played cards, the viewer's hand, the pool and the QSN, and how the last deal
ended, in words and as JSON-safe data."""

from __future__ import annotations

from typing import TypedDict

from bot.games.cards import Pack
from bot.games.scene import HAND, Scene, group, scene, seat
from bot.games.stakes import ChipView
from bot.games.yankee.quien_sabe.flow import DECIDE, OVER, ROUNDS, QuienSabeState, Settled, qsn


class QuienSabeSeat(TypedDict):
    """One seat as everyone sees it."""

    stack: int
    score: int
    in_deal: bool
    held: int
    """The cards in its hand."""


class QuienSabeDeal(TypedDict):
    """How the last deal ended, every card shown."""

    deal: int
    kind: str
    caller: int | None
    face_up: list[list[str]]
    face_down: list[list[str]]
    unseen: list[int]
    """Per seat, the cards it never showed."""
    total: int
    qsn: int
    net: list[int]
    pool: int


class QuienSabeView(ChipView, total=False):
    """Quien Sabe's facts (the AI reads those `facts` gives): the round, the QSN, each
    seat's cards face up and the count face down, the pool, the rate, the seat's own."""

    round: int
    players: list[int]
    """The seats in the deal."""
    chooser: int | None
    qsn: int
    face_up_total: int
    face_up: list[list[str]]
    face_down: list[int]
    my_face_down: list[str]
    rate: int
    exact_bonus: int
    dealt: int
    played_by: int | None
    passed: int
    soft_score: bool
    soft_target: int
    seats: list[QuienSabeSeat]
    last: QuienSabeDeal | None


def facts(st: QuienSabeState, seat: int | None) -> QuienSabeView:
    """The facts a player decides from: the deal's phase, QSN, stakes and played cards, and
    the seat's own hand and face-down cards (shared by view and ai_view)."""
    out: QuienSabeView = {
        "phase": st.phase,
        "round": st.round,
        "players": list(st.players),
        "chooser": st.turn if st.phase == DECIDE else None,
        "qsn": 10 * len(st.players),
        "face_up_total": st.total_up,
        "face_up": [list(u) for u in st.up],
        "face_down": [len(d) for d in st.down],
        "pool": st.pool,
        "rate": st.rate,
        "exact_bonus": st.bonus,
    }
    if seat is not None and 0 <= seat < st.seats:
        out["hand"] = list(st.hands[seat])
        out["my_face_down"] = list(st.down[seat])
    return out


def reveal(last: Settled | None) -> QuienSabeDeal | None:
    """The last deal's ending as JSON-safe data (for views)."""
    if last is None:
        return None
    told: QuienSabeDeal = {
        "deal": last.deal,
        "kind": last.kind,
        "caller": None if last.caller < 0 else last.caller,
        "face_up": [list(c) for c in last.up],
        "face_down": [list(c) for c in last.down],
        "unseen": list(last.hidden),
        "total": last.total,
        "qsn": last.qsn,
        "net": list(last.net),
        "pool": last.pool,
    }
    return told


def table_scene(st: QuienSabeState, viewer: int | None) -> Scene:
    """The table picture's content: each seat's played cards (face-down ones as backs but
    to their owner), the viewer's hand, the pool and the QSN, and the last deal's story."""
    seats = []
    for s in range(st.seats):
        own = s == viewer
        down = st.down[s]
        note = ("down " + " ".join(down)) if own and down else (f"{len(down)} down" if down else "")
        if s not in st.players and st.phase != OVER:
            note = "sits out"
        seats.append(
            seat(
                cards=st.up[s],
                backs=0 if own else len(down),
                chips=None if st.soft else st.stacks[s],
                score=st.scores[s] if st.soft else None,
                badge="dealer" if s == st.dealer and st.phase != OVER else "",
                note=note,
                active=s == st.turn,
            )
        )
    groups = []
    if viewer is not None and 0 <= viewer < st.seats:
        groups.append(group("row", "Your hand", st.hands[viewer], role=HAND))
        if st.down[viewer]:
            groups.append(group("row", "Your face-down cards", st.down[viewer]))
    counters = [
        ("Pool", st.pool),
        ("QSN", qsn(st)),
        ("Face up", st.total_up),
        ("Round", f"{st.round} of {ROUNDS}"),
    ]
    title = f"Quien Sabe - deal {st.dealt}" + ("" if st.soft else f" of {st.deals}")
    title = title if st.phase != OVER else "Quien Sabe - over"
    return scene(Pack.YANKEE, title, seats, groups, counters, _story(st))


def _story(st: QuienSabeState) -> list[str]:
    """A few lines: whose turn it is, and how the last deal ended (the reveal and the pay)."""
    lines = []
    if st.phase == DECIDE:
        lines.append(
            f"Seat {st.players[st.lead]} played face down: "
            f"seat {st.turn} says Quien sabe or I pass."
        )
    last = st.last
    if last is None:
        return lines
    unit = "points" if st.soft else "chips"
    if last.kind == "void":
        lines.append(
            f"Deal {last.deal} void: the face-up cards made {last.total}, within 10 of the QSN "
            f"{last.qsn}; redealt, the pool kept."
        )
        return lines
    if last.kind == "nocall":
        lines.append(f"Deal {last.deal}: nobody called in six rounds; the pool carries over.")
        return lines
    verdict = "good" if last.total >= last.qsn else "short"
    lines.append(
        f"Deal {last.deal}: seat {last.caller} called Quien sabe at {last.total} "
        f"(QSN {last.qsn}, {verdict})"
        + (f" and took the pool of {last.pool}." if last.pool else ".")
    )
    for s in range(st.seats):
        cards = last.up[s] + last.down[s]
        if cards or last.net[s]:
            net = last.net[s]
            change = f", {net:+d} {unit if abs(net) != 1 else unit[:-1]}" if net else ""
            lines.append(f"Seat {s}: {' '.join(cards) or '-'}{change}")
    return lines
