"""The odds of Cheney's book (bot/games/patience/odds.py and the data bench/bench_odds.py
writes): every patience game measured, the figures said by the rounding rule, and the
Clock's figure checked against the exact 1 in 13."""

from __future__ import annotations

import pytest

from bench.bench_odds import plan
from bot.games import registry
from bot.games.patience import odds_data
from bot.games.patience.engine import rank
from bot.games.patience.odds import (
    NOT_MEASURED,
    Odds,
    _about,
    odds,
    odds_footer,
    odds_words,
    share_words,
    short_words,
    wilson,
)
from bot.games.patience.search import dealt, solvable, solve_deal
from bot.games.patience.search.core import Budget

PATIENCE = sorted(g.info.key for g in registry.all() if solvable(g))


# -- the data ------------------------------------------------------------------------------


def test_the_data_covers_every_patience_game_and_nothing_else() -> None:
    assert len(PATIENCE) == 54  # the 53 of the book and the two-pack variant, Sympathy among them
    assert sorted(odds_data.ODDS) == PATIENCE


@pytest.mark.parametrize("key", PATIENCE)
def test_a_game_s_figures_add_up(key: str) -> None:
    found = odds(key)
    assert found is not None
    assert found.deals == found.won + found.lost + found.unknown > 0
    assert 0 <= found.greedy <= found.won + found.unknown  # a greedy win is a win
    assert 0 <= found.mean_s <= found.p99_s or found.deals < 100
    low, high = found.interval
    assert 0 <= low <= found.won / found.deals <= (found.won + found.unknown) / found.deals <= high


def test_the_run_is_described() -> None:
    run = odds_data.RUN
    assert {"date", "machine", "allowance_s", "took_s", "seconds", "seed"} <= set(run)
    assert float(run["took_s"]) <= float(run["allowance_s"])


def test_every_patience_game_carries_its_odds_and_no_other_game_does() -> None:
    for game in registry.all():
        if game.info.key in PATIENCE:
            assert game.info.odds == odds_words(game.info.key) != NOT_MEASURED
            assert game.info.odds_short == odds_footer(game.info.key) != ""
            assert "knowing every card" in game.info.odds + game.info.odds_short
        else:
            assert game.info.odds == game.info.odds_short == ""


# -- the words -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("won", "lost", "unknown", "words"),
    [
        (1_538, 18_462, 0, "About 1 deal in 13 can be won."),  # 7.69%: 1/p = 13.0
        (2_000, 18_000, 0, "About 1 deal in 10 can be won."),
        (1_550, 18_450, 0, "About 1 deal in 13 can be won."),  # 1/p = 12.9
        (6_000, 4_000, 0, "About 6 deals in 10 can be won."),
        (5_000, 5_000, 0, "About 5 deals in 10 can be won."),  # from one half on, tenths
        (9_990, 10, 0, "Nearly every deal can be won."),
        (662, 0, 0, "Nearly every deal can be won."),
    ],
)
def test_a_narrow_interval_is_said_about_its_middle(
    won: int, lost: int, unknown: int, words: str
) -> None:
    assert share_words(won, lost, unknown) == words


def test_halves_go_up() -> None:
    assert _about(0.08) == "1 deal in 13"  # 1/p = 12.5
    assert _about(1 / 12.49) == "1 deal in 12"
    assert _about(0.65) == "7 deals in 10" and _about(0.5) == "5 deals in 10"
    assert _about(0.95) == "nearly every deal"


def test_a_wide_interval_says_only_what_is_known() -> None:
    assert share_words(30, 20, 150) == (
        "At least 1 deal in 10 can be won; 75% of the deals tried could not be decided."
    )
    assert share_words(60, 40, 0) == "At least 5 deals in 10 can be won, and at most 7 deals in 10."
    assert share_words(3, 60, 0) == ("At least 1 deal in 62 can be won, and at most 1 deal in 7.")
    assert (
        share_words(0, 20, 0)
        == "None of the 20 deals tried was won; at most 1 deal in 6 can be won."
    )
    assert share_words(0, 3, 17) == (
        "None of the 20 deals tried was won; 85% of the deals tried could not be decided."
    )


def test_a_bound_never_claims_more_than_the_interval() -> None:
    for won, lost, unknown in [(30, 20, 150), (3, 60, 0), (60, 40, 0), (14, 0, 18)]:
        low, high = (
            wilson(won, won + lost + unknown)[0],
            wilson(won + unknown, won + lost + unknown)[1],
        )
        text = share_words(won, lost, unknown)
        least = text.split("At least ")[1].split(" can")[0]
        assert _share(least) <= low, text
        if "at most" in text:
            assert _share(text.split("at most ")[1].split(";")[0].rstrip(".")) >= high, text


def _share(words: str) -> float:
    """'1 deal in 9' or '5 deals in 10' as a share."""
    parts = words.split()
    return int(parts[0]) / int(parts[-1])


def test_a_game_not_yet_measured_says_so() -> None:
    assert share_words(0, 0, 0) == NOT_MEASURED
    assert short_words(0, 0, 0) == ""
    assert odds_words("no-such-patience") == NOT_MEASURED
    assert odds_footer("no-such-patience") == ""


def test_the_footer_s_words_are_short() -> None:
    assert short_words(1_538, 18_462, 0) == "Odds knowing every card: about 1 deal in 13"
    assert short_words(30, 20, 150) == "Odds knowing every card: at least 1 deal in 10"
    assert short_words(60, 40, 0) == (
        "Odds knowing every card: at least 5 deals in 10, at most 7 in 10"
    )
    assert short_words(0, 20, 0) == "Odds knowing every card: none of 20 won, at most 1 in 6"
    for key in PATIENCE:
        assert len(odds_footer(key)) <= 70, key


def test_the_rules_sentence_says_how_the_figure_was_reached() -> None:
    found = odds("clock")
    assert found is not None
    text = odds_words("clock")
    assert text.startswith(share_words(found.won, found.lost, found.unknown))
    assert "knowing every card, as the server does" in text
    assert f"{found.deals:,} deals" in text and "docs/odds.md" in text


# -- the Clock: 1 deal in 13 ---------------------------------------------------------------


def clock_comes_out(seed: int) -> bool:
    """Whether a Clock deal comes out, from the deal alone, without playing it: the last
    card to come up from each of the twelve hours (its bottom card) points at the hour of
    its rank; the deal comes out exactly when every hour leads, along those pointers, to
    the kings' pile (a tree rooted at the centre: no cycle among the hours)."""
    state = dealt(registry.get("clock"), seed)
    deck = state.deck
    bottom = {h: rank(deck[4 * h - 1]) for h in range(1, 13)}  # the last of each hour's four
    for start in range(1, 13):
        hour, seen = start, set()
        while hour != 13:
            if hour in seen:
                return False
            seen.add(hour)
            hour = bottom[hour]
    return True


def test_the_clock_is_won_exactly_when_its_hours_lead_to_the_kings() -> None:
    budget = Budget(positions=10_000, seconds=60)
    out = [clock_comes_out(seed) for seed in range(2_000)]
    verdicts = [solve_deal("clock", seed, budget, lambda: 0.0).result for seed in range(2_000)]
    assert verdicts == ["won" if o else "lost" for o in out]
    low, high = wilson(sum(out), len(out))
    assert low <= 1 / 13 <= high


def test_the_measured_clock_agrees_with_1_in_13() -> None:
    found = odds("clock")
    assert found is not None and found.unknown == 0 and found.deals >= 10_000
    low, high = found.interval
    assert low <= 1 / 13 <= high
    assert odds_footer("clock").endswith("about 1 deal in 13") or high - low > 0.006


# -- the bench's plan ----------------------------------------------------------------------


def test_the_plan_shares_the_time_equally_and_gives_cheap_games_their_most() -> None:
    deals = plan({"fast": 0.001, "slow": 1.0, "slower": 2.0}, 300.0, most=1_000)
    assert deals["fast"] == 1_000  # 1 s of its 100 s share
    assert deals["slow"] == 149 and deals["slower"] == 74  # (300 - 1) / 2 each
    assert plan({"a": 0.5}, 0.1, most=10) == {"a": 1}  # every game gets a deal


def test_odds_of_a_row_round_trip() -> None:
    row = (100, 10, 80, 10, 5, 0.2, 0.5)
    assert Odds(*row).interval == (wilson(10, 100)[0], wilson(20, 100)[1])
