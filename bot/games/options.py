"""Game options: each game declares its options; `resolve` checks what a table asks for.

Options carry our choices where the rules are silent (see `the games' rules.md pages` [OUR CHOICE]).
Values arrive typed (from code) or as text (from the command line or a slash command);
both are checked the same way and refused with one clear sentence.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from bot.games.errors import IllegalAction
from bot.games.messages import Text

OptionValue = bool | int | str

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True, slots=True)
class Option:
    """One declared option: name, type (from its default), allowed values and help."""

    name: str
    default: OptionValue
    help: Text
    choices: tuple[OptionValue, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    @property
    def kind(self) -> str:
        """The option's type name: 'bool', 'int' or 'str'."""
        return type(self.default).__name__

    def describe(self) -> str:
        """One line: name, allowed values, default and help."""
        if self.choices:
            allowed = "|".join(_text(c) for c in self.choices)
        elif isinstance(self.default, bool):
            allowed = "true|false"
        elif isinstance(self.default, int):
            both = self.minimum is not None and self.maximum is not None
            allowed = f"{self.minimum}..{self.maximum}" if both else self._bounds()
        else:
            allowed = "text"
        return f"{self.name} ({allowed}, default {_text(self.default)}): {self.help}"

    def _bounds(self) -> str:
        """The allowed whole numbers in words: 'from 1 to 5', '1 or more', 'any whole number'."""
        low, high = self.minimum, self.maximum
        if low is not None and high is not None:
            return f"from {low} to {high}"
        if low is not None:
            return f"{low} or more"
        if high is not None:
            return f"{high} or less"
        return "any whole number"

    def parse(self, value: object) -> OptionValue:
        """The checked value of this option, or IllegalAction saying what is allowed."""
        parsed = self._coerce(value)
        if self.choices and parsed not in self.choices:
            allowed = ", ".join(_text(c) for c in self.choices)
            raise IllegalAction(f"Option {self.name} must be one of {allowed}.")
        if isinstance(parsed, int) and not isinstance(parsed, bool):
            low, high = self.minimum, self.maximum
            if (low is not None and parsed < low) or (high is not None and parsed > high):
                raise IllegalAction(f"Option {self.name} must be {self._bounds()}.")
        return parsed

    def _coerce(self, value: object) -> OptionValue:
        if isinstance(self.default, bool):
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in _TRUE:
                return True
            if text in _FALSE:
                return False
            raise IllegalAction(f"Option {self.name} must be true or false.")
        if isinstance(self.default, int):
            if isinstance(value, int) and not isinstance(value, bool):
                return value
            text = str(value).strip()
            # ASCII digits only: str.isdigit also passes '²', which int() refuses.
            if re.fullmatch(r"-?[0-9]{1,11}", text):
                return int(text)
            raise IllegalAction(f"Option {self.name} must be a whole number.")
        return str(value)


def _text(value: OptionValue) -> str:
    """A value as a player writes it (booleans in lower case)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def resolve(
    declared: tuple[Option, ...], given: Mapping[str, object] | None
) -> dict[str, OptionValue]:
    """Every declared option's value: the defaults overlaid by the checked given values."""
    by_name = {o.name: o for o in declared}
    values: dict[str, OptionValue] = {o.name: o.default for o in declared}
    for name, value in (given or {}).items():
        option = by_name.get(name)
        if option is None:
            known = ", ".join(sorted(by_name)) or "none"
            raise IllegalAction(f"This game has no option '{name}'. Its options are: {known}.")
        values[name] = option.parse(value)
    return values


def parse_pairs(items: Iterable[str]) -> dict[str, str]:
    """`name=value` words (from a command line or a slash command) as a dict; IllegalAction
    for a word that is not a pair."""
    given: dict[str, str] = {}
    for item in items:
        for word in item.replace(",", " ").split():
            name, sep, value = word.partition("=")
            if not sep or not name.strip():
                raise IllegalAction(
                    f"Write options as name=value, like black_joke_no_zeros=true, not {word!r}."
                )
            given[name.strip()] = value.strip()
    return given
