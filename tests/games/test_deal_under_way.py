"""Every chip game, every option that changes how a deal begins: once any card of a deal
has been seen, the deal is under way (RULES.md §18), in the conformance suite's style.

`ChipGame.between_hands` says a top-up or a leave may be taken at once, and the waiting
deal seated again around it; so it must never hold while any seat's view shows a card of
the current deal (its hand, a turn-up, cards played face up, the run), nor while any seat
has private cards. Each case plays a whole game at random and checks every state.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.games import registry
from bot.games.base import ChipGame, View

SEEDS = range(6)
SHOWN = ("hand", "turnup", "face_up", "my_face_down", "bought_cards", "run", "played")
"""The view keys that hold cards of the current deal."""


def chip_games() -> list[ChipGame[Any]]:
    """Every registered chip game."""
    return [g for g in registry.all() if isinstance(g, ChipGame)]


def cases() -> Iterator[Any]:
    """Each chip game at default options, and with each on/off option turned over."""
    for game in chip_games():
        flips = [o.name for o in game.info.options if isinstance(o.default, bool)]
        for opts in [{}, *({name: not _default(game, name)} for name in flips)]:
            label = "-".join([game.info.key, *opts])
            yield pytest.param(game, opts, id=label)


def _default(game: ChipGame[Any], name: str) -> bool:
    """The default of a game's on/off option."""
    return bool(next(o.default for o in game.info.options if o.name == name))


def cards_shown(view: View) -> list[str]:
    """The card codes a view shows of the current deal."""
    found: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, list | tuple):
            for item in value:
                walk(item)

    for key in SHOWN:
        value = view.get(key)
        if key == "run" and isinstance(value, list):  # [seat, card] pairs
            value = [pair[-1] for pair in value]
        if key == "turnup" and not value:
            continue
        walk(value)
    return found


@pytest.mark.parametrize(("game", "opts"), list(cases()))
def test_no_card_of_a_deal_is_seen_while_it_counts_as_between_hands(
    game: ChipGame[Any], opts: dict[str, object]
) -> None:
    low, high = game.info.min_seats, min(game.info.max_seats, game.info.min_seats + 2)
    fresh = 0
    for seed in SEEDS:
        seats = low + seed % (high - low + 1)
        rng = random.Random(f"under-way:{seed}")
        state = game.new(seats, seed, opts)
        for _ in range(game.info.max_actions):
            if game.between_hands(state) and game.awaiting(state):
                fresh += 1
                for seat in range(seats):
                    shown = cards_shown(game.view(state, seat))
                    assert not shown, f"seat {seat} sees {shown} between hands"
                    assert not game.private_cards(state, seat), f"seat {seat} holds cards"
            waiting = sorted(game.awaiting(state))
            if not waiting:
                break
            seat = waiting[0]
            state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert fresh, "no state between hands was met"
