"""A fourth Stops page, made of data alone (tests/games/stops/fourth/), keeps the game
contract: the conformance suite's checks, run for this one game while it is registered
for the test only, at every seat count, at random and by the AI, with its option."""

from __future__ import annotations

import random

import pytest

from bot.games import ai, registry
from bot.games.stops.game import StopsGame
from tests import test_conformance as conformance
from tests.games.stops.helpers import fourth  # noqa: F401
from tests.test_conformance import Case, Play, option_values, seat_counts, stacks_for

SEEDS = 4


def cases(game: StopsGame) -> list[Case]:
    """The conformance cases of one game: its seat counts by seed (stacks varied and a
    stacked deck, as for every game), whole games by its AI, and each option's values."""
    key, out = game.info.key, []
    for seed in range(SEEDS):
        for seats in seat_counts(game, seed):
            stacks = stacks_for(game, seats, seed)
            out.append(Case(key, seats, seed, (), stacks, stacked=seed % 4 == 3))
            out.append(Case(key, seats, seed, (), stacks, ai=True))
    for option in game.info.options:
        for value in option_values(option):
            out.append(Case(key, game.info.min_seats, 0, ((option.name, value),)))
    return out


def test_the_fourth_page_keeps_the_contract(fourth: StopsGame) -> None:  # noqa: F811
    assert registry.get("saratoga-stops") is fourth
    assert ai.policy_for("saratoga-stops") is not None  # the family's AI, found by the page
    played = cases(fourth)
    assert {c.seats for c in played} == {3, 4, 5} and any(c.ai for c in played)
    for case in played:
        play = Play(fourth, case, random.Random(f"play:{case}"))
        bound = fourth.info.max_actions * (10 if case.options else 1)
        play.check_end(play.run(bound=bound))
        play.check_replay()
    for check in (
        conformance.test_unknown_option_is_refused,
        conformance.test_bad_option_values_are_refused,
        conformance.test_bad_seat_counts_are_refused,
        conformance.test_a_stacked_deck_must_be_the_game_s_own_pack,
        conformance.test_bad_stacks_are_refused,
    ):
        check(fourth)


def test_the_fourth_page_sweeps_its_places_by_the_data(fourth: StopsGame) -> None:  # noqa: F811
    # The Queen's place is marked by the Q♠ but won by the Q♥, as the page says.
    st = fourth.new(3, 5)
    view = fourth.view(st, None)
    piles = view["scene"]["groups"][:3]
    assert [(g["label"], g["cards"]) for g in piles] == [
        ("Pope: 0 chips", ["9D"]),
        ("King: 0 chips", ["KH"]),
        ("Queen: 0 chips", ["QS"]),
    ]
    assert fourth.rules.takers == {"9D": 0, "KH": 1, "QH": 2}


def test_the_fourth_page_is_gone_from_the_registry_after_its_tests() -> None:
    assert "saratoga-stops" not in registry.keys()  # noqa: SIM118 (a function, not a dict)
    with pytest.raises(KeyError):
        registry.get("saratoga-stops")
