"""Game options: defaults, typed and text values, and the sentences that refuse bad ones."""

from __future__ import annotations

import pytest

from bot.games.errors import IllegalAction
from bot.games.options import Option, OptionValue, resolve

RATE = Option("max_rate", 5, "The highest rate a punter may choose.", minimum=1, maximum=10)
NO_ZEROS = Option("no_zeros", False, "Strip the five zeros from the pack.")
DEALS = Option("deals", 0, "Deals in the session (0: one round).", minimum=0)
TARGET = Option("target", 20, "The score that wins.", choices=(20, 40))
SPLIT = Option("split", "pot", "Who takes a tie.", choices=("pot", "carry"))
NAME = Option("title", "Parlour", "A free text label.")
DECLARED = (RATE, NO_ZEROS, DEALS, TARGET, SPLIT, NAME)


def option_refusal(option: Option, value: object) -> str:
    """The sentence with which `option` refuses `value`."""
    with pytest.raises(IllegalAction) as refused:
        option.parse(value)
    reason = refused.value.reason
    assert reason.endswith(".")
    assert option.name in reason
    return reason


def test_resolve_gives_every_default_when_nothing_is_asked() -> None:
    expected = {
        "max_rate": 5,
        "no_zeros": False,
        "deals": 0,
        "target": 20,
        "split": "pot",
        "title": "Parlour",
    }
    assert resolve(DECLARED, None) == expected
    assert resolve(DECLARED, {}) == expected
    assert resolve((), None) == {}


def test_resolve_overlays_the_given_values_on_the_defaults() -> None:
    values = resolve(DECLARED, {"max_rate": 7, "no_zeros": True})
    assert values["max_rate"] == 7
    assert values["no_zeros"] is True
    assert values["target"] == 20
    assert set(values) == {o.name for o in DECLARED}


def test_resolve_parses_text_values() -> None:
    values = resolve(DECLARED, {"max_rate": "5", "no_zeros": "true", "target": "40"})
    assert values == resolve(DECLARED, {"max_rate": 5, "no_zeros": True, "target": 40})
    assert type(values["max_rate"]) is int
    assert values["no_zeros"] is True


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("true", True),
        ("True", True),
        (" yes ", True),
        ("on", True),
        ("1", True),
        ("false", False),
        ("NO", False),
        ("off", False),
        ("0", False),
        (True, True),
        (False, False),
        (1, True),
        (0, False),
    ],
)
def test_bool_option_values(text: object, value: bool) -> None:
    assert NO_ZEROS.parse(text) is value


@pytest.mark.parametrize("text", ["maybe", "", "2", "tru", "yess", 2, None])
def test_bad_bool_is_refused(text: object) -> None:
    assert option_refusal(NO_ZEROS, text) == "Option no_zeros must be true or false."


@pytest.mark.parametrize(
    ("given", "value"), [(3, 3), ("3", 3), (" 10 ", 10), ("1", 1), (1, 1), ("-0", 0)]
)
def test_int_option_values(given: object, value: int) -> None:
    parsed = (DEALS if value == 0 else RATE).parse(given)
    assert parsed == value
    assert type(parsed) is int


@pytest.mark.parametrize(
    "given", ["five", "", "5.0", 5.0, "1e3", "--5", "+-5", "\u00b2", "\u0663", True, "9" * 13]
)
def test_a_value_that_is_not_a_whole_number_is_refused(given: object) -> None:
    assert option_refusal(RATE, given) == "Option max_rate must be a whole number."


@pytest.mark.parametrize("given", [0, 11, "11", -1, "-3", 10**9])
def test_out_of_range_is_refused_naming_the_range(given: object) -> None:
    assert option_refusal(RATE, given) == "Option max_rate must be from 1 to 10."


def test_a_one_sided_range_is_worded_by_its_bound() -> None:
    assert DEALS.parse(10**6) == 10**6
    assert option_refusal(DEALS, -1) == "Option deals must be 0 or more."
    at_most = Option("cap", 3, "A cap.", maximum=5)
    assert at_most.parse(-20) == -20
    assert option_refusal(at_most, 6) == "Option cap must be 5 or less."
    free = Option("offset", 0, "Anything.")
    assert free.parse("-123") == -123


@pytest.mark.parametrize(("option", "given"), [(TARGET, 30), (TARGET, "30"), (SPLIT, "share")])
def test_a_value_outside_the_choices_is_refused_listing_them(option: Option, given: object) -> None:
    reason = option_refusal(option, given)
    assert reason.startswith(f"Option {option.name} must be one of ")
    assert all(str(c) in reason for c in option.choices)


def test_choices_accept_their_values() -> None:
    assert TARGET.parse("40") == 40
    assert SPLIT.parse("carry") == "carry"
    assert NAME.parse("Any text at all") == "Any text at all"
    assert NAME.parse(12) == "12"


def test_bool_choices_are_written_in_lower_case() -> None:
    only_true = Option("strict", True, "Strict play.", choices=(True,))
    assert option_refusal(only_true, "false") == "Option strict must be one of true."
    assert only_true.describe() == "strict (true, default true): Strict play."


def test_unknown_option_is_named_and_the_known_ones_listed() -> None:
    with pytest.raises(IllegalAction) as refused:
        resolve(DECLARED, {"max_rate": 3, "jokers": True})
    reason = refused.value.reason
    assert "'jokers'" in reason
    assert "deals, max_rate, no_zeros, split, target, title" in reason
    with pytest.raises(IllegalAction, match="Its options are: none"):
        resolve((), {"jokers": True})


def test_resolve_refuses_a_bad_value_with_the_option_s_own_sentence() -> None:
    with pytest.raises(IllegalAction, match="Option max_rate must be from 1 to 10"):
        resolve(DECLARED, {"max_rate": "99"})


@pytest.mark.parametrize(
    ("option", "line"),
    [
        (RATE, "max_rate (1..10, default 5): The highest rate a punter may choose."),
        (NO_ZEROS, "no_zeros (true|false, default false): Strip the five zeros from the pack."),
        (DEALS, "deals (0 or more, default 0): Deals in the session (0: one round)."),
        (TARGET, "target (20|40, default 20): The score that wins."),
        (SPLIT, "split (pot|carry, default pot): Who takes a tie."),
        (NAME, "title (text, default Parlour): A free text label."),
        (Option("offset", 0, "Anything."), "offset (any whole number, default 0): Anything."),
    ],
)
def test_describe(option: Option, line: str) -> None:
    assert option.describe() == line


@pytest.mark.parametrize("option", DECLARED)
def test_every_default_passes_its_own_parse(option: Option) -> None:
    default: OptionValue = option.default
    assert option.parse(default) == default
    as_text = str(default).lower() if isinstance(default, bool) else str(default)
    assert option.parse(as_text) == default


def test_kind_is_the_type_of_the_default() -> None:
    assert [o.kind for o in (RATE, NO_ZEROS, NAME)] == ["int", "bool", "str"]
