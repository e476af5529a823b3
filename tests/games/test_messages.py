"""Words as data in the rules: a message's English without a catalogue, its plurals,
numbers and nested messages, and an IllegalAction that carries one."""

from __future__ import annotations

import pytest

from bot.games import IllegalAction, Message, message
from bot.games.messages import placeholders


def chips(n: int) -> Message:
    return message("t.chips", "{count} chip", "{count} chips", count=n)


def test_english_without_a_catalogue_fills_numbers_strings_and_nested_messages() -> None:
    said = message("t.has", "{member} has {chips}.", member="<@1>", chips=chips(1250))
    assert said.text() == "<@1> has 1,250 chips."
    assert message("t.one", "You have {chips}.", chips=chips(1)).text() == "You have 1 chip."
    assert message("t.sign", "**{n:+}**", n=-5).text() == "**-5**"
    assert message("t.sign", "**{n:+}**", n=5).text() == "**+5**"


def test_a_message_is_a_plain_frozen_value_that_compares_by_its_parts() -> None:
    assert chips(2) == chips(2) != chips(3)
    assert hash(chips(2)) == hash(chips(2))
    with pytest.raises(AttributeError):
        chips(2).key = "other"  # type: ignore[misc]


def test_a_plural_message_needs_its_count() -> None:
    with pytest.raises(AssertionError, match="count"):
        message("t.bad", "{n} chip", "{n} chips", n=2)


def test_placeholders_are_read_from_a_template() -> None:
    assert placeholders("{when} **{amount:+}** {what}") == {"when", "amount", "what"}


def test_an_illegal_action_keeps_its_english_reason_and_carries_its_message() -> None:
    refusal = message("t.follow", "You must follow suit: you hold {suit}.", suit="a star")
    error = IllegalAction(refusal)
    assert error.reason == str(error) == "You must follow suit: you hold a star."
    assert error.message is refusal
    plain = IllegalAction("Not your turn.")
    assert plain.reason == "Not your turn." and plain.message is None
