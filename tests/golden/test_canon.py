"""The golden form (tests/golden/canon.py): a new field left at its declared default changes
no golden state hash, at the top of a state or nested in it, and set otherwise it does."""

from __future__ import annotations

from dataclasses import Field, field, fields, make_dataclass, replace
from typing import Any

import pytest

from bot.games import registry
from bot.games.base import Game
from tests.golden.canon import at_default, golden_form
from tests.golden.record import cases, play, state_hash

STEPS = 40
"""How many states of a golden game each test looks at."""


def states(key: str) -> tuple[Game[Any], list[Any]]:
    """A game and the first states of its last golden playthrough (the most seats)."""
    game = registry.get(key)
    case = cases(game)[-1]
    found = [game.new(case.seats, case.seed)]
    for n, (_before, _seat, _action, after) in enumerate(play(game, case)):
        if n == STEPS:
            break
        found.append(after)
    return game, found


def grown(cls: type[Any], extra: Any) -> type[Any]:
    """The frozen dataclass `cls` with one more field, `grown`, declared as `extra` (a
    `field(...)`, which mypy types as its default)."""
    return make_dataclass(
        f"Grown{cls.__name__}", [("grown", Any, extra)], bases=(cls,), frozen=True
    )


def regrown(obj: Any, cls: type[Any], **more: Any) -> Any:
    """The same dataclass value as an instance of its grown class `cls`."""
    return cls(**{f.name: getattr(obj, f.name) for f in fields(obj)}, **more)


@pytest.mark.parametrize(
    "extra", [field(default=0), field(default_factory=tuple)], ids=["default", "factory"]
)
def test_new_trick_state_field_at_default_keeps_every_hash(extra: Field[Any]) -> None:
    """The trick state gains a defaulted field: no state hash of a trick game changes, though
    the dump itself now carries the field; set to something else, every hash changes."""
    game, found = states("tilters")
    cls = grown(type(found[0]), extra)
    for st in found:
        same = regrown(st, cls)
        assert "grown" in game.dump(same)
        assert state_hash(game, same) == state_hash(game, st)
        assert state_hash(game, regrown(st, cls, grown=(7,))) != state_hash(game, st)


def test_new_nested_field_at_default_keeps_every_hash() -> None:
    """A patience layout (a dataclass inside the state) gains a defaulted field: no patience
    state hash changes; set to something else, it does."""
    game, found = states("clock")
    cls = grown(type(found[0].layout), field(default=()))
    for st in found:
        same = replace(st, layout=regrown(st.layout, cls))
        assert "grown" in game.dump(same)["layout"]
        assert state_hash(game, same) == state_hash(game, st)
        other = replace(st, layout=regrown(st.layout, cls, grown=(1, 2)))
        assert state_hash(game, other) != state_hash(game, st)


def test_nobody_departed_is_left_out_and_a_departure_is_kept() -> None:
    """The chip games' `departed` flags are left out of the golden form while nobody has
    left (as the old hand-made omission did) and kept once someone has."""
    game, found = states("michigan")
    for st in found:
        assert st.departed == ()
        assert "departed" in game.dump(st)
        assert "departed" not in golden_form(st, game.dump(st))
        gone = replace(st, departed=(True,) + (False,) * (st.seats - 1))
        assert golden_form(gone, game.dump(gone))["departed"] == list(gone.departed)
        assert state_hash(game, gone) != state_hash(game, st)


def test_at_default_needs_the_same_type_and_value() -> None:
    """A value counts as the default only when equal and of the same type; a field with no
    default is never at it."""
    plain = make_dataclass("Plain", [("n", int), ("flag", Any, field(default=0))])
    n, flag = fields(plain)
    assert at_default(flag, 0)
    assert not at_default(flag, False)
    assert not at_default(flag, 1)
    assert not at_default(n, 0)
