"""Tables, hands and leaderboards: what comes out, sizes, layout, overflow, real scenes."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from bot.games import registry
from bot.games.cards import Pack
from bot.games.scene import scene, seat
from render import Picture, card_sheet, render_hand, render_leaderboard, render_table
from render._seat import Box
from render.table import HEIGHT, WIDTH, middle_box, seat_boxes
from tests.render._scenes import NAMES, forty_card_scene, table_scene


def _decode(picture: Picture) -> Image.Image:
    image = Image.open(io.BytesIO(picture.data))
    assert image.format == "PNG" and picture.content_type == "image/png"
    assert picture.filename.endswith(".png")
    assert image.size == (picture.width, picture.height)
    assert image.mode in ("RGB", "P"), image.mode
    assert "transparency" not in image.info, "pictures are opaque"
    return image.convert("RGB")


@pytest.mark.parametrize(
    "make",
    [
        lambda: render_table(table_scene(5), NAMES, status="Eve to play"),
        lambda: render_hand(["AS", "10H", "JK"], "french", title="Hand", playable=["AS"]),
        lambda: render_hand([], "yankee"),
        lambda: render_leaderboard("Board", [(1, "Alice", "30")], you=(1, "Alice", "30")),
        lambda: render_leaderboard("Board", []),
        lambda: card_sheet("yankee"),
    ],
)
def test_output_decodes_as_an_image_of_the_stated_size_and_type(make: object) -> None:
    assert callable(make)
    picture = make()
    assert isinstance(picture, Picture)
    _decode(picture)


def test_a_ten_seat_table_with_forty_cards_is_small() -> None:
    picture = render_table(forty_card_scene(), NAMES, status="Trent to play - pot 120")
    assert (picture.width, picture.height) == (WIDTH, HEIGHT)
    assert len(picture.data) <= 80 * 1024, f"{len(picture.data) // 1024} KB"


def test_a_full_twelve_seat_table_is_small() -> None:
    picture = render_table(table_scene(12), [*NAMES, "Oscar", "Victor"], status="Eve to play")
    assert len(picture.data) <= 80 * 1024, f"{len(picture.data) // 1024} KB"


@pytest.mark.parametrize("count", range(1, 13))
def test_seats_and_the_middle_never_overlap(count: int) -> None:
    boxes = seat_boxes(count)
    canvas = Box(0, 0, WIDTH, HEIGHT)
    for i, box in enumerate(boxes):
        assert (
            box.x >= 0 and box.x + box.w <= WIDTH and box.y >= 52 and box.y + box.h <= HEIGHT - 44
        )
        assert all(not box.overlaps(other) for other in boxes[i + 1 :])
    middle = middle_box(boxes)
    assert middle.overlaps(canvas) and middle.w >= 500 and middle.h >= 250
    assert not any(middle.overlaps(b) for b in boxes)


def test_seat_zero_is_at_the_bottom_and_seats_go_clockwise() -> None:
    boxes = seat_boxes(4)
    assert boxes[0].y > boxes[2].y  # 0 bottom, 2 top
    assert boxes[1].x < boxes[3].x  # 1 on the left (clockwise from the bottom), 3 right


def test_more_than_twelve_seats_is_refused() -> None:
    with pytest.raises(ValueError, match="1 to 12"):
        render_table(scene(Pack.FRENCH, "Crowd", [seat()] * 13), [])


@pytest.mark.parametrize("count", [11, 12])
def test_eleven_and_twelve_seats_go_clockwise_from_the_bottom(count: int) -> None:
    boxes = seat_boxes(count)
    bottom = max(b.y for b in boxes)
    assert boxes[0].y == bottom and boxes[0].x + boxes[0].w // 2 <= WIDTH // 2
    assert boxes[1].x < boxes[0].x  # seat 1 to seat 0's left, then up the left side
    assert boxes[count // 2].y == min(b.y for b in boxes)
    assert all(b.x + b.w // 2 > WIDTH // 2 for b in boxes[count // 2 + 1 :])


def _changed_area(a: Picture, b: Picture) -> tuple[int, int, int, int] | None:
    return ImageChops.difference(_decode(a), _decode(b)).getbbox()


@pytest.mark.parametrize("seats", [3, 10, 12])
@pytest.mark.parametrize("field", ["name", "note", "badge"])
def test_long_text_is_cut_and_stays_in_its_box(seats: int, field: str) -> None:
    """A 100-character name, note or badge changes nothing outside its seat's box."""
    plain = table_scene(seats)
    long = table_scene(seats)
    target = 1
    names = list(NAMES)
    if field == "name":
        names[target] = "W" * 100
    else:
        long["seats"][target][field] = "W" * 100  # type: ignore[literal-required]
    changed = _changed_area(render_table(plain, NAMES), render_table(long, names))
    assert changed is not None, "the long text shows"
    box = seat_boxes(seats)[target]
    x0, y0, x1, y1 = changed
    assert box.x <= x0 and box.y <= y0 and x1 <= box.x + box.w and y1 <= box.y + box.h, changed


def test_names_fall_back_to_seat_numbers() -> None:
    few = render_table(table_scene(4), ["Alice"])
    blank = render_table(table_scene(4), ["Alice", "", "\U0001f3b2", "李雷"])
    assert few.data == blank.data


def test_many_cards_in_a_seat_are_counted_not_overflowing() -> None:
    crowded = scene(Pack.FRENCH, "Crowded", [seat(cards=["AS"] * 30, backs=40)] * 2)
    picture = render_table(crowded, ["A", "B"])
    _decode(picture)


def test_playable_cards_are_marked() -> None:
    plain = render_hand(["AS", "KH"], "french")
    marked = render_hand(["AS", "KH"], "french", playable=["AS"])
    assert _changed_area(plain, marked) is not None
    assert (plain.width, plain.height) == (marked.width, marked.height)


def test_a_long_hand_wraps_into_rows() -> None:
    one_row = _decode(render_hand(["AS"] * 12, "french"))
    two_rows = _decode(render_hand(["AS"] * 30, "french"))
    assert two_rows.height > one_row.height and two_rows.width <= 1200


def test_an_unknown_card_in_a_hand_or_a_scene_raises_value_error() -> None:
    with pytest.raises(ValueError, match="not a card"):
        render_hand(["AS", "ZZ"], "french")
    with pytest.raises(ValueError, match="not a card"):
        render_table(scene(Pack.YANKEE, "T", [seat(cards=["AS"])]), ["A"])


def test_the_leaderboard_adds_your_row_only_outside_the_top_ten() -> None:
    rows = [(i, f"Player {i}", str(100 - i)) for i in range(1, 13)]
    inside = _decode(render_leaderboard("Board", rows, you=rows[4]))
    outside = _decode(render_leaderboard("Board", rows, you=(40, "Me", "3")))
    nobody = _decode(render_leaderboard("Board", rows))
    assert inside.size == nobody.size
    assert outside.height > nobody.height
    long = render_leaderboard("Board", [(1, "W" * 100, "9" * 40)])
    _decode(long)


@pytest.mark.parametrize("viewer", [None, 0])
def test_a_real_game_s_scene_renders(viewer: int | None) -> None:
    game = registry.get("black-joke")
    state = game.new(seats=4, seed=7, options={}, deck=None)
    view = game.view(state, viewer)
    picture = render_table(view["scene"], ["Ann", "Bob", "Cy", "Di"], status="Bob to play")
    _decode(picture)
