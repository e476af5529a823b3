"""The odds of Cheney's book, as measured by bench/bench_odds.py (which writes this
file: rerun it rather than editing): for each patience game, the deals solved (seeds 0..N-1,
the deals `parlour simulate GAME --seed 0` plays), the solver's verdicts on them, knowing
every card, as the server does, the greedy player's wins on the same deals, and the
solves' mean and 99th-percentile CPU seconds. bot/games/patience/odds.py says them in
words; docs/odds.md has the page."""

RUN: dict[str, str | float | int] = {}

ODDS: dict[str, tuple[int, int, int, int, int, float, float]] = {
    # game: (deals, won, lost, unknown, greedy won, mean s, p99 s)
}
