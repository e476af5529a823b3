"""The tournament rules text: it quotes the numbers the standings and prizes apply, worked
by their own code, and follows them when they change."""

from __future__ import annotations

import re

import pytest

import bot.tournaments.rules as rules
from bot.tournaments import DEFAULT_SHARES, PrizeStructure, TableResult, match_points, pay
from bot.tournaments.rules import tournament_rules
from bot.tournaments.standings import DRAW, LOSS, WIN


def test_the_text_quotes_the_match_points_and_tie_breaks() -> None:
    text = tournament_rules()
    assert f"a win scores {WIN}, a draw {DRAW}, a loss {LOSS}" in text
    four = match_points(TableResult((1, 2, 3, 4), (1, 2, 3, 4)))
    assert four == (3, 2, 1, 0)
    assert "at four seats, 3, 2, 1 and 0" in text
    assert "two tied first of four take 3 each, and the next is third with 1" in text
    assert "A bye scores as a win: 3 at tables of two, N-1 at tables of N (2 at three)" in text
    assert re.search(r"1\. Buchholz.*2\. game points.*3\. a draw from the tournament's seed", text)
    assert "AI seats take their places at the table but score nothing" in text


def test_the_text_quotes_the_prize_structure_and_its_odd_chips() -> None:
    text = tournament_rules()
    assert DEFAULT_SHARES == (50, 30, 20)
    assert "by default 50/30/20" in text
    assert pay(101, PrizeStructure(), (1, 2, 3)) == (51, 30, 20)
    assert "a pot of 101 pays 51, 30 and 20" in text
    assert pay(101, PrizeStructure(), (1, 1, 3)) == (41, 40, 20)
    assert "two sharing first of a pot of 101 take 41 and 40" in text and "third 20" in text
    assert "A cancelled tournament returns every buy-in" in text
    assert "no buy-in is played for points alone" in text


def test_the_text_covers_formats_tables_and_people() -> None:
    text = tournament_rules()
    for words in (
        "no two players meet twice while it can be avoided",
        "gets a bye (the lowest-ranked who has not had one yet",
        "the empty seats filled with AI seats",
        "seeded in the order they joined",
        "the byes go to the top seeds",
        "Each table's winner advances",
        "one game of the game's usual length",
        "equal stacks lent by the bank",
        "Purses are never touched at a table",
        "an AI seat plays their seat to the end of that table",
        "ranks below every player who did not withdraw, at that table and in the standings",
        "is never paid a prize: the prizes go to the best of those who stayed",
        "forfeits it: they take last place there and are dropped",
        "places those who left last and the rest as a tie",
        "that tie goes to the better seed",
    ):
        assert words in text, words
    # paragraphs, as the rules pages are, so /rules can split the text between them
    assert all(p and "\n" not in p for p in text.split("\n\n"))


def test_the_numbers_follow_the_code_that_applies_them(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules, "WIN", 2)
    monkeypatch.setattr(rules, "DRAW", 0)
    monkeypatch.setattr(rules, "DEFAULT_SHARES", (60, 40))
    monkeypatch.setattr(rules, "PrizeStructure", lambda: PrizeStructure((60, 40)))
    text = tournament_rules()
    assert "a win scores 2, a draw 0, a loss 0" in text
    assert "by default 60/40" in text
    assert "a pot of 101 pays 61, 40 and 0" in text  # two paid places of three finishers
