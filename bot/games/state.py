"""Game states that are frozen dataclasses of tuples: dumping and loading them (tuples
become JSON lists, and back, field by field), a tuple with one item replaced, and a cheap
replace for the hot path."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from operator import attrgetter
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


class Evolve(Protocol[S]):
    """dataclasses.replace for one state class, made cheap for the hot path."""

    def __call__(self, state: S, /, **changes: Any) -> S:
        """The state with some fields changed."""
        ...


def evolver(cls: type[S]) -> Evolve[S]:
    """A replace for the frozen dataclass `cls` several times faster than
    dataclasses.replace (it runs on every action: simulate plays thousands of deals a
    second): all fields read at once, the changed ones put, the class called positionally."""
    names = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]
    index = {name: i for i, name in enumerate(names)}
    everything = attrgetter(*names)

    def evolve(state: S, /, **changes: Any) -> S:
        values = list(everything(state))
        for name, value in changes.items():
            values[index[name]] = value
        return cls(*values)

    return evolve
