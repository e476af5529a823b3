"""The choice of picture (bot/front/picture.py): the lobby's scene while a table waits,
else what its game's picture says (a table's scene, Sympathy's or a patience's whole
public view), seats named in what is drawn and labelled, "(AI)" where the AI holds an
absent player's seat (bot/front/seats.py)."""

from __future__ import annotations

from bot.front.picture import drawing_of
from bot.front.seats import labels_of, named, named_texts
from bot.front.words import lobby_scene
from bot.tables import Event, Status
from bot.tables.updates import update_of
from tests.tables.test_seams import table_of


def test_a_lobby_draws_its_scene_and_labels_its_seats() -> None:
    update = update_of(table_of("tilters", 3, status=Status.LOBBY), Event.CREATED)
    drawing = drawing_of(update)
    assert drawing.kind == "table" and drawing.shown == lobby_scene(update.table)
    assert drawing.labels == ("P1", "P2", "P3")


def test_a_table_draws_its_scene_with_its_seats_named() -> None:
    table = table_of("tilters", 3)
    table.seats[1].left = True
    update = update_of(table, Event.LEFT)
    drawing = drawing_of(update)
    assert update.public is not None
    assert drawing.kind == "table"
    assert drawing.shown == named_texts(update.public["scene"], ["P1", "P2", "P3"])
    assert drawing.labels == ("P1", "P2 (AI)", "P3")


def test_sympathy_and_a_patience_draw_their_whole_public_view() -> None:
    sympathy = update_of(table_of("sympathy", 2), Event.RESUMED)
    drawing = drawing_of(sympathy)
    assert drawing.kind == "sympathy" and drawing.labels == ("P1", "P2")
    assert drawing.shown == named_texts(sympathy.public, ["P1", "P2"])
    patience = drawing_of(update_of(table_of("clock", 1), Event.RESUMED))
    assert patience.kind == "patience" and patience.labels == ()
    assert "zones" in patience.shown


def test_seats_are_named_in_sentences_and_nested_texts() -> None:
    table = table_of("tilters", 2)
    assert named(table, "seat 1 leads; seat 0's turn; seat 7 stays") == (
        "P2 leads; P1's turn; seat 7 stays"
    )
    assert named_texts({"a": ["seat 0", ("Seat 1", 3)], "k": 2}, ["Al", "Bo"]) == {
        "a": ["Al", ["Bo", 3]],
        "k": 2,
    }
    table.seats[0].ai_control = True
    assert labels_of(table) == ["P1 (AI)", "P2"]


def test_a_patience_s_picture_carries_its_odds_and_a_table_s_does_not() -> None:
    clock = table_of("clock", 1)
    drawing = drawing_of(update_of(clock, Event.RESUMED))
    assert drawing.shown["odds"] == clock.game.info.odds_short != ""
    assert "odds" not in update_of(clock, Event.RESUMED).public  # the game's view is unchanged
    sympathy = drawing_of(update_of(table_of("sympathy", 2), Event.RESUMED))
    assert "odds" not in sympathy.shown
