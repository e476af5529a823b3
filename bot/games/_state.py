"""Dumping and loading game states that are frozen dataclasses of tuples: tuples become
JSON lists, and back, field by field."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")


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
