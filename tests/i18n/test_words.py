"""Texts on their way to a reader: a message or a plain string, its seats named, and
whole views and scenes put into a locale at once."""

from __future__ import annotations

from bot.games import english, message
from bot.games.messages import seat_index, seat_name, strings_of
from bot.i18n import PSEUDO, localised, words
from tests.i18n.raw import raw_english, without_catalogue_words


def wins(who: int, count: int) -> object:
    return message(
        "t.wins",
        "{who} wins {count} chip",
        "{who} wins {count} chips",
        who=seat_name(who),
        count=count,
    )


def test_a_plain_string_is_shown_as_it_is_and_a_message_is_translated() -> None:
    assert words("Alice", "fr") == "Alice"
    balance = message("chips.balance.yours", "You have {chips}.", chips=1200)
    assert words(balance, "fr") == "Vous avez 1\u202f200."
    assert english(balance) == str(balance) == "You have 1,200."


def test_a_seat_is_named_by_the_front_end_and_reads_seat_n_without_names() -> None:
    said = message(
        "t.wins", "{who} wins {count} chip", "{who} wins {count} chips", who=seat_name(1), count=3
    )
    assert words(said, "de", ["Ann", "Bo"]) == "Bo wins 3 chips"  # no German words for t.wins
    assert said.text() == "seat 1 wins 3 chips"
    assert seat_index(seat_name(4)) == 4 and seat_index(said) is None
    assert "Bo" in words(said, PSEUDO, ["Ann", "Bo"])


def test_a_view_is_localised_in_one_pass_and_untouched_parts_are_not_copied() -> None:
    cards = ["7E", "3F"]
    view = {
        "scene": {
            "title": message("chips.amount", "{count} chip", "{count} chips", count=2),
            "cards": cards,
        }
    }
    out = localised(view, "fr")
    assert out["scene"]["title"] == "2 jetons"
    assert out["scene"]["cards"] is cards
    assert view["scene"]["title"] != "2 jetons"  # the original is not changed
    plain = {"a": [1, "x"]}
    assert localised(plain, "fr") is plain


def test_strings_of_finds_card_codes_inside_messages() -> None:
    played = message("t.played", "{who} plays {card}.", who=seat_name(0), card="7E")
    assert "7E" in strings_of(played)


def test_raw_english_finds_words_no_catalogue_gave() -> None:
    said = words(message("chips.balance.yours", "You have {chips}.", chips=3), PSEUDO)
    assert raw_english(said) == []
    assert raw_english(f"{said} Game over.") == ["Game", "over"]
    assert raw_english("Alice plays 7E to <@123>.", allowed=["Alice"]) == ["plays", "to"]
    assert without_catalogue_words("a⟦b⟦c⟧d⟧e") == "ae"
