"""What the Discord side of tournaments says, from plain values: the seating lines, the
winner and prizes, the standings sheet, the signup message's buttons and footer, and the
tournament line of /stats."""

from __future__ import annotations

from bot.games import registry
from bot.tournaments.prizes import PrizeStructure
from bot.tournaments.service import Line, Phase, StandingsView, TournamentRecord
from bot.tournaments.service.models import Format, Player, Slot, Tournament
from cogs._signup import signup_embed, signup_view
from cogs._tournament_host import (
    chunks,
    seating_lines,
    standings_sheet,
    thread_name,
    winner_words,
)
from cogs.leaderboard import ordinal, tournament_words


def cup(phase: Phase = Phase.RUNNING) -> Tournament:
    """Tournament #7 of Black Joke with ann, bob and cy, two tables in round 2."""
    t = Tournament(
        id=7, guild_id=1, channel_id=2, host_id=3, game=registry.get("black-joke"),
        format=Format.SWISS, rounds=3, seats=3, buy_in=100, stack=500,
        prizes=PrizeStructure(), options={}, seed=1, phase=phase, round=2,
    )  # fmt: skip
    for seq, (uid, name) in enumerate([(11, "ann"), (12, "bob"), (13, "cy")]):
        t.players[uid] = Player(uid, name, seq)
    t.slots = [
        Slot(2, 1, (11, 12, None), thread_id=901),
        Slot(2, 2, (13, None, None), thread_id=902),
    ]
    return t


def line(place: int, uid: int, name: str, prize: int = 0) -> Line:
    return Line(place, uid, name, 3, 4, -25, 2, 0, dropped=False, prize=prize)


def test_the_seating_names_every_seat_and_links_its_thread() -> None:
    t = cup()
    t.byes[2] = (14,)
    assert seating_lines(t, 2) == [
        "Round 2: Table 1 — ann, bob, AI · <#901>",
        "Round 2: Table 2 — cy, AI, AI · <#902>",
        "Byes: player 14",
    ]
    assert thread_name(t.slots[1]) == "Round 2 · Table 2"


def test_a_long_seating_is_cut_into_messages_discord_takes() -> None:
    lines = [f"Round 1: Table {n} — " + "x" * 90 for n in range(64)]
    parts = list(chunks(lines))
    assert len(parts) > 1 and all(len(p) <= 2000 for p in parts)
    assert "\n".join(parts).split("\n") == lines


def test_the_winner_and_the_prizes_in_words() -> None:
    view = StandingsView(
        "Tournament #7 · Black Joke", "Final standings", True, "chips",
        (line(1, 11, "ann", 180), line(2, 13, "cy", 120), line(3, 12, "bob")),
    )  # fmt: skip
    assert winner_words(cup(), view) == (
        "**ann** wins tournament #7 of Black Joke!\nPrizes paid: ann 180 chips, cy 120 chips."
    )
    tied = StandingsView("t", "s", True, "points", (line(1, 11, "ann"), line(1, 12, "bob")))
    assert winner_words(cup(), tied) == (
        "**ann** and **bob** share first place in tournament #7 of Black Joke!"
    )


def test_the_standings_sheet_carries_every_figure() -> None:
    view = StandingsView("T", "Swiss · round 2 of 3", False, "chips", (line(1, 11, "ann", 5),))
    sheet = standings_sheet(view)
    assert (sheet.title, sheet.subtitle, sheet.unit, sheet.final) == (
        "T", "Swiss · round 2 of 3", "chips", False,
    )  # fmt: skip
    (only,) = sheet.lines
    assert (only.place, only.name, only.match_points, only.buchholz) == (1, "ann", 3, 4)
    assert (only.game_points, only.games, only.byes, only.dropped, only.prize) == (
        -25, 2, 0, False, 5,
    )  # fmt: skip


def test_the_signup_buttons_go_once_it_starts_and_the_footer_says_why() -> None:
    open_one = cup(Phase.SIGNUP)
    ids = [item.custom_id for item in signup_view(open_one).children]  # type: ignore[attr-defined]
    assert ids == ["tj:7", "tl:7"]
    assert signup_view(cup(Phase.RUNNING)).children == []
    assert "Join or leave" in (signup_embed(open_one).footer.text or "")
    cancelled = signup_embed(cup(Phase.CANCELLED)).footer.text or ""
    assert "every buy-in went back" in cancelled


def test_the_stats_line_of_tournaments() -> None:
    assert tournament_words(TournamentRecord(0, 0, None)) == ""
    assert tournament_words(TournamentRecord(3, 1, 1)) == (
        "Tournaments: 3 played, 1 won, best place 1st."
    )
    assert [ordinal(n) for n in (2, 3, 4, 11, 12, 13, 21, 102, 111)] == [
        "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "102nd", "111th",
    ]  # fmt: skip
