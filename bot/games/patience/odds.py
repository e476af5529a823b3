"""The odds of Cheney's book in words: how many deals of a patience game can be won, as
bench/bench_odds.py measured them (the figures in odds_data.py, docs/odds.md), for
`/rules` and the patience picture's footer.

A figure is the 95% interval (Wilson's) of the share of deals that can be won, played
knowing every card, as the server does: from the deals proved won (the undecided ones
counted lost) to the deals proved won or left undecided (counted won), so an undecided
deal widens it and is never guessed. The rounding rule, in words:
- the interval is narrow when it spans at most 10 points and its top is at most half as
  much again as its bottom; then its middle p is said as "about 1 deal in k" with k the
  nearest whole number to 1/p (halves up) while p is under one half, as "about m deals
  in 10" (m = 10p to the nearest, halves up) from a half on, and as "nearly every deal"
  when m comes to 10;
- otherwise only what is known is said: "at least 1 deal in k" (k = 1/bottom rounded up,
  so never more than is proved), "at most 1 in k" (1/top rounded down) or "m in 10"
  (rounded outwards), and the share of deals the solver could not decide.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from bot.games.patience.odds_data import ODDS, RUN

Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""
NARROW_SPAN, NARROW_RATIO = 0.10, 1.5
"""An interval said as "about ...": at most this wide, its top at most this times its bottom."""
NOT_MEASURED = "Its odds have not been measured yet."
SHORT = "knowing every card"
NEARLY = "nearly every deal"
"""How the figure was reached, in a footer's few words."""


def wilson(hits: int, n: int) -> tuple[float, float]:
    """Wilson's 95% interval of a share `hits / n`."""
    if n == 0:
        return 0.0, 1.0
    p = hits / n
    centre = p + Z95**2 / (2 * n)
    spread = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n))
    scale = 1 + Z95**2 / n
    low = 0.0 if hits == 0 else max(0.0, (centre - spread) / scale)
    return low, 1.0 if hits == n else min(1.0, (centre + spread) / scale)  # exact at the ends


@dataclass(frozen=True)
class Odds:
    """One game's measured deals: the solver's verdicts, the greedy player's wins on the
    same deals, and the solves' mean and 99th-percentile CPU seconds."""

    deals: int
    won: int
    lost: int
    unknown: int
    greedy: int = 0
    mean_s: float = 0.0
    p99_s: float = 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of the winnable share: proved wins to wins and undecided."""
        return wilson(self.won, self.deals)[0], wilson(self.won + self.unknown, self.deals)[1]

    @property
    def greedy_interval(self) -> tuple[float, float]:
        """The 95% interval of the greedy player's rate on the same deals."""
        return wilson(self.greedy, self.deals)


def odds(key: str) -> Odds | None:
    """A game's measured odds, or None if it has not been measured."""
    row = ODDS.get(key)
    return Odds(*row) if row is not None else None


def _one_in(p: float, up: bool) -> int:
    """1/p as a whole number, rounded up (a lower bound) or down (an upper one)."""
    return math.ceil(1 / p - 1e-9) if up else max(1, math.floor(1 / p + 1e-9))


def _about(p: float) -> str:
    """A share said by the rounding rule: "1 deal in k", "m deals in 10", or nearly all."""
    if p < 0.5:
        return f"1 deal in {math.floor(1 / p + 0.5 + 1e-9)}"
    tenths = math.floor(10 * p + 0.5 + 1e-9)
    return NEARLY if tenths >= 10 else f"{tenths} deals in 10"


def _approx(share: str) -> str:
    """A share said by the rounding rule, with its "about" ("nearly every deal" has its own)."""
    return share if share == NEARLY else f"about {share}"


def _capital(text: str) -> str:
    """The text with its first letter a capital."""
    return text[:1].upper() + text[1:]


def _bound(p: float, lower: bool) -> str:
    """A bound said so it never claims more than it knows (rounded outwards)."""
    if p < 0.5:
        return f"1 deal in {_one_in(p, up=lower)}"
    tenths = math.floor(10 * p + 1e-9) if lower else math.ceil(10 * p - 1e-9)
    return f"{tenths} deals in 10"


@dataclass(frozen=True)
class Said:
    """What some verdicts let one say of the winnable share: "about" a share (narrow), or
    the bounds that are known ("" where nothing worth saying is known)."""

    deals: int
    about: str = ""
    least: str = ""
    most: str = ""
    undecided: float = 0.0


def said(won: int, lost: int, unknown: int) -> Said:
    """The rounding rule applied to verdicts on some deals (see the module's words)."""
    deals = won + lost + unknown
    if deals == 0:
        return Said(0)
    low, high = wilson(won, deals)[0], wilson(won + unknown, deals)[1]
    if low > 0 and high - low <= NARROW_SPAN and high <= NARROW_RATIO * low:
        return Said(deals, about=_about((low + high) / 2))
    least = _bound(low, lower=True) if won else ""
    most = _bound(high, lower=False) if high < 0.9 else ""
    return Said(deals, least=least, most=most, undecided=unknown / deals)


def share_words(won: int, lost: int, unknown: int) -> str:
    """What the solver's verdicts on some deals say of the share that can be won."""
    it = said(won, lost, unknown)
    if not it.deals:
        return NOT_MEASURED
    if it.about:
        return f"{_capital(_approx(it.about))} can be won."
    if it.least:
        text = f"At least {it.least} can be won" + (f", and at most {it.most}" if it.most else "")
    else:
        text = f"None of the {it.deals:,} deals tried was won"
        text += f"; at most {it.most} can be won" if it.most else ""
    if it.undecided:
        text += f"; {it.undecided:.0%} of the deals tried could not be decided"
    return text + "."


def short_words(won: int, lost: int, unknown: int) -> str:
    """The same in a footer's few words ("" for no deals)."""
    it = said(won, lost, unknown)
    if not it.deals:
        return ""
    if it.about:
        return f"Odds {SHORT}: {_approx(it.about)}"
    first = f"at least {it.least}" if it.least else f"none of {it.deals:,} won"
    return f"Odds {SHORT}: {first}" + (
        f", at most {it.most.replace(' deals', '').replace(' deal', '')}" if it.most else ""
    )


def odds_words(key: str) -> str:
    """A game's odds for its rules: the figure, how it was reached, and from how much."""
    found = odds(key)
    if found is None:
        return NOT_MEASURED
    figure = share_words(found.won, found.lost, found.unknown)
    return (
        f"{figure} (Solved {SHORT}, as the server does, on {found.deals:,} deals within"
        f" {RUN.get('seconds', 0)} s each, {RUN.get('date', '')}; the hints' greedy player"
        f" won {found.greedy:,} of them. See docs/odds.md.)"
    )


def odds_footer(key: str) -> str:
    """A game's odds in a footer's few words ("" if not measured)."""
    found = odds(key)
    return short_words(found.won, found.lost, found.unknown) if found is not None else ""
