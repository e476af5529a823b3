"""Golden images: both card sheets, a table for every seat count (1-12), a hand, a leaderboard.

See _golden.py for the tolerance; PARLOUR_UPDATE_GOLDEN=1 rewrites the goldens.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from render import card_sheet, render_hand, render_leaderboard, render_table
from tests.render._golden import GOLDEN, assert_matches_golden, difference
from tests.render._scenes import NAMES, table_scene


@pytest.mark.parametrize("pack", ["french", "yankee"])
def test_card_sheet(pack: str) -> None:
    assert_matches_golden(card_sheet(pack).data, f"sheet-{pack}")


@pytest.mark.parametrize("seats", range(1, 13))
def test_table(seats: int) -> None:
    status = "Bob the Bold to play - 0:42 left - pot 30"
    names = [*NAMES, "Oscar", "Victor Hugo"]
    assert_matches_golden(
        render_table(table_scene(seats), names, status=status).data, f"table-{seats}"
    )


def test_hand() -> None:
    hand = ["0F", "3L", "7E", "9S", "4H", "5F", "1L", "2E", "8S", "6H", "9F"]
    picture = render_hand(hand, "yankee", title="Your hand", playable=["3L", "7E", "9F"])
    assert_matches_golden(picture.data, "hand")


def test_leaderboard() -> None:
    rows = [(i, name, f"{1000 - 90 * i} chips") for i, name in enumerate(NAMES, 1)]
    picture = render_leaderboard("Chips - this server", rows, you=(42, "Oscar", "12 chips"))
    assert_matches_golden(picture.data, "leaderboard")


def test_goldens_stay_small() -> None:
    total = sum(p.stat().st_size for p in GOLDEN.glob("*.png"))
    assert total < 4_000_000, f"golden images take {total:,} bytes"


# -- the comparison itself ----------------------------------------------------------------


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def test_a_changed_picture_fails_and_is_written_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PARLOUR_UPDATE_GOLDEN", raising=False)
    golden = Image.open(GOLDEN / "leaderboard.png").convert("RGB")
    changed = golden.copy()
    ImageDraw.Draw(changed).rectangle((100, 100, 200, 160), fill=(255, 0, 0))
    with pytest.raises(AssertionError, match="differs from its golden") as failure:
        assert_matches_golden(_png(changed), "leaderboard", failures=tmp_path)
    assert str(tmp_path / "leaderboard.png") in str(failure.value)
    assert (tmp_path / "leaderboard.png").exists()
    assert (tmp_path / "leaderboard.diff.png").exists()


def test_a_picture_of_another_size_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PARLOUR_UPDATE_GOLDEN", raising=False)
    golden = Image.open(GOLDEN / "leaderboard.png").convert("RGB")
    smaller = golden.crop((0, 0, golden.width - 1, golden.height))
    with pytest.raises(AssertionError, match="size"):
        assert_matches_golden(_png(smaller), "leaderboard", failures=tmp_path)


def test_slight_noise_is_tolerated() -> None:
    golden = Image.open(GOLDEN / "leaderboard.png").convert("RGB")
    noisy = golden.point(lambda v: min(255, v + 1))
    assert difference(noisy, golden).close
    assert not difference(noisy.point(lambda v: 255 - v), golden).close
