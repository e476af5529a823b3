"""Picture Gallery (games/picture_gallery.py): courts under the pack during the lay-out,
covering pairs counting eleven, and a won deal."""

from __future__ import annotations

from typing import cast

import pytest

from bot.games.errors import IllegalAction
from bot.games.patience.games.picture_gallery import PictureGallery
from tests.games.patience.helpers import patience, stacked_sorted

KEY = "picture-gallery"
GAME = patience(KEY)
SPEC = cast(PictureGallery, GAME.spec)
WIN = (
    "cover a2 c1, cover a2 b2, cover a1 b2, cover a1 b1, cover a1 b1, cover a3 c1, cover a3"
    " c4, cover b4 c3, cover c1 c3, cover a4 c3, cover b1 c3, cover a4 b1, cover a4 c1, "
    "cover a4 b4, cover a4 b4, cover b1 c2, cover b4 c4, cover c1 c4, cover b3 c4, cover b4"
    " c1"
)
LOW = ["2S", "3S", "4S", "2H", "3H", "4H", "2D", "3D", "4D", "2C"]


def test_courts_go_under_the_pack_and_a_pair_is_covered() -> None:
    deck = stacked_sorted(["KS", "AS", *LOW, "QH", "10H", "5C", "6C"], KEY)
    state = GAME.new(1, 0, deck=deck)
    assert state.layout.piles[SPEC.index["s"]][:2] == ("QH", "KS")  # at the bottom
    assert "cover a1 c4" in GAME.legal_actions(state, 0)
    after = GAME.apply(state, 0, "cover c4 a1")
    assert after.layout.piles[SPEC.index["a1"]] == ("AS", "5C")
    assert after.layout.piles[SPEC.index["c4"]] == ("10H", "6C")


def test_cards_not_counting_eleven_are_refused() -> None:
    state = GAME.new(1, 0, deck=stacked_sorted(["AS", *LOW, "10H"], KEY))
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="not eleven"):
        GAME.apply(state, 0, "cover a1 a2")
    with pytest.raises(IllegalAction, match="no place"):
        GAME.apply(state, 0, "cover a1 z9")
    assert GAME.dump(state) == before


def test_a_court_card_is_never_covered() -> None:
    state = GAME.new(1, 0)
    for action in WIN.split(", ")[:3]:
        state = GAME.apply(state, 0, action)
    courts = [p for p in SPEC.places if state.layout.piles[p][-1][:-1] in ("J", "Q", "K")]
    for action in GAME.legal_actions(state, 0):
        assert not any(SPEC.ids[p] in action.split(" ") for p in courts)


def test_a_known_deal_is_won() -> None:
    state = GAME.new(1, 0)
    for action in WIN.split(", "):
        state = GAME.apply(state, 0, action)
    assert state.end == "won"
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == (0,)
    assert "twelve court cards" in outcome.summary
