"""Jockey Club's rules in words, the facts of a seat's view, its table picture and the story
of its last showdown (rules.md), for bot/games/yankee/jockey_club/game.py."""

from __future__ import annotations

from typing import TypedDict

from bot.games.cards import Pack
from bot.games.scene import Scene, group, scene, seat
from bot.games.stakes import ChipView, chips
from bot.games.yankee.dealt import closing_facts
from bot.games.yankee.jockey_club.flow import (
    DEAL,
    OVER,
    JockeyClubDeal,
    JockeyClubState,
    claims,
    offer_pot,
    offer_text,
    total,
)


class JockeyClubSeat(TypedDict):
    """One seat as everyone sees it: its stack, its cards, its part in the auction."""

    stack: int
    cards: int
    dealt_in: bool
    consoled: bool
    passed: bool
    status: str


class Standing(TypedDict):
    """The standing offer in words, and the seat that made it."""

    offer: str
    holder: int


class JockeyClubView(ChipView, total=False):
    """Jockey Club's facts (`facts` gives the AI's): the pot, the turn-up and buried cards,
    the standing offer, each seat, the seat's hand, and the last deal's showdown."""

    pot_for_offers: int
    turnup: str | None
    """None before the turn-up is shown."""
    buried: list[str]
    standing: Standing | None
    dealer_may_console: bool
    remove_fives: bool
    seats: list[JockeyClubSeat]
    last_deal: JockeyClubDeal | None


def seat_status(st: JockeyClubState, seat: int) -> str:
    """A seat's part in the auction: out (sits the deal out), to deal, passed, holding or
    in."""
    if not st.dealt[seat]:
        return "out"
    if st.phase == DEAL and seat == st.dealer:
        return "to deal"
    if st.passed[seat]:
        return "passed"
    return "holding" if seat == st.holder else "in"


def _showdown_lines(st: JockeyClubState) -> list[str]:
    """The last deal's showdown in a few lines: the turn-up's fate, each hand, the pot."""
    last = st.last
    if last is None:
        return []
    if last.taker < 0:
        lines = [f"Deal {last.deal}: nobody offered; the turn-up {last.turnup} was buried"]
    else:
        price = offer_text(last.price).replace("console", "consoled").replace("bid", "bid")
        lines = [f"Deal {last.deal}: seat {last.taker} took the turn-up {last.turnup} ({price})"]
    for s, hand in enumerate(last.hands):
        if hand:
            mark = ", claims" if claims(hand) else ""
            lines.append(f"Seat {s}: {' '.join(hand)} = {total(hand)} of {5 * len(hand)}{mark}")
    if last.winner >= 0:
        lines.append(f"Seat {last.winner} takes the pot of {chips(last.won)}")
    else:
        lines.append(f"Nobody claims: the pot of {chips(last.carried)} carries over")
    return lines


def table_scene(st: JockeyClubState, viewer: int | None) -> Scene:
    """The table picture's content: each seat's stack, role, offer and cards (face up only
    for the viewer), the turn-up and buried cards, the pot and the last showdown."""
    seats = []
    for s in range(st.seats):
        own = s == viewer or st.phase == OVER
        status = seat_status(st, s)
        note = "passed" if status == "passed" else ("consoled" if st.consoled[s] else "")
        if status == "holding":
            note = offer_text(st.offer)
        seats.append(
            seat(
                cards=st.hands[s] if own else (),
                backs=0 if own else len(st.hands[s]),
                chips=st.stacks[s],
                badge="dealer" if s == st.dealer else ("out" if status == "out" else ""),
                note=note,
                active=s == st.turn,
            )
        )
    groups = []
    if st.turnup:
        groups.append(group("row", "Turn-up", [st.turnup]))
    if st.buried:
        groups.append(group("row", "Buried", st.buried))
    standing = "none" if st.holder < 0 else f"{offer_text(st.offer)} (seat {st.holder})"
    title = (
        f"Jockey Club - deal {st.started} of {st.deals}"
        if st.phase != OVER
        else ("Jockey Club - over")
    )
    counters = [("Pot", offer_pot(st)), ("Standing offer", standing), ("Ante", st.ante)]
    return scene(Pack.YANKEE, title, seats, groups, counters, _showdown_lines(st))


def facts(st: JockeyClubState, seat: int | None, key: str) -> JockeyClubView:
    """The facts of a seat's view (shared by the view and the AI's view): the deal, the
    auction and the pot, each seat's stack, cards and part, and the seat's own hand."""
    seats: list[JockeyClubSeat] = [
        {
            "stack": st.stacks[s],
            "cards": len(st.hands[s]),
            "dealt_in": st.dealt[s],
            "consoled": st.consoled[s],
            "passed": st.passed[s],
            "status": seat_status(st, s),
        }
        for s in range(st.seats)
    ]
    out: JockeyClubView = {
        "game": key,
        "deal": st.started,
        "deals": st.deals,
        "dealer": st.dealer,
        "elder": st.elder,
        "phase": st.phase,
        "turn": st.turn if st.turn >= 0 else None,
        "ante": st.ante,
        "antes_in": st.anted,
        "pot": st.pot,
        "pot_for_offers": offer_pot(st),
        "turnup": st.turnup or None,
        "buried": list(st.buried),
        "standing": None if st.holder < 0 else {"offer": offer_text(st.offer), "holder": st.holder},
        "dealer_may_console": st.dealer_may_console,
        "remove_fives": st.no_fives,
        "seats": seats,
    }
    if seat is not None and 0 <= seat < st.seats:
        out["hand"] = list(st.hands[seat])
    if st.phase == OVER:
        closing_facts(out, st.seed, st.shuffles, st.stacks)
    return out
