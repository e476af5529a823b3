"""The updates presenters are told (bot/tables/updates.py): the table's facts as the
change left them, whatever the table becomes; views built only when read, once; the move
announced as the table heard it, from the moment before."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from bot.games import Game
from bot.tables import Event, Status
from bot.tables.events import Acted
from bot.tables.updates import NO_HINT, update_of
from tests.tables.test_seams import table_of


def test_an_update_keeps_the_table_as_the_change_left_it() -> None:
    table = table_of("tilters", 3)
    update = update_of(table, Event.RESUMED)
    state, awaited = table.state, update.awaiting
    table.seats[1].name, table.seats[1].left = "Zed", True
    table.version, table.status = 9, Status.CLOSED
    (turn,) = table.game.awaiting(table.state)
    table.state = table.game.apply(table.state, turn, table.game.legal_actions(state, turn)[0])
    assert update.table.seats[1].name == "P2" and not update.table.seats[1].left
    assert update.table.version == 0 and update.table.status is Status.PLAYING
    assert update.awaiting == awaited and update.public == table.game.view(state, None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        update.table.version = 3


def test_views_are_built_when_first_read_and_only_once(monkeypatch: pytest.MonkeyPatch) -> None:
    table = table_of("tilters", 3)
    game: Game[Any] = table.game
    asked: list[int | None] = []
    real = game.view

    def view(state: Any, seat: int | None) -> Any:
        asked.append(seat)
        return real(state, seat)

    monkeypatch.setattr(game, "view", view)
    update = update_of(table, Event.RESUMED)
    assert asked == []
    assert update.public is update.public and update.private[1] is update.private[1]
    assert asked == [None, 1]
    assert sorted(update.private) == [0, 1, 2]
    with pytest.raises(KeyError):
        update.private[5]


def test_a_lobby_has_no_views_and_a_leaver_no_private_one() -> None:
    lobby = update_of(table_of("tilters", 3, status=Status.LOBBY), Event.CREATED)
    assert lobby.public is None and dict(lobby.private) == {} and lobby.outcome is None
    assert lobby.awaiting == () and lobby.hint is None
    table = table_of("tilters", 3)
    table.seats[2].left = True
    assert sorted(update_of(table, Event.LEFT).private) == [0, 1]


def test_a_move_is_announced_from_the_moment_before_it() -> None:
    table = table_of("tilters", 3)
    before = update_of(table, Event.RESUMED)
    (turn,) = before.awaiting
    action = table.game.legal_actions(table.state, turn)[0]
    said = table.game.announce(table.state, turn, action)
    table.state = table.game.apply(table.state, turn, action)
    moved = update_of(table, Event.ACTED, Acted(turn, action, "player", "act"))
    assert moved.announce(before.moment.bare()) == said
    assert moved.announce(None) is None
    chips = update_of(table, Event.ACTED, Acted(turn, "100", "table", "stack"))
    assert chips.announce(before.moment) is None
    assert moved.describe(action) == table.describe(action)


def test_a_detail_must_be_its_event_s() -> None:
    with pytest.raises(AssertionError):
        update_of(table_of("tilters", 3), Event.STOPPED, Acted())


def test_a_patience_s_hint_is_told_in_words_once_asked() -> None:
    table = table_of("clock", 1)
    assert update_of(table, Event.RESUMED).hint is None
    table.state = table.game.apply(table.state, 0, "hint")
    hint = update_of(table, Event.RESUMED).hint
    assert hint is not None and hint != "hint"
    assert hint == NO_HINT or hint == table.describe(table.game.view(table.state, None)["hint"])
