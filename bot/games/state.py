"""Game states that are frozen dataclasses of tuples: dumping and loading them (tuples
become JSON lists, and back, field by field), a tuple with one item replaced, and a cheap
replace for the hot path."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, fields
from types import MemberDescriptorType
from typing import Any, Protocol, TypeAlias, TypeVar

Json: TypeAlias = "bool | int | float | str | list[Json] | dict[str, Json] | None"
"""A JSON value: what dumps hold and loads read (a state's stored form)."""
JsonDict: TypeAlias = dict[str, Json]
"""A JSON object: a state's dump."""
Dumped: TypeAlias = Mapping[str, Any]  # JSON read back carries no types: each load restores them
"""A dump read back, for a load."""

T = TypeVar("T")
S = TypeVar("S")
P = TypeVar("P", bound=type)


def _lists(value: object) -> Any:  # Any: a state's field as JSON (its tuples made lists)
    """Tuples, at any depth, as lists."""
    return [_lists(v) for v in value] if isinstance(value, tuple) else value


def _tuples(value: object) -> Any:  # Any: a field read back, typed by its dataclass
    """Lists, at any depth, as tuples."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def dump_frozen(state: object) -> JsonDict:
    """A frozen dataclass state as JSON-safe data, one key per field."""
    # object: states reach here through protocols (DepartingState) that mypy cannot tie to
    # a dataclass; fields() refuses anything else at run time.
    return {f.name: _lists(getattr(state, f.name)) for f in fields(state)}  # type: ignore[arg-type]


def load_frozen(cls: type[T], data: Dumped) -> T:
    """The state of class `cls` from dump_frozen's data. A field the data lacks (saved
    before the field existed) takes its declared default; one with no default is a
    KeyError naming it."""
    values = {}
    for f in fields(cls):  # type: ignore[arg-type]
        if f.name in data:
            values[f.name] = _tuples(data[f.name])
        elif f.default is MISSING and f.default_factory is MISSING:
            raise KeyError(f"{cls.__name__} needs {f.name!r}, which the data lacks")
    return cls(**values)


def put(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """The tuple with one item replaced."""
    return (*values[:index], value, *values[index + 1 :])


_KEEP = object()
"""The default of every evolve parameter: keep the field as it is."""


class Evolve(Protocol[S]):
    """dataclasses.replace for one state class, made cheap for the hot path."""

    def __call__(self, state: S, /, **changes: object) -> S:
        """The state with some fields changed."""
        ...


def state_part(cls: P) -> P:
    """Make a frozen dataclass a part that state classes derive from (the fields every
    trick game shares, say), never a state of its own. Each state class built on it is
    frozen by its own __setattr__, so the part's is taken away: a copy's filler (see
    _filler), which derives from the part, then stores into the slots as fast as a plain
    object does, where the part's would refuse every store."""
    del cls.__setattr__, cls.__delattr__
    return cls


def _slotted(cls: type, names: tuple[str, ...]) -> bool:
    """Whether a copy may fill the fields' slots directly: every class the state is built
    on (itself included) declares slots, one base each, the slots are exactly the fields,
    no base but object refuses stores (a base is a `state_part`), and there is no
    __post_init__ to run."""
    chain = cls.__mro__[:-1]
    own = [c.__dict__.get("__slots__") for c in chain]
    slots = tuple(n for c in reversed(own) for n in ((c,) if isinstance(c, str) else c or ()))
    return (
        all(s is not None and len(c.__bases__) == 1 for s, c in zip(own, chain, strict=True))
        and not any("__setattr__" in c.__dict__ for c in chain[1:])
        and not hasattr(cls, "__post_init__")
        and sorted(slots) == sorted(names)
        and all(isinstance(_member(cls, n), MemberDescriptorType) for n in names)
    )


def _member(cls: type, name: str) -> object:
    """The attribute `name` as the class that declares it holds it (a slot's descriptor)."""
    return next((c.__dict__[name] for c in cls.__mro__ if name in c.__dict__), None)


def _filler(cls: type) -> type:
    """A class with the same layout as the frozen `cls` whose fields take plain stores: a
    copy is filled as one of these (an ordinary attribute store per field, which Python
    makes fast, where the frozen class refuses stores and its descriptors cost a slow call
    each), then turned into a `cls` by assigning its __class__, which Python allows
    between classes that stand on the same base and add the same slots to it. So the
    filler derives from the state's own base (object, or a `state_part`) and adds the
    state's own slots."""
    slots = cls.__dict__["__slots__"]  # its own (_slotted has checked it declares them)
    return type(f"_{cls.__name__}Filler", cls.__bases__, {"__slots__": slots})


def evolver(cls: type[S], *changing: str) -> Evolve[S]:
    """THE way to copy a state with changes: `evolve = evolver(MyState)` once under the
    class, then `evolve(st, field=value, ...)`, by keyword only, so reordering the fields
    can never swap two values. It is dataclasses.replace made cheap for the hot path (it
    runs on every action; simulate plays thousands of deals a second): like the
    dataclasses module itself, it writes one function for the class, whose keyword
    parameters default to a marker meaning "keep this field".

    Given field names, it writes the copy for one hottest path instead (a card added to
    a trick, say): those fields are required keywords and every other field is kept, with
    no marker to test field by field."""
    names = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]
    unknown = sorted(set(changing) - set(names))
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {', '.join(unknown)}")
    if changing:
        params = ", ".join(changing)
        values = {n: n if n in changing else f"state.{n}" for n in names}
    else:
        params = ", ".join(f"{n}=_KEEP" for n in names)
        values = {n: f"state.{n} if {n} is _KEEP else {n}" for n in names}
    # Any: exec's namespace, whose `evolve` is the function written for this class
    space: dict[str, Any] = {"cls": cls, "_KEEP": _KEEP, "_new": object.__new__}
    if _slotted(cls, names):
        # fill a same-layout object that takes plain stores, then make it a `cls` (see
        # _filler): a frozen dataclass's __init__ sets every field through
        # object.__setattr__ by name, and even its slot descriptors cost a generic call
        # each, several times the store
        space |= {"_Filler": _filler(cls), "_recast": object.__setattr__}
        sets = "".join(f"    new.{n} = {v}\n" for n, v in values.items())
        source = (
            f"def evolve(state, /, *, {params}):\n    new = _new(_Filler)\n{sets}"
            "    _recast(new, '__class__', cls)\n    return new\n"
        )
    else:
        source = (
            f"def evolve(state, /, *, {params}):\n    return cls({', '.join(values.values())})\n"
        )
    exec(compile(source, f"<evolve {cls.__name__}>", "exec"), space)
    evolve: Evolve[S] = space["evolve"]
    changed = ", ".join(changing) if changing else "the fields given by keyword"
    evolve.__doc__ = f"A {cls.__name__} with {changed} changed."
    return evolve
