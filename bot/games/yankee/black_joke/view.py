"""Black Joke's table picture (rules.md), for bot/games/yankee/black_joke/game.py: each seat's
stack, role, rate and cards, the deck, and what the last deal paid."""

from __future__ import annotations

from typing import TypedDict

from bot.games.cards import FACE_NAMES, Pack
from bot.games.scene import Scene, group, scene, seat
from bot.games.stakes import ChipView
from bot.games.yankee.black_joke.flow import OVER, BlackJokeState, status
from bot.games.yankee.black_joke.store import BlackJokeDeal


class BlackJokeSeat(TypedDict):
    """One seat as everyone sees it: its stack, rate, cards and role."""

    stack: int
    rate: int
    cards: int
    done: bool
    status: str


class BlackJokeView(ChipView, total=False):
    """Black Joke's facts (the AI's too): the banker, the deck's count, the rate cap, each
    seat, the seat's own hand, and the last deal."""

    banker: int
    cards_left: int
    max_rate: int
    no_zeros: bool
    seats: list[BlackJokeSeat]
    last_deal: BlackJokeDeal | None


def table_scene(st: BlackJokeState, viewer: int | None) -> Scene:
    """The table picture's content: each seat's stack, role, rate and cards (face up only
    for the viewer), the deck, and the last deal's result."""
    seats = []
    for s in range(st.seats):
        role = status(s, st.banker, st.stacks[s], st.rates[s], st.done[s])
        own = s == viewer
        seats.append(
            seat(
                cards=st.hands[s] if own else (),
                backs=0 if own else len(st.hands[s]),
                chips=st.stacks[s],
                badge="bank" if role == "bank" else ("out" if role == "out" else ""),
                note=f"rate {st.rates[s]}"
                if st.rates[s]
                else ("passed" if role == "passed" else ""),
                active=s == st.turn and st.phase != OVER,
            )
        )
    lines = []
    if st.last is not None:
        for s, (owed, paid) in enumerate(zip(st.last.owed, st.last.paid, strict=True)):
            if st.last.rates[s]:
                faces = ", ".join(
                    f"{FACE_NAMES[int(c[0])]} ({c})" for c in st.last.hands[s] if c.endswith("F")
                )
                faces = faces or "a black joke"
                short = f" (owed {owed})" if paid < owed else ""
                lines.append(f"Last deal, seat {s}: {faces}, paid {paid}{short}")
    title = (
        f"Black Joke - deal {st.started} of {st.deals}" if st.phase != OVER else "Black Joke - over"
    )
    return scene(
        Pack.YANKEE,
        title,
        seats,
        [group("pile", "Deck", backs=len(st.deck))] if st.phase != OVER else [],
        [("Cards left", len(st.deck)), ("Top rate", st.max_rate)],
        lines,
    )
