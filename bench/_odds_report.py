"""What bench/bench_odds.py writes: the data file the bot reads
(bot/games/patience/odds_data.py), the page docs/odds.md and its section of
bench/RESULTS.md, the last two made from the data file alone (so `--rewrite` remakes
them without solving)."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

from bench._odds_checks import checks
from bench._results import write_section
from bot.games import registry
from bot.games.patience import odds_data
from bot.games.patience.odds import Odds, share_words

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "bot" / "games" / "patience" / "odds_data.py"
PAGE = ROOT / "docs" / "odds.md"
FIELDS = ("deals", "won", "lost", "unknown", "greedy", "mean_s", "p99_s")
DATA_HEAD = '''"""The odds of Cheney's book, as measured by bench/bench_odds.py (which writes this
file: rerun it rather than editing): for each patience game, the deals solved (seeds 0..N-1,
the deals `parlour simulate GAME --seed 0` plays), the solver's verdicts on them, knowing
every card, as the server does, the greedy player's wins on the same deals, and the
solves' mean and 99th-percentile CPU seconds. bot/games/patience/odds.py says them in
words; docs/odds.md has the page."""

'''


def write_data(rows: list[dict[str, Any]], facts: dict[str, Any]) -> None:
    """Write the data file: the run's facts and each game's figures, as Python literals
    laid out as `ruff format` lays them."""
    lines = [DATA_HEAD + "RUN: dict[str, str | float | int] = {"]
    lines += [f"    {json.dumps(k)}: {json.dumps(v)}," for k, v in facts.items()]
    lines += ["}", "", "ODDS: dict[str, tuple[int, int, int, int, int, float, float]] = {"]
    lines.append("    # game: (deals, won, lost, unknown, greedy won, mean s, p99 s)")
    for r in rows:
        values = ", ".join(repr(round(r[f], 4) if f.endswith("_s") else r[f]) for f in FIELDS)
        lines.append(f"    {json.dumps(r['game'])}: ({values}),")
    DATA.write_text("\n".join([*lines, "}", ""]))


def write_all(rows: list[dict[str, Any]] | None, facts: dict[str, Any] | None) -> None:
    """Write the data (if given: else write it again from the data file itself, laid
    out afresh) and then the page and the section."""
    if rows is None or facts is None:
        data = importlib.reload(odds_data)
        rows = [{"game": k, **dict(zip(FIELDS, v, strict=True))} for k, v in data.ODDS.items()]
        facts = dict(data.RUN)
    write_data(rows, facts)
    data = importlib.reload(odds_data)
    found = {k: Odds(*v) for k, v in data.ODDS.items()}
    run = dict(data.RUN)
    PAGE.write_text("\n".join(page(found, run)) + "\n")
    write_section("Odds of Cheney's book", section(found, run))


def pct(p: float) -> str:
    """A share as a percentage to one place."""
    return f"{100 * p:.1f}%"


def table(found: dict[str, Odds]) -> list[str]:
    """Every game's figures as a Markdown table."""
    lines = [
        "| game | N | won | lost | unknown | winnable (95%) | in words | greedy (95%)"
        " | mean s | p99 s |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for key, o in found.items():
        low, high = o.interval
        g_low, g_high = o.greedy_interval
        title = registry.get(key).info.title
        lines.append(
            f"| {title} (`{key}`) | {o.deals:,} | {o.won:,} | {o.lost:,} | {o.unknown:,} |"
            f" {pct(low)} to {pct(high)} | {share_words(o.won, o.lost, o.unknown)} |"
            f" {pct(o.greedy / o.deals)} ({pct(g_low)} to {pct(g_high)}) |"
            f" {o.mean_s:.3f} | {o.p99_s:.3f} |"
        )
    return lines


def how(run: dict[str, Any]) -> list[str]:
    """How the figures were reached, in a paragraph."""
    return [
        f"Measured {run['date']} on {run['machine']} by `nice -n 10 .venv/bin/python"
        f" bench/bench_odds.py --allowance {run['allowance_s']:g}` in {run['took_s']:,} s of"
        f" wall time (an allowance of {run['allowance_s']:,.0f} s), {run['jobs']} games at"
        " once in processes of their own. Each deal was solved knowing every card, as the"
        f" server does (the 'thoughtful' measure), within {run['seconds']:g} s of the solving"
        " process's CPU time; a deal not decided by then is 'unknown', never guessed. Every"
        " won line was replayed through the game itself to a win. The deals are seeds 0,"
        f" 1, 2, ... (`parlour simulate GAME --seed {run['seed']}` plays the same ones, and"
        " its `--solver` solves them). A pilot of"
        f" {run['pilot']} deals a game measured its speed, and each game's N followed from"
        " it: the allowance shared equally among the games, a game needing less than its"
        f" share for {run['most']:,} deals (the most any game gets) leaving the rest to the"
        " others; a game still running at the end of its share (a quarter over the"
        " pilot's estimate) stopped there, and N is what it reached. Load average (1, 5,"
        f" 15 min) before / after: {run['loads']}. The machine's two cores were shared with"
        " two other helpers' work during the run, so a CPU second did less than on an idle"
        " machine and the N are smaller than an idle machine reaches in the same time.",
    ]


def page(found: dict[str, Odds], run: dict[str, Any]) -> list[str]:
    """docs/odds.md, whole."""
    lines = [
        "# The odds of Cheney's book",
        "",
        "How many deals of each patience game in Cheney's book can be won, played knowing"
        " every card, as the server does. Written by `bench/bench_odds.py` (rerun it, or"
        " `--rewrite` after editing the text, rather than editing this page); `/rules GAME`"
        " and the patience picture's footer say the same figure in words.",
        "",
        "## How the figures were reached",
        "",
        *how(run),
        "",
        "The winnable share's 95% interval is Wilson's score interval, from the deals proved"
        " won (the unknown ones counted lost) to the deals proved won or unknown (counted"
        " won): an unknown deal widens it. The greedy player's rate is the hints played"
        " move by move on the same deals (`bot/simulate.py`), with its own Wilson interval."
        " Mean and p99 are of one solve's CPU seconds.",
        "",
        "The words follow one rounding rule (bot/games/patience/odds.py): when the interval"
        " spans at most 10 points and its top is at most 1.5 times its bottom, its middle p"
        " is said as 'about 1 deal in k' (k = 1/p to the nearest whole number, halves up)"
        " below one half and 'about m deals in 10' (m = 10p to the nearest) from one half on;"
        " otherwise only the bounds are said, rounded outwards ('at least 1 deal in k', k ="
        " 1/bottom rounded up; 'at most 1 in k', k = 1/top rounded down), with the share of"
        " deals left undecided.",
        "",
        "## Every game",
        "",
        *table(found),
        "",
        *checks(found),
    ]
    return lines


def section(found: dict[str, Odds], run: dict[str, Any]) -> list[str]:
    """The RESULTS.md section: how, the table, and the count of games by N."""
    big = sum(o.deals >= 1000 for o in found.values())
    narrow = sum(share_words(o.won, o.lost, o.unknown).startswith("About") for o in found.values())
    return [
        *how(run),
        "",
        *table(found),
        "",
        f"{big} of {len(found)} games reached N >= 1,000; {narrow} have an interval narrow"
        " enough to say 'about'. The page, with the checks against known figures: docs/odds.md.",
    ]
