"""Card sprites: every card of both packs, sizes, caching, refusing unknown codes."""

from __future__ import annotations

import pytest

from bot.games.cards import french_pack, yankee_pack
from render._text import clean, fit, font, wrap
from render.sprites import back_sprite, card_size, card_sprite, count_badge

WIDTHS = (44, 60, 150)
ALL = [(c, "french") for c in french_pack(joker=True)] + [(c, "yankee") for c in yankee_pack()]


@pytest.mark.parametrize("width", WIDTHS)
def test_every_card_of_both_packs_has_a_sprite_of_its_size(width: int) -> None:
    assert len(ALL) == 53 + 50
    for code, pack in ALL:
        sprite = card_sprite(code, pack, width)
        assert sprite.size == card_size(width) == (width, round(width * 1.4)), code
        assert sprite.mode == "RGBA"
        # Opaque in the middle, transparent at the rounded corner.
        assert sprite.getpixel((width // 2, sprite.height // 2))[3] == 255  # type: ignore[index]
        assert sprite.getpixel((0, 0))[3] < 16  # type: ignore[index]


def test_cards_differ_from_one_another() -> None:
    seen = {card_sprite(c, p, 60).tobytes() for c, p in ALL}
    assert len(seen) == len(ALL)


def test_sprites_are_drawn_once() -> None:
    assert card_sprite("QH", "french", 60) is card_sprite("QH", "french", 60)
    assert card_sprite("7E", "yankee", 150) is card_sprite("7E", "yankee", 150)
    assert back_sprite(44) is back_sprite(44)
    assert count_badge(13, 24) is count_badge(13, 24)
    assert card_sprite("2H", "french", 60) is not card_sprite("2H", "yankee", 60)


@pytest.mark.parametrize(
    ("code", "pack"),
    [
        ("ZZ", "french"),
        ("11H", "french"),
        ("1H", "french"),
        ("qh", "french"),
        ("", "french"),
        ("0F", "french"),
        ("10F", "yankee"),
        ("JK", "yankee"),
        ("QH", "yankee"),
        ("5X", "yankee"),
        ("AS", "tarot"),
    ],
)
def test_an_unknown_card_raises_value_error(code: str, pack: str) -> None:
    with pytest.raises(ValueError, match="pack"):
        card_sprite(code, pack, 60)


def test_a_back_and_a_badge() -> None:
    assert back_sprite(60).size == card_size(60)
    assert count_badge(7, 24).height == 24
    assert count_badge(1234, 24).width > count_badge(7, 24).width
    assert count_badge(3, 24, plus=True) is not count_badge(3, 24)


def test_text_is_cut_to_fit_and_cleaned() -> None:
    face = font(20)
    long = "x" * 100
    shown = fit(long, face, 150)
    assert shown.endswith("…") and face.getlength(shown) <= 150
    assert fit("Alice", face, 150) == "Alice"
    assert fit("Alice", face, 1) == ""
    assert clean("Zoë \U0001f3b2  李雷 Ann") == "Zoë Ann"
    lines = wrap("Ezekiel, Ruth's husband", face, 100, 3)
    assert 1 < len(lines) <= 3 and all(face.getlength(line) <= 100 for line in lines)
    assert len(wrap("one two three four five six seven", face, 60, 2)) == 2
