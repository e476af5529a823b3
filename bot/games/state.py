"""Game states that are frozen dataclasses of tuples: dumping and loading them (tuples
become JSON lists, and back, field by field), a tuple with one item replaced, and a cheap
replace for the hot path."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from types import MemberDescriptorType
from typing import Any, Protocol, TypeVar

T = TypeVar("T")
S = TypeVar("S")


def _lists(value: Any) -> Any:
    """Tuples, at any depth, as lists."""
    return [_lists(v) for v in value] if isinstance(value, tuple) else value


def _tuples(value: Any) -> Any:
    """Lists, at any depth, as tuples."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def dump_frozen(state: Any) -> dict[str, Any]:
    """A frozen dataclass state as JSON-safe data, one key per field."""
    return {f.name: _lists(getattr(state, f.name)) for f in fields(state)}


def load_frozen(cls: type[T], data: Mapping[str, Any]) -> T:
    """The state of class `cls` from dump_frozen's data."""
    return cls(**{f.name: _tuples(data[f.name]) for f in fields(cls)})  # type: ignore[arg-type]


def put(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """The tuple with one item replaced."""
    return (*values[:index], value, *values[index + 1 :])


_KEEP: Any = object()
"""The default of every evolve parameter: keep the field as it is."""


class Evolve(Protocol[S]):
    """dataclasses.replace for one state class, made cheap for the hot path."""

    def __call__(self, state: S, /, **changes: Any) -> S:
        """The state with some fields changed."""
        ...


def _slotted(cls: type[Any], names: tuple[str, ...]) -> bool:
    """Whether a copy may fill the fields' slots directly: every field has a slot of the
    class itself and the class has no __post_init__ to run."""
    own = cls.__dict__
    return not hasattr(cls, "__post_init__") and all(
        isinstance(own.get(n), MemberDescriptorType) for n in names
    )


def evolver(cls: type[S]) -> Evolve[S]:
    """THE way to copy a state with changes: `evolve = evolver(MyState)` once under the
    class, then `evolve(st, field=value, ...)`, by keyword only, so reordering the fields
    can never swap two values. It is dataclasses.replace made cheap for the hot path (it
    runs on every action; simulate plays thousands of deals a second): like the
    dataclasses module itself, it writes one function for the class, whose keyword
    parameters default to a marker meaning "keep this field"."""
    names = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]
    params = ", ".join(f"{n}=_KEEP" for n in names)
    space: dict[str, Any] = {"cls": cls, "_KEEP": _KEEP, "_new": object.__new__}
    if _slotted(cls, names):
        # set each slot through its descriptor: a frozen dataclass's __init__ goes through
        # object.__setattr__ by name for every field, which costs twice as much
        space |= {f"_set_{n}": cls.__dict__[n].__set__ for n in names}
        sets = "".join(f"    _set_{n}(new, state.{n} if {n} is _KEEP else {n})\n" for n in names)
        source = f"def evolve(state, /, *, {params}):\n    new = _new(cls)\n{sets}    return new\n"
    else:
        values = ", ".join(f"state.{n} if {n} is _KEEP else {n}" for n in names)
        source = f"def evolve(state, /, *, {params}):\n    return cls({values})\n"
    exec(compile(source, f"<evolve {cls.__name__}>", "exec"), space)
    evolve: Evolve[S] = space["evolve"]
    evolve.__doc__ = f"A {cls.__name__} with the fields given by keyword changed."
    return evolve
