"""docs/odds.md's checks of the measured odds against figures known otherwise: the Clock's
exact 1 in 13, and the games of Cheney's book that are, under other names, games with a
published figure."""

from __future__ import annotations

from bot.games.patience.odds import Odds

CLOCK = 1 / 13
"""The Clock is won exactly when the last King comes up last: 4 of the 52 cards, each as
likely to be last (tests/games/patience/test_odds.py checks it deal by deal)."""


def pct(p: float) -> str:
    """A share as a percentage to two places."""
    return f"{100 * p:.2f}%"


def clock_check(found: dict[str, Odds]) -> list[str]:
    """The Clock's measured interval against 1 in 13."""
    o = found.get("clock")
    if o is None:
        return ["The Clock was not measured in this run."]
    low, high = o.interval
    agrees = "agrees" if low <= CLOCK <= high else "DISAGREES"
    return [
        "### The Clock: 1 deal in 13",
        "",
        "The Clock is won exactly when the fourth King is the last card to come up: the"
        " game ends when the fourth King is turned, so it is won only if no other card is"
        " still face down then, and the last card of the 52 is as likely to be any of them,"
        " so 4 in 52, 1 in 13 (7.69%). The same argument holds deal by deal: the solver's"
        " verdict on a Clock deal is 'won' exactly when the last card to come up, playing"
        " the deal out, is a King.",
        "",
        "tests/games/patience/test_odds.py checks the solver deal by deal against a"
        " criterion that reads the deal without playing it: the last card to come up from"
        " each of the twelve hours points at the hour of its rank, and the deal comes out"
        " exactly when every hour leads along those pointers to the kings' pile (no cycle"
        " among the hours). On deals 0 to 1,999 the two agree on every deal. The run's Clock"
        " figure:"
        f" {o.won:,} won of {o.deals:,} ({pct(o.won / o.deals)}), 95% interval"
        f" {pct(low)} to {pct(high)}, {o.unknown} unknown: it {agrees} with 1 in 13.",
    ]


def checks(found: dict[str, Odds]) -> list[str]:
    """The page's section of checks."""
    return ["## Checks against known figures", "", *clock_check(found), ""]
