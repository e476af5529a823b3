"""The front ends' seam (bot/tables/seams.py): which seam serves each game, by its
capabilities; a seat's private parts (its cards, its moves in words, the dummy's hand on
the dummy's turn, a stake to spread, optional moves out of turn); a table message's
controls; and each seat's result in its game's unit."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import Game, Outcome, registry
from bot.tables import Event, Seat, Status, Table, TableError, Update, updates
from bot.tables.seams import (
    CHIPS,
    PATIENCE,
    STOPS,
    TRICKS,
    ChipSeam,
    controls_of,
    hand_of,
    piles_of,
    seam_of,
    split_actions,
    standing_of,
)
from bot.tables.still import STILL


def table_of(key: str, seats: int, *, status: Status = Status.PLAYING, **options: object) -> Table:
    """A table of the game held in memory, every seat a person (users 1, 2, ...), dealt
    from seed 5 unless it is a lobby."""
    game: Game[Any] = registry.get(key)
    chairs = [Seat(i, i + 1, f"P{i + 1}", f"t{i}") for i in range(seats)]
    table = Table(1, 10, 20, game, dict(options), 5, 1, 0, status, chairs)
    if status is not Status.LOBBY:
        stacks = [100] * seats if game.info.chips else None
        table.state = game.new(seats, 5, options, stacks=stacks)
    return table


def update_of(table: Table, event: Event = Event.RESUMED) -> Update:
    """An update of the table as it stands."""
    return updates.update_of(table, event)


def test_each_game_is_served_by_the_seam_its_capabilities_choose() -> None:
    for game in registry.all():
        info = game.info
        seam = seam_of(info)
        if info.solitary:
            assert seam is PATIENCE, info.key
        elif info.staking:
            assert seam is STOPS, info.key
        elif info.chips:
            assert seam is CHIPS, info.key
        else:
            assert seam is TRICKS, info.key
    assert seam_of(registry.get("newmarket").info) is STOPS
    assert seam_of(registry.get("michigan").info) is CHIPS  # a pool, no stakes to spread


def test_the_awaited_seat_gets_its_legal_moves_in_words_and_the_others_none() -> None:
    table = table_of("tilters", 3)
    (turn,) = table.game.awaiting(table.state)
    hand = hand_of(table, turn + 1)
    assert hand.turn and hand.seat == turn
    assert hand.actions == table.game.legal_actions(table.state, turn)
    assert [m.words for m in hand.moves] == [table.describe(a) for a in hand.actions]
    assert hand.title == f"P{turn + 1}'s hand" and len(hand.cards) > 0
    other = hand_of(table, (turn + 1) % 3 + 1)
    assert not other.turn and other.moves == () and other.stake is None


def test_no_hand_for_an_onlooker_a_leaver_or_a_lobby() -> None:
    table = table_of("tilters", 3)
    with pytest.raises(TableError, match="not seated"):
        hand_of(table, 99)
    table.seats[1].left = True
    with pytest.raises(TableError, match="not seated"):
        hand_of(table, 2)
    with pytest.raises(TableError, match="not started"):
        hand_of(table_of("tilters", 3, status=Status.LOBBY), 1)


def test_a_staking_seat_is_offered_its_stake_and_the_common_spreads_it_may_choose() -> None:
    table = table_of("newmarket", 3)
    (turn,) = table.game.awaiting(table.state)
    hand = hand_of(table, turn + 1)
    mine = table.game.view(table.state, turn)["staking"]
    assert hand.stake is not None and mine is not None
    assert hand.stake.total == mine["total"] and hand.stake.cards == tuple(mine["cards"])
    assert hand.stake.spreads and all(s.action in hand.actions for s in hand.stake.spreads)
    assert {s.words for s in hand.stake.spreads} <= set(mine["quick"])


def test_quinto_s_dummy_hand_is_shown_on_the_dummy_s_turn() -> None:
    game: Game[Any] = registry.get("quinto")
    table = table_of("quinto", 3)
    for _ in range(400):  # play the first legal move until the dummy's turn comes
        (turn,) = game.awaiting(table.state)
        if game.view(table.state, turn).get("from_dummy"):
            break
        table.state = game.apply(table.state, turn, game.legal_actions(table.state, turn)[0])
    else:
        pytest.fail("the dummy never came to play")
    hand = hand_of(table, turn + 1)
    assert hand.dummy and hand.title == f"The dummy's hand, played by P{turn + 1}"
    assert list(hand.cards) == game.view(table.state, turn)["dummy"]


def test_pip_pip_offers_its_optional_call_out_of_turn_with_its_own_words() -> None:
    game: Game[Any] = registry.get("pip-pip")
    table = table_of("pip-pip", 3)
    for _ in range(2000):
        waiting = set(game.awaiting(table.state))
        seats = [s for s in range(3) if s not in waiting and game.optional_actions(table.state, s)]
        if seats:
            break
        (turn,) = waiting
        table.state = game.apply(table.state, turn, game.legal_actions(table.state, turn)[0])
    else:
        pytest.fail("no out-of-turn call came up in this deal")
    hand = hand_of(table, seats[0] + 1)
    assert not hand.turn and hand.actions == game.optional_actions(table.state, seats[0])
    assert hand.decline_words == game.info.decline_words


def test_the_table_message_controls_follow_the_table_s_life() -> None:
    lobby = table_of("tilters", 3, status=Status.LOBBY)
    assert controls_of(update_of(lobby, Event.CREATED)).verbs == ("join", "leave", "ai", "start")
    playing = table_of("tilters", 3)
    assert controls_of(update_of(playing)).verbs == ("hand", "back")
    assert controls_of(update_of(playing, Event.STOPPED)).verbs == ()


def test_a_patience_in_play_has_its_piles_and_words_and_after_it_a_rematch() -> None:
    table = table_of("clock", 1)
    controls = controls_of(update_of(table))
    assert controls.verbs == () and controls.prompt
    legal = table.game.legal_actions(table.state, 0)
    listed = [m.action for p in controls.piles for m in p.moves] + list(controls.words)
    # every move, and "Can I still win?" last, which is asked of the service, not played
    assert sorted(listed) == sorted([*legal, STILL]) and STILL not in legal
    assert controls.words[-2:] == ("resign", STILL)
    assert piles_of(table, 0) == {p.source: p for p in controls.piles}
    table.state = table.game.apply(table.state, 0, "resign")
    finished = update_of(table, Event.FINISHED)
    assert finished.outcome is not None
    assert controls_of(finished).verbs == ("rematch",)


def test_moves_are_grouped_by_the_pile_they_start_from() -> None:
    game: Game[Any] = registry.get("clock")
    piles = list(game.info.piles)
    first, second = piles[0], piles[1]
    found, words = split_actions(
        game, [f"move {first} {second}", f"move {first} {piles[2]}", "take next card", "undo"]
    )
    by_source = {p.source: [m.action for m in p.moves] for p in found}
    assert by_source[first] == [f"move {first} {second}", f"move {first} {piles[2]}"]
    assert by_source["take next card"] == ["take next card"]  # no pile: it stands alone
    assert words == ("undo",)


def test_results_come_in_each_game_s_unit() -> None:
    chips = table_of("black-joke", 3)
    out = Outcome((5, -2, -3), (0,), "Seat 0 won.")
    assert [(r.amount, r.unit) for r in standing_of(chips, out)] == [
        (5, "chips"),
        (-2, "chips"),
        (-3, "chips"),
    ]
    paper = Outcome((0, 0), (1,), "Seat 1 reached 10 points.", scores=(4, 10))
    assert [(r.amount, r.unit) for r in ChipSeam().standing(chips.game, chips.state, paper)] == [
        (4, "points"),
        (10, "points"),
    ]
    tricks = table_of("tilters", 2)
    assert [r.unit for r in standing_of(tricks, Outcome((7, 3), (0,), "."))] == ["points"] * 2
    patience = table_of("clock", 1)
    (result,) = standing_of(patience, Outcome((12,), (), "."))
    assert result.unit == "score" and result.amount == 12
    assert dict(result.counters) == {"moves": 0, "undos": 0, "hints": 0}
