"""Cards and packs: the packs' contents, parsing what players type, and card names."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.games.cards import (
    JOKER,
    Pack,
    card_name,
    french_pack,
    is_face,
    packs,
    parse_card,
    parse_cards,
    piquet_pack,
    rank_of,
    suit_of,
    yankee_pack,
)
from bot.games.errors import IllegalAction
from bot.i18n import words


def assert_canonical_distinct(cards: tuple[str, ...], pack: Pack) -> None:
    """Every card is distinct and already in its canonical form for the pack."""
    assert len(set(cards)) == len(cards)
    assert all(parse_card(c, pack) == c for c in cards)


def test_french_pack_is_the_52() -> None:
    cards = french_pack()
    assert len(cards) == 52
    assert_canonical_distinct(cards, Pack.FRENCH)
    assert Counter(suit_of(c) for c in cards) == {"S": 13, "H": 13, "D": 13, "C": 13}
    assert {"AS", "10D", "QC", "KH", "2C"} <= set(cards)
    assert JOKER not in cards


def test_french_pack_with_a_joker_has_53() -> None:
    cards = french_pack(joker=True)
    assert len(cards) == 53
    assert cards.count(JOKER) == 1
    assert set(cards) - {JOKER} == set(french_pack())


def test_french_pack_less_a_card() -> None:
    cards = french_pack(without=["8D"])
    assert len(cards) == 51
    assert "8D" not in cards
    assert set(french_pack()) - set(cards) == {"8D"}
    # The cards to leave out are parsed like anything a player types.
    assert french_pack(without=["8d", "th"]) == tuple(
        c for c in french_pack() if c not in ("8D", "10H")
    )


def test_piquet_pack_is_sevens_up() -> None:
    cards = piquet_pack()
    assert len(cards) == 32
    assert_canonical_distinct(cards, Pack.FRENCH)
    assert {c[:-1] for c in cards} == {"7", "8", "9", "10", "J", "Q", "K", "A"}


def test_yankee_pack_is_the_50() -> None:
    cards = yankee_pack()
    assert len(cards) == 50
    assert_canonical_distinct(cards, Pack.YANKEE)
    assert Counter(suit_of(c) for c in cards) == dict.fromkeys("FLESH", 10)
    assert {"0F", "9F", "7E", "0H", "5L", "3S"} <= set(cards)


def test_yankee_pack_without_the_zeros_has_45() -> None:
    cards = yankee_pack(without_ranks=[0])
    assert len(cards) == 45
    assert all(rank_of(c) != 0 for c in cards)
    assert set(yankee_pack()) - set(cards) == {"0F", "0L", "0E", "0S", "0H"}


def test_several_packs_hold_each_card_that_many_times() -> None:
    double = packs(french_pack(), 2)
    assert len(double) == 104
    assert Counter(double) == dict.fromkeys(french_pack(), 2)
    assert packs(yankee_pack(), 3).count("0F") == 3
    assert packs(piquet_pack(), 1) == piquet_pack()


@pytest.mark.parametrize(
    ("text", "pack", "code"),
    [
        ("QH", Pack.FRENCH, "QH"),
        ("qh", Pack.FRENCH, "QH"),
        ("Th", Pack.FRENCH, "10H"),
        ("tS", Pack.FRENCH, "10S"),
        ("10h", Pack.FRENCH, "10H"),
        ("  as ", Pack.FRENCH, "AS"),
        ("2c", Pack.FRENCH, "2C"),
        ("jk", Pack.FRENCH, JOKER),
        ("Joker", Pack.FRENCH, JOKER),
        (" 7e ", Pack.YANKEE, "7E"),
        ("0f", Pack.YANKEE, "0F"),
        ("9H", Pack.YANKEE, "9H"),
        ("2h", Pack.YANKEE, "2H"),
    ],
)
def test_parse_card_accepts_what_players_type(text: str, pack: Pack, code: str) -> None:
    assert parse_card(text, pack) == code


@pytest.mark.parametrize(
    ("text", "pack"),
    [
        ("", Pack.FRENCH),
        ("   ", Pack.FRENCH),
        ("11H", Pack.FRENCH),
        ("1S", Pack.FRENCH),
        ("ZZ", Pack.FRENCH),
        ("QX", Pack.FRENCH),
        ("Q", Pack.FRENCH),
        ("H", Pack.FRENCH),
        ("0F", Pack.FRENCH),
        ("10HH", Pack.FRENCH),
        ("", Pack.YANKEE),
        ("ZZ", Pack.YANKEE),
        ("0X", Pack.YANKEE),
        ("AS", Pack.YANKEE),
        ("10H", Pack.YANKEE),
        ("JK", Pack.YANKEE),
        ("7", Pack.YANKEE),
        ("\u00b2F", Pack.YANKEE),  # a superscript two is a digit to str.isdigit, not a rank
        ("\u0663E", Pack.YANKEE),  # and so is an Arabic-Indic three
    ],
)
def test_parse_card_refuses_garbage_with_a_sentence(text: str, pack: Pack) -> None:
    with pytest.raises(IllegalAction) as refused:
        parse_card(text, pack)
    reason = refused.value.reason
    assert reason == str(refused.value)
    assert reason[:1].isupper() or reason.startswith("'")
    assert reason.endswith(".")
    assert len(reason.split()) >= 4
    if text.strip():
        assert f"'{text.strip()}'" in reason


def test_the_refusal_says_how_to_write_a_card_of_the_pack() -> None:
    with pytest.raises(IllegalAction, match="Yankee Notion"):
        parse_card("AS", Pack.YANKEE)
    with pytest.raises(IllegalAction, match=r"S, H, D or C"):
        parse_card("0F", Pack.FRENCH)


def test_parse_cards_parses_each_and_refuses_any_bad_one() -> None:
    assert parse_cards(["th", "qs", "jk"], Pack.FRENCH) == ("10H", "QS", JOKER)
    assert parse_cards([], Pack.YANKEE) == ()
    with pytest.raises(IllegalAction, match="'9X'"):
        parse_cards(["0F", "9X"], Pack.YANKEE)


@pytest.mark.parametrize(
    ("card", "pack", "name"),
    [
        ("0F", Pack.YANKEE, "John Smith"),
        ("1F", Pack.YANKEE, "Mrs Sally Smith"),
        ("2F", Pack.YANKEE, "The Baby"),
        ("9F", Pack.YANKEE, "The Watchman"),
        ("7E", Pack.YANKEE, "the 7 of eagles"),
        ("0H", Pack.YANKEE, "the 0 of shields"),
        ("2H", Pack.YANKEE, "the 2 of shields"),
        ("5L", Pack.YANKEE, "the 5 of flags"),
        ("3S", Pack.YANKEE, "the 3 of stars"),
        ("2H", Pack.FRENCH, "the 2 of hearts"),
        ("QH", Pack.FRENCH, "the queen of hearts"),
        ("AS", Pack.FRENCH, "the ace of spades"),
        ("JC", Pack.FRENCH, "the jack of clubs"),
        ("KD", Pack.FRENCH, "the king of diamonds"),
        ("10D", Pack.FRENCH, "the 10 of diamonds"),
        (JOKER, Pack.FRENCH, "the joker"),
    ],
)
def test_card_name(card: str, pack: Pack, name: str) -> None:
    assert card_name(card, pack).text() == name


@pytest.mark.parametrize(
    ("card", "pack", "locale", "name"),
    [
        ("QH", Pack.FRENCH, "fr", "la dame de cœur"),
        ("AS", Pack.FRENCH, "fr", "l'as de pique"),
        ("10S", Pack.FRENCH, "de", "Pik-10"),
        ("7E", Pack.YANKEE, "es", "el 7 de águilas"),
        ("KC", Pack.FRENCH, "pt_BR", "o rei de paus"),
        (JOKER, Pack.FRENCH, "es", "el comodín"),
    ],
)
def test_card_names_in_each_language(card: str, pack: Pack, locale: str, name: str) -> None:
    assert words(card_name(card, pack), locale) == name


def test_every_card_of_every_pack_has_its_own_name() -> None:
    for cards, pack in ((french_pack(joker=True), Pack.FRENCH), (yankee_pack(), Pack.YANKEE)):
        names = [card_name(c, pack).text() for c in cards]
        assert len(set(names)) == len(cards)
        assert all(names)


def test_rank_suit_and_faces() -> None:
    assert rank_of("7E") == 7
    assert rank_of("0F") == 0
    assert suit_of("7E") == "E"
    assert suit_of("10D") == "D"
    assert is_face("3F")
    assert not is_face("3S")
    assert [c for c in yankee_pack() if is_face(c)] == [f"{r}F" for r in range(10)]
