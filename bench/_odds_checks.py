"""docs/odds.md's checks of the measured odds against figures known otherwise: the Clock's
exact 1 in 13, and the games of Cheney's book that are, under other names, games with a
published figure."""

from __future__ import annotations

from bot.games.patience.odds import Odds, share_words

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


def _figure(found: dict[str, Odds], key: str) -> str:
    """A game's measured figure for the prose: its interval and N."""
    o = found.get(key)
    if o is None:
        return "not measured in this run"
    low, high = o.interval
    return (
        f"{pct(low)} to {pct(high)} of {o.deals:,} deals ({share_words(o.won, o.lost, o.unknown)})"
    )


def other_names(found: dict[str, Odds]) -> list[str]:
    """Cheney's games that are, under other names, games with a published figure."""
    return [
        "### Games known under other names",
        "",
        "The docs and pages corpora were searched for published winnability figures of"
        " Cheney's games under their modern names (Solvitaire's table, Blake and Gent; Jan"
        " Wolter's Politaire analysis; Michael Keller's Solitaire Laboratory). Cheney's"
        " names mostly differ from the modern ones, and most of her games have no modern"
        " figure at all; three match by their rules.",
        "",
        "- **The Clock** is the modern Clock, rule for rule: the exact 1 in 13 above.",
        "- **Fourteen** is not the modern Fourteen Out, though both throw out pairs making"
        " fourteen. Keller (solitairelaboratory.com, 'Fourteen Out') gives an expert's wins"
        " as 90 to 95% and, from his solver and hand analysis, 358 of 400 deals solved, 15"
        " impossible and 27 undecided (so 89.5% to 96.3% of his sample). Fourteen Out lays"
        " one pack out at once in twelve columns, pairs only uncovered cards and has no"
        " refill, no swap and no redeal. Cheney's game uses two packs in a square of 25,"
        " pairs any two cards of a row or a column, fills every place from the pack at once,"
        " allows one swap and re-lays the cards after the first gap when the pack is out:"
        " far more chances, and so a higher figure. Ours: " + _figure(found, "fourteen") + ".",
        "- **The Flower Garden** is the modern Flower Garden by its layout: six beds of six"
        " face up, a bouquet of sixteen all free, aces up in suit, building down regardless"
        " of suit, any card into an empty bed. Solvitaire (Blake and Gent) measure it, with"
        " one card moved at a time and cards allowed back from the families (its preset in"
        " the Solvitaire repository: 'move built group' false, 'foundations removable'"
        " true). Cheney's rules as we read them move a whole sequence at once when its"
        " lowest card fits, and take no card back from a family: one rule more generous,"
        " one less. The stored copies of their paper that could be reached here hold only"
        " its opening pages, so their figure could not be read, and none is quoted. Ours: "
        + _figure(found, "flower-garden")
        + ".",
    ]


def checks(found: dict[str, Odds]) -> list[str]:
    """The page's section of checks."""
    return ["## Checks against known figures", "", *clock_check(found), "", *other_names(found), ""]
