"""Patience pictures: every game's opening within budget, backs, labels, the figures' places,
lines that show every card. No golden images: the games are still changing, so the tests
check geometry (render.patience.layout) and sample pixels where it says a card lies."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

import pytest
from PIL import Image

from bot.games import registry
from bot.games.patience.game import PatienceGame
from render import render_patience
from render._seat import Box
from render.patience import compose_patience, layout
from render.patience_draw import (
    BODY,
    HEIGHT,
    LABEL_H,
    SIDE_LABEL_W,
    STATUS_H,
    WIDTH,
    line_per_row,
)
from render.patience_plan import Spot
from render.sprites import card_size

BUDGET_BYTES = 200 * 1024
GAMES = [g for g in registry.all() if g.info.family == "patience" and isinstance(g, PatienceGame)]


def _opening(key: str, seed: int = 3) -> dict[str, Any]:
    game = registry.get(key)
    return dict(game.view(game.new(1, seed), None))


def _decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    assert "transparency" not in image.info, "pictures are opaque"
    return image.convert("RGB")


def _spots(view: Mapping[str, Any]) -> dict[str, Spot]:
    return {str(s.pile["id"]): s for s in layout(view)}


def _centre(box: Box) -> tuple[float, float]:
    return box.x + box.w / 2, box.y + box.h / 2


def _card_origin(spot: Spot) -> tuple[int, int]:
    """The top-left corner of the spot's card (below or beside its label)."""
    if spot.side:
        return spot.box.x + SIDE_LABEL_W, spot.box.y
    return spot.box.x, spot.box.y + LABEL_H


def test_there_are_patience_games_to_draw() -> None:
    assert len(GAMES) >= 40


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.key)
def test_every_opening_renders_within_budget(game: PatienceGame) -> None:
    view = game.view(game.new(1, 11), None)
    picture = render_patience(view)
    image = _decode(picture.data)
    assert image.size == (WIDTH, HEIGHT) == (picture.width, picture.height)
    assert len(picture.data) <= BUDGET_BYTES


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.key)
def test_every_pile_has_a_place_inside_the_picture_and_none_overlap(game: PatienceGame) -> None:
    view = game.view(game.new(1, 5), None)
    spots = layout(view)
    ids = [str(s.pile["id"]) for s in spots]
    assert len(ids) == len(set(ids))
    for zone in view["zones"]:
        piles = zone["piles"]
        if len(piles) <= 30:  # long zones drop their trailing empty places
            assert {str(p["id"]) for p in piles} <= set(ids), zone["name"]
    for i, a in enumerate(spots):
        assert a.box.x >= 0 and a.box.x + a.box.w <= WIDTH, a
        assert BODY.y <= a.box.y and a.box.y + a.box.h <= BODY.y + BODY.h, a
        assert not any(a.box.overlaps(b.box) for b in spots[i + 1 :]), a.pile["id"]


def _is_back(pixel: object) -> bool:
    assert isinstance(pixel, tuple)
    r, g, b = pixel
    return bool(r > g + 60 and r > b + 40)  # the red lattice of a back


def _mostly_back(image: Image.Image, spot: Spot) -> bool:
    """Whether most of the spot's top card area is the red of a back."""
    x, y = _card_origin(spot)
    w, h = card_size(spot.width)
    colours = image.crop((x, y, x + w, y + h)).getcolors(w * h) or []
    backs: int = sum(n for n, c in colours if _is_back(c))
    return backs > w * h / 3


def test_face_down_cards_are_drawn_as_backs() -> None:
    view = _opening("clock")  # thirteen piles of four, all face down
    image = compose_patience(view)
    for pid in ("p12", "p3", "p13"):
        assert _mostly_back(image, _spots(view)[pid]), pid
    napoleon = _opening("napoleon")
    assert _mostly_back(compose_patience(napoleon), _spots(napoleon)["s"])


def test_face_up_cards_are_not_backs() -> None:
    view = _opening("napoleon")
    assert not _mostly_back(compose_patience(view), _spots(view)["t1"])


def test_pile_labels_are_drawn() -> None:
    view = _opening("napoleon")
    spot = _spots(view)["t1"]
    unlabelled = dict(view)
    unlabelled["zones"] = [
        {**z, "piles": [{**p, "id": "" if p["id"] == "t1" else p["id"]} for p in z["piles"]]}
        for z in view["zones"]
    ]
    box = spot.box
    crop = (box.x, box.y, box.x + box.w, box.y + LABEL_H)
    with_label = compose_patience(view).crop(crop)
    without = compose_patience(unlabelled).crop(crop)
    assert with_label.tobytes() != without.tobytes()
    assert len(without.getcolors() or []) == 1, "without its id the label strip is bare felt"


def test_the_clock_is_a_dial() -> None:
    spots = _spots(_opening("clock"))
    centre = {h: _centre(spots[f"p{h}"].box) for h in range(1, 14)}
    assert centre[12][1] < centre[13][1] < centre[6][1]
    assert centre[9][0] < centre[13][0] < centre[3][0]
    assert abs(centre[12][0] - centre[6][0]) < 2 and abs(centre[3][1] - centre[9][1]) < 2
    assert centre[1][0] > centre[12][0] and centre[11][0] < centre[12][0]  # clockwise
    assert "h" in spots


def test_knaves_dial_uses_the_clock_dial_with_the_knaves_in_the_centre() -> None:
    spots = _spots(_opening("knaves-dial"))
    f12, f6, f3, f9 = (_centre(spots[f"f{k}"].box) for k in (12, 6, 3, 9))
    cx, cy = _centre(spots["c"].box)
    assert f12[1] < cy < f6[1] and f9[0] < cx < f3[0]


def test_the_windmill_has_kings_round_the_centre_and_sails_round_them() -> None:
    spots = _spots(_opening("windmill"))
    cx, cy = _centre(spots["c"].box)
    above, right, below, left = (_centre(spots[f"f{k}"].box) for k in range(1, 5))
    assert above[1] < cy < below[1] and left[0] < cx < right[0]
    near = max(abs(p[0] - cx) + abs(p[1] - cy) for p in (above, right, below, left))
    for k in range(1, 9):
        sx, sy = _centre(spots[f"r{k}"].box)
        assert abs(sx - cx) + abs(sy - cy) > near, f"sail r{k} lies outside the kings"
    assert _centre(spots["r1"].box)[1] < above[1]


def test_the_sultan_sits_in_the_middle_of_his_square_with_the_divan_beside() -> None:
    spots = _spots(_opening("sultan"))
    k = _centre(spots["k"].box)
    f = {i: _centre(spots[f"f{i}"].box) for i in range(1, 9)}
    assert f[2][1] < k[1] < f[7][1] and f[4][0] < k[0] < f[5][0]
    assert f[1][1] == f[2][1] == f[3][1] and f[6][1] == f[7][1] == f[8][1]
    for i in range(1, 5):
        assert spots[f"r{i}"].box.x + spots[f"r{i}"].box.w < spots["f1"].box.x
        assert spots[f"r{i + 4}"].box.x > spots["f3"].box.x + spots["f3"].box.w
        assert spots[f"r{i}"].how == "sideways"


def test_the_bridal_wreath_has_its_bridesmaids_either_side() -> None:
    spots = _spots(_opening("bridal-wreath"))
    wreath = spots["r"].box
    for i in range(1, 6):
        assert spots[f"b{i}"].box.x + spots[f"b{i}"].box.w < wreath.x
        assert spots[f"b{i + 5}"].box.x > wreath.x + wreath.w
    assert spots["r"].how == "wreath"


def test_lady_of_the_manor_has_a_semicircle_over_the_piles_and_families() -> None:
    spots = _spots(_opening("lady-of-the-manor"))
    r = {k: _centre(spots[f"r{k}"].box) for k in range(1, 14)}
    assert r[1][0] < r[7][0] < r[13][0]
    assert abs(r[1][1] - r[13][1]) < 2 and r[7][1] < r[4][1] < r[1][1]
    for t in range(1, 5):
        box = spots[f"t{t}"].box
        assert r[1][0] < box.x and box.x + box.w < r[13][0] and box.y > r[7][1]
    lowest_rank = max(spots[f"r{k}"].box.y + spots[f"r{k}"].box.h for k in range(1, 14))
    for f in range(1, 9):
        assert spots[f"f{f}"].box.y >= lowest_rank


def _line_view(count: int) -> dict[str, Any]:
    view = _opening("push-pin")
    cards = [f"{r}{s}" for s in "SHDC" for r in ("A", *map(str, range(2, 11)), "J", "Q", "K")]
    line = (cards * 2)[:count]
    view["zones"] = [
        {**z, "piles": [{"id": "l", "cards": line}]} if z["name"] == "l" else z
        for z in view["zones"]
    ]
    return view


@pytest.mark.parametrize("count", [3, 40, 101])
def test_a_line_shows_every_card(count: int) -> None:
    view = _line_view(count)
    spot = _spots(view)["l"]
    assert spot.how == "line"
    image = compose_patience(view)
    w, h = card_size(spot.width)
    per = line_per_row(spot.width, spot.box.w)
    step = round(w * 0.74)
    rows = -(-count // per)
    assert spot.box.y + rows * (LABEL_H + h) <= BODY.y + BODY.h
    for i in range(count):
        x = spot.box.x + SIDE_LABEL_W + (i % per) * step
        y = spot.box.y + (i // per) * (LABEL_H + h + 8) + LABEL_H
        index = image.crop((x + 2, y + 2, x + step - 2, y + h // 3))
        assert len(index.getcolors(1 << 16) or []) > 3, f"card {i + 1} of the line is hidden"


def test_a_tall_grid_still_fits() -> None:
    view = _opening("blockade")
    cards = [f"{r}{s}" for s in "SHDC" for r in ("A", *map(str, range(2, 11)), "J", "Q", "K")]
    view["zones"] = [
        {**z, "piles": [{**p, "cards": [cards[i % 52]]} for i, p in enumerate(z["piles"])]}
        if z["name"] == "g"
        else z
        for z in view["zones"]
    ]
    spots = layout(view)
    assert sum(1 for s in spots if str(s.pile["id"]).startswith("g")) == 110
    assert all(s.box.y + s.box.h <= BODY.y + BODY.h for s in spots)
    assert len(render_patience(view).data) <= BUDGET_BYTES


def test_the_status_band_shows_the_odds_at_its_right_end() -> None:
    view = _opening("napoleon")
    band = (WIDTH // 2, HEIGHT - STATUS_H + 2, WIDTH, HEIGHT)
    left = (0, HEIGHT - STATUS_H + 2, WIDTH // 3, HEIGHT)
    without = compose_patience(view)
    with_odds = compose_patience({**view, "odds": "Odds knowing every card: about 1 deal in 13"})
    assert len(without.crop(band).getcolors() or []) == 1, "no odds: the band's right is bare"
    assert len(with_odds.crop(band).getcolors() or []) > 8, "the odds are written there"
    assert with_odds.crop(left).tobytes() == without.crop(left).tobytes()  # the status stays


def test_long_odds_leave_the_status_room() -> None:
    view = {**_opening("napoleon"), "hint": "move t3 f1"}
    odds = "Odds knowing every card: at least 1 deal in 10, at most 7 in 10 " * 4
    image = compose_patience({**view, "odds": odds})
    start = (0, HEIGHT - STATUS_H + 2, WIDTH // 3, HEIGHT)
    assert image.crop(start).tobytes() == compose_patience(view).crop(start).tobytes()
