"""Black Joke's state as JSON-safe data and back (rules.md), for `game.py`: the state's
fields, the stakes' transfers, and the last deal as the views reveal it."""

from __future__ import annotations

from typing import TypedDict

from bot.games.stakes import dump_moved, load_moved
from bot.games.state import Dumped, JsonDict
from bot.games.yankee.black_joke.flow import BlackJokeState, LastDeal


class BlackJokeDeal(TypedDict):
    """The last deal as views show it (and dumps keep it): every hand and what it paid."""

    deal: int
    banker: int
    hands: list[list[str]]
    rates: list[int]
    owed: list[int]
    paid: list[int]


def reveal(last: LastDeal | None) -> BlackJokeDeal | None:
    """The last deal as JSON-safe data (for views and dumps)."""
    if last is None:
        return None
    told: BlackJokeDeal = {
        "deal": last.deal,
        "banker": last.banker,
        "hands": [list(h) for h in last.hands],
        "rates": list(last.rates),
        "owed": list(last.owed),
        "paid": list(last.paid),
    }
    return told


_SCALARS = (
    "seats",
    "seed",
    "no_zeros",
    "max_rate",
    "deals",
    "started",
    "banker",
    "phase",
    "turn",
    "bought",
)
_LISTS = ("basis", "stacks", "deck", "rates", "done")


def dump_state(st: BlackJokeState) -> JsonDict:
    """The state as JSON-safe data."""
    data = {name: getattr(st, name) for name in _SCALARS}
    data |= {name: list(getattr(st, name)) for name in _LISTS}
    data["hands"] = [list(h) for h in st.hands]
    data["moved"] = dump_moved(st.moved)
    data["last"] = reveal(st.last)
    return data


def load_state(data: Dumped) -> BlackJokeState:
    """The state from dump_state's data."""
    last = data["last"]
    return BlackJokeState(
        seats=int(data["seats"]),
        seed=int(data["seed"]),
        no_zeros=bool(data["no_zeros"]),
        max_rate=int(data["max_rate"]),
        deals=int(data["deals"]),
        basis=tuple(data["basis"]),
        stacks=tuple(data["stacks"]),
        started=int(data["started"]),
        banker=int(data["banker"]),
        phase=str(data["phase"]),
        turn=int(data["turn"]),
        deck=tuple(data["deck"]),
        hands=tuple(tuple(h) for h in data["hands"]),
        rates=tuple(data["rates"]),
        done=tuple(data["done"]),
        # A dump from before extra rounds repeated has no flag: no round had a buy yet.
        bought=bool(data.get("bought", False)),
        last=None if last is None else _unreveal(last),
        moved=load_moved(data["moved"]),
    )


def _unreveal(data: Dumped) -> LastDeal:
    """The last deal from reveal's data."""
    return LastDeal(
        deal=data["deal"],
        banker=data["banker"],
        hands=tuple(tuple(h) for h in data["hands"]),
        rates=tuple(data["rates"]),
        owed=tuple(data["owed"]),
        paid=tuple(data["paid"]),
    )
