"""The golden form of a state: its dump less every dataclass field at its declared default.

A golden playthrough keeps a hash of each state. Were that the hash of `Game.dump` as it
stands, giving a shared state class (the trick state, a patience layout) a new field with
a default would change the hash of every game using it, though none of them behaves any
differently. So the hash is taken of the golden form instead: the dump, walked alongside
the state it came from, with each key left out whose dataclass field (at any depth) holds
the value the class declares as its default (`= value` or `default_factory`). A new field
that keeps its default changes no golden data; set to anything else, it does.

The walk relies on what every dump here does: a dataclass becomes a dict keyed by field
name, and a tuple of items a list of their dumps, in order. Where a dump departs from that
shape (a transfer written as a list, say), the walk keeps that part as the dump has it.
"""

from __future__ import annotations

from dataclasses import MISSING, Field, fields, is_dataclass
from typing import Any

_NO_DEFAULT: Any = object()
"""What `_default` gives for a field that declares no default."""


def _default(field: Field[Any]) -> Any:
    """The declared default of a field: its default, a fresh default_factory value, or
    _NO_DEFAULT when it declares neither."""
    if field.default is not MISSING:
        return field.default
    if field.default_factory is not MISSING:
        return field.default_factory()
    return _NO_DEFAULT


def at_default(field: Field[Any], value: Any) -> bool:
    """Whether the value is the one the field declares as its default."""
    default = _default(field)
    if default is _NO_DEFAULT:
        return False
    return type(value) is type(default) and bool(value == default)


def golden_form(value: Any, dumped: Any) -> Any:
    """The dump of `value` with every dataclass field at its declared default left out,
    at any depth; the dump itself is not changed."""
    if is_dataclass(value) and not isinstance(value, type) and isinstance(dumped, dict):
        out = dict(dumped)
        for field in fields(value):
            if field.name not in out:
                continue
            item = getattr(value, field.name)
            if at_default(field, item):
                del out[field.name]
            else:
                out[field.name] = golden_form(item, out[field.name])
        return out
    if isinstance(value, tuple | list) and isinstance(dumped, list) and len(value) == len(dumped):
        return [golden_form(v, d) for v, d in zip(value, dumped, strict=True)]
    return dumped
