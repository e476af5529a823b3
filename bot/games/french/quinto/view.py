"""What a Quinto table shows (rules.md): the facts of a seat's view and the picture.

The picture shows every seat in its partnership's colour (at three the partnership
against the dealer changes with the deal), its own hand face up to the viewer, the
dummy face up once the doubling is over (backs before), the cachette as backs until it
is won, the trick and the last trick, the doubling (by whom, what a trick is worth), the
running scores of the game, the games won and the last hand's result. Nothing face
down (other hands, the cachette, the dummy during the doubling) is ever named.
"""

from __future__ import annotations

from typing import TypedDict

from bot.games.cards import Pack
from bot.games.french.quinto.doubling import doubled_by, multiplier
from bot.games.french.quinto.flow import (
    DUMMY,
    QuintoState,
    dummy_to_play,
    hand_of,
    side_of,
    to_play,
)
from bot.games.french.quinto.rules import POWER, TRICK_POINTS
from bot.games.scene import Group, Scene, SeatScene, group, scene, seat
from bot.games.tricks.facts import TrickView


class QuintoPlay(TrickView, total=False):
    """What Quinto's AI reads: the trick table's facts, with the exposed dummy, whether the
    seat plays the dummy's card now, and the doubling calls."""

    from_dummy: bool
    calls: list[list[int | str]]
    """The doubling calls, as [seat, call]."""


class Doubling(TypedDict):
    """Who doubled (None: nobody) and what each trick is worth by it."""

    by: int | None
    multiplier: int


class QuintoView(QuintoPlay, total=False):
    """Quinto's facts: what its AI reads, with the cachette, the doubling and the match."""

    cachette: int
    doubling: Doubling
    hand_points: list[int]
    games_won: list[int]
    match_totals: list[int]
    last_deal: list[int]


def holders(st: QuintoState) -> list[str]:
    """Who each score belongs to, in words every front end turns into names."""
    if len(st.hands) == 4:
        return ["Seat 0 & seat 2", "Seat 1 & seat 3"]
    return [f"Seat {s}" for s in range(3)]


def holder_of(st: QuintoState, s: int) -> int:
    """The index of the score a seat plays for: its side at four, itself at three."""
    return s % 2 if len(st.hands) == 4 else s


def doubling_words(st: QuintoState) -> str:
    """The doubling in words: 'undecided', 'none', 'doubled (x2)', 'redoubled (x4)' (the
    seats' notes say who doubled and who redoubled)."""
    value = multiplier(st.calls)
    if value == 1:
        return "undecided" if st.bidding else "none"
    return f"{'doubled' if value == 2 else 'redoubled'} (x{value})"


def dummy_shown(st: QuintoState) -> tuple[str, ...]:
    """The dummy's cards as everyone sees them: face up once the doubling is over."""
    return () if st.bidding else st.dummy


def teams(st: QuintoState) -> list[int]:
    """Each seat's side this hand (at three, 0 the dealer, 1 the partnership)."""
    if len(st.hands) == 4:
        return [0, 1, 0, 1]
    return [int(s != st.dealer) for s in range(3)]


def owners(st: QuintoState, hids: tuple[int, ...]) -> list[int]:
    """The seats that played hands (the dealer plays the dummy)."""
    if len(st.hands) == 4:
        return list(hids)
    return [st.dealer if h == DUMMY else h for h in hids]


def ai_facts(st: QuintoState, viewer: int) -> QuintoPlay:
    """What the AI reads (the same values the seat's view carries)."""
    out: QuintoPlay = {
        "teams": teams(st),
        "trick": list(st.trick),
        "trick_owners": owners(st, st.players[: len(st.trick)]),
        "hand": list(st.hands[viewer]),
        "dummy": list(dummy_shown(st)),
        "from_dummy": len(st.hands) == 3 and to_play(st) == viewer and dummy_to_play(st),
        "calls": [list(c) for c in st.calls],
        "played": [*st.won[0], *st.won[1]],
        "dealer": st.dealer,
        "phase": "doubling" if st.bidding else "play",
    }
    return out


def facts(st: QuintoState, viewer: int | None) -> QuintoView:
    """The facts of a seat's (or, for None, anyone's) view, with the picture."""
    turn = to_play(st)
    seats = len(st.hands)
    out: QuintoView = {
        "game": "quinto",
        "seats": seats,
        "deal": st.deal,
        "dealer": st.dealer,
        "elder": (st.dealer + 1) % seats,
        "turn": turn if turn >= 0 else None,
        "phase": "doubling" if st.bidding else "play",
        "teams": teams(st),
        "trump": None,
        "hand_sizes": [len(h) for h in st.hands],
        "dummy": list(dummy_shown(st)),
        "cachette": len(st.cachette),
        "calls": [list(c) for c in st.calls],
        "doubling": {"by": doubled_by(st.calls), "multiplier": multiplier(st.calls)},
        "trick": list(st.trick),
        "trick_owners": owners(st, st.players[: len(st.trick)]),
        "last_trick": {"cards": list(st.last), "owners": owners(st, st.last_owners)},
        "last_winner": st.last_winner if st.last_winner >= 0 else None,
        "played": [*st.won[0], *st.won[1]],
        "tricks": list(st.tricks),
        "hand_points": list(st.points),
        "scores": list(st.scores),
        "games_won": list(st.games),
        "match_totals": list(st.totals),
        "target": st.target,
        "last_deal": list(st.last_deal),
        "over": bool(st.winners),
    }
    if viewer is not None and 0 <= viewer < seats:
        out["hand"] = list(st.hands[viewer])
        out["from_dummy"] = seats == 3 and turn == viewer and dummy_to_play(st)
    if st.winners:
        out["winners"] = list(st.winners)
    out["scene"] = table_scene(st, viewer)
    return out


def _note(st: QuintoState, s: int) -> str:
    """A seat's short line: while doubling, its call ('passed', 'doubled') or 'elder';
    in play, 'doubled' or 'redoubled' if it did, and its side's tricks this hand."""
    said = next((c for seat_no, c in reversed(st.calls) if seat_no == s), None)
    if st.bidding:
        if said is not None:
            return "passed" if said == "pass" else f"{said}d"
        return "elder" if s == (st.dealer + 1) % len(st.hands) else ""
    taken = st.tricks[side_of(st, s)]
    tricks = f"{taken} trick" + ("" if taken == 1 else "s")
    return f"{said}d, {tricks}" if said in ("double", "redouble") else tricks


def _seats(st: QuintoState, viewer: int | None) -> list[SeatScene]:
    """Every seat: its hand (face up to its owner), its score, badge, note and colour."""
    turn = to_play(st)
    out = []
    for s, hand in enumerate(st.hands):
        shown = hand if s == viewer else ()
        badge = "dealer" if s == st.dealer else ""
        out.append(
            seat(
                cards=shown,
                backs=len(hand) - len(shown),
                score=st.scores[holder_of(st, s)],
                badge=badge,
                note=_note(st, s),
                active=s == turn,
                team=side_of(st, s),
            )
        )
    return out


def _groups(st: QuintoState) -> list[Group]:
    """The middle: the dummy, the cachette as backs, the trick and the last trick."""
    out = []
    if len(st.hands) == 3:
        shown = sorted(dummy_shown(st), key=lambda c: -POWER[c])
        turn = "; its turn now" if dummy_to_play(st) else ""
        label = f"Dummy (seat {st.dealer} plays it{turn})"
        out.append(group("row", label, shown, backs=len(hand_of(st, DUMMY)) - len(shown)))
    if st.cachette:
        out.append(group("pile", "Cachette", backs=len(st.cachette)))
    out.append(group("row", "Trick", st.trick, owners=owners(st, st.players[: len(st.trick)])))
    if st.last:
        out.append(group("row", "Last trick", st.last, owners=owners(st, st.last_owners)))
    return out


def _lines(st: QuintoState) -> list[str]:
    """A few lines: the games won, the last hand's result and who took its cachette."""
    names = holders(st)
    games = ", ".join(f"{n} {g}" for n, g in zip(names, st.games, strict=True))
    of = " (best of three)" if st.games_needed > 1 else ""
    out = [f"Games won: {games}{of}."]
    if st.last_deal:
        parts = ", ".join(f"{n} scored {p}" for n, p in zip(names, st.last_deal, strict=True))
        out.append(f"Last hand: {parts}.")
    if st.last_cachette:
        taker, points = st.last_cachette
        out.append(f"Seat {taker}'s side took the last cachette, worth {points}.")
    if st.winners:
        out.append(_result(st))
    return out


def _result(st: QuintoState) -> str:
    """The match's end in words."""
    won = st.winners[0]
    kind = "rubber" if st.games_needed > 1 else "game"
    return f"{holders(st)[won]} won the {kind}."


def table_scene(st: QuintoState, viewer: int | None) -> Scene:
    """The table picture."""
    title = f"Quinto - hand {st.deal}" if not st.winners else "Quinto - over"
    counters: list[tuple[str, object]] = [
        ("Doubling", doubling_words(st)),
        ("Trick worth", TRICK_POINTS * multiplier(st.calls)),
    ]
    counters += list(zip(holders(st), st.scores, strict=True))
    counters.append(("Target", st.target))
    return scene(Pack.FRENCH, title, _seats(st, viewer), _groups(st), counters, _lines(st))
