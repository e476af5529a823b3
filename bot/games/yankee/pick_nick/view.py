"""Pick-Nick's table picture (rules.md §4), for bot/games/yankee/pick_nick/game.py's view.

Every seat with its own hand face up to itself and the turned-up cards the dealer took
face up to all, each seat's call and its side's tricks, the roles (dealer, alone, out),
the turned-up card on the pack, the trick and the last trick with their owners, and the
trump, filly, target and declarer as counters.
"""

from __future__ import annotations

from bot.games.cards import YANKEE_SUIT_NAMES, Pack, card_name, suit_of
from bot.games.scene import Scene, group, scene, seat
from bot.games.tricks.facts import TrickView
from bot.games.tricks.rules import team_of
from bot.games.yankee.pick_nick.cards import filly
from bot.games.yankee.pick_nick.flow import PLAY, SEATS, PickNickState, out_seat, proposal, to_play

_CALL_WORDS = {"pass": "passed", "order": "ordered it up", "assist": "assisted"}


class PickNickPlay(TrickView, total=False):
    """What Pick Nick's AI reads: the trick table's facts, with the proposed card, the cards
    laid on the table and the seat that fixed trump."""

    proposal: str
    table: list[str]
    maker: int | None


class PickNickView(PickNickPlay, total=False):
    """Pick Nick's facts: what its AI reads, with the bids, a lone hand and the discards."""

    calls: list[str]
    alone: bool
    soft_penalties: bool
    discards: list[str]
    """The dealer's own discards (shown to the dealer alone)."""


def _seat_note(st: PickNickState, s: int) -> str:
    """A seat's short line: its call this round, and its side's tricks in play."""
    said = st.calls[s] if st.calls else ""
    words = said.split(" ")
    note = _CALL_WORDS.get(words[0], "")
    if words[0] == "name":
        note = f"named {YANKEE_SUIT_NAMES[words[1]]}"
    if st.phase == PLAY:
        tricks = st.tricks[team_of(s, SEATS)]
        note = (note + ", " if note else "") + f"{tricks} trick" + ("" if tricks == 1 else "s")
    return note


def _badge(st: PickNickState, s: int) -> str:
    """A seat's roles: dealer, the lone declarer, the partner sitting out."""
    roles = ["dealer"] if s == st.dealer else []
    if st.alone and s == st.maker:
        roles.append("alone")
    if s == out_seat(st):
        roles.append("out")
    return ", ".join(roles)


def table_scene(st: PickNickState, viewer: int | None) -> Scene:
    """The table picture: every seat (its own hand face up, turned-up cards the dealer took
    face up for all), the proposed card on the pack, the trick with its owners."""
    turn = to_play(st)
    seats = []
    for s in range(SEATS):
        hand = st.hands[s]
        shown = hand if s == viewer else tuple(c for c in hand if c in st.turned)
        seats.append(
            seat(
                cards=shown,
                backs=len(hand) - len(shown),
                score=st.scores[team_of(s, SEATS)],
                badge=_badge(st, s),
                note=_seat_note(st, s),
                active=s == turn,
                team=team_of(s, SEATS),
            )
        )
    groups = []
    if st.table:
        groups.append(group("row", "Turned up", st.table, backs=len(st.stock)))
    if st.phase == PLAY or st.trick:
        groups.append(group("row", "Trick", st.trick, owners=st.players[: len(st.trick)]))
    if st.last:
        groups.append(group("row", "Last trick", st.last, owners=st.last_owners))
    title = f"Pick-Nick - deal {st.deal}" if not st.winners else "Pick-Nick - over"
    if st.trump:
        counters: list[tuple[str, object]] = [("Trump", YANKEE_SUIT_NAMES[st.trump])]
        counters.append(("Filly", card_name(filly(st.trump), Pack.YANKEE)))
    else:
        counters = [("Proposed", YANKEE_SUIT_NAMES[suit_of(proposal(st))])]
    counters.append(("Target", st.target))
    if st.maker >= 0:
        counters.append(("Declarer", f"seat {st.maker}" + (" alone" if st.alone else "")))
    return scene(Pack.YANKEE, title, seats, groups, counters, [st.result] if st.result else [])
