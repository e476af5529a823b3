"""The one state-copy idiom (`bot/games/state.py`): `evolve` is dataclasses.replace, for
slotted frozen states (filled slot by slot, one built on a shared part too) and for any
other dataclass (through its constructor), and the copy stays frozen and equal to the
replaced one."""

from __future__ import annotations

import dataclasses

import pytest

from bot.games.state import evolver, load_frozen, state_part


@dataclasses.dataclass(frozen=True, slots=True)
class Slotted:
    """A state like every game's: frozen, with slots."""

    a: int
    b: tuple[int, ...]
    c: str = "x"


@dataclasses.dataclass(frozen=True)
class Plain:
    """A frozen dataclass without slots."""

    a: int
    b: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Checked:
    """A slotted state whose constructor checks its fields."""

    a: int

    def __post_init__(self) -> None:
        if self.a < 0:
            raise ValueError("negative")


@pytest.mark.parametrize("cls", [Slotted, Plain])
def test_evolve_is_replace_and_keeps_the_copy_frozen(cls: type) -> None:
    evolve = evolver(cls)
    st = cls(a=1, b=(2, 3))
    new = evolve(st, b=(4,))
    assert new == dataclasses.replace(st, b=(4,)) and new is not st
    assert evolve(st) == st and hash(evolve(st)) == hash(st)
    with pytest.raises(dataclasses.FrozenInstanceError):
        new.a = 5
    with pytest.raises(TypeError):
        evolve(st, 9)  # by keyword only
    with pytest.raises(TypeError):
        evolve(st, nothing=1)


def test_a_class_with_post_init_is_copied_through_its_constructor() -> None:
    evolve = evolver(Checked)
    assert evolve(Checked(1), a=2) == Checked(2)
    with pytest.raises(ValueError, match="negative"):
        evolve(Checked(1), a=-1)


@dataclasses.dataclass(frozen=True, slots=True)
class Derived(Slotted):
    """A slotted state built on another: its slots are not all its own."""

    d: int = 0


def test_a_copy_is_of_the_state_class_itself_and_hashes_alike() -> None:
    evolve = evolver(Slotted)
    st = Slotted(a=1, b=(2,))
    new = evolve(st, c="y")
    assert type(new) is Slotted and new == Slotted(1, (2,), "y")
    assert hash(new) == hash(Slotted(1, (2,), "y")) and st.c == "x"
    assert not hasattr(new, "__dict__")


@state_part
@dataclasses.dataclass(frozen=True, slots=True)
class Part:
    """A part that states are built on, as the trick games' states are on TrickState."""

    a: int
    b: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Built(Part):
    """A state built on a part: its own field, and the part's."""

    d: int


def test_a_state_built_on_a_part_is_filled_slot_by_slot_and_stays_frozen() -> None:
    evolve = evolver(Built)
    assert "_Filler" in evolve.__code__.co_names  # the fast path, not the constructor
    st = Built(a=1, b=(), d=4)
    new = evolve(st, a=2, d=5)
    assert type(new) is Built and new == Built(a=2, b=(), d=5) and st.a == 1
    assert hash(new) == hash(Built(a=2, b=(), d=5)) and not hasattr(new, "__dict__")
    for name in ("a", "d"):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(new, name, 3)
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(new, name)
    assert evolver(Built, "b")(st, b=(7,)) == Built(a=1, b=(7,), d=4)


def test_a_state_built_on_another_state_is_copied_through_its_constructor() -> None:
    evolve = evolver(Derived)  # Slotted is no state_part: its __setattr__ refuses stores
    assert "_Filler" not in evolve.__code__.co_names
    new = evolve(Derived(a=1, b=(), d=4), a=2)
    assert type(new) is Derived and new == Derived(a=2, b=(), d=4)


@pytest.mark.parametrize("cls", [Slotted, Plain])
def test_a_hot_path_copy_changes_exactly_its_fields(cls: type) -> None:
    add = evolver(cls, "b")
    st = cls(a=1, b=(2,))
    new = add(st, b=(2, 3))
    assert new == dataclasses.replace(st, b=(2, 3)) and type(new) is cls
    with pytest.raises(TypeError):
        add(st)  # the changed field is required
    with pytest.raises(TypeError):
        add(st, b=(), a=5)  # and no other may be changed through it


def test_a_hot_path_copy_of_a_field_the_state_lacks_is_refused_when_written() -> None:
    with pytest.raises(TypeError, match="no field z"):
        evolver(Slotted, "b", "z")


def test_a_state_saved_before_a_defaulted_field_existed_loads_with_its_default() -> None:
    @dataclasses.dataclass(frozen=True)
    class Later:
        cards: tuple[str, ...]
        passes: int = 0
        marks: tuple[int, ...] = dataclasses.field(default_factory=tuple)

    assert load_frozen(Later, {"cards": ["a", "b"]}) == Later(("a", "b"))
    assert load_frozen(Later, {"cards": [], "passes": 2, "marks": [1]}) == Later((), 2, (1,))
    with pytest.raises(KeyError, match="Later needs 'cards'"):
        load_frozen(Later, {"passes": 1})
