"""The `parlour` command line: each command, and one clear sentence for each bad input."""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path

import pytest

from bot.cli import main
from bot.console import CONSOLE_GUILD, CONSOLE_USER, play_main
from bot.games import registry
from bot.ledger import Account, Ledger
from bot.storage import open_database
from bot.tournaments.rules import tournament_rules


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_rules_prints_the_rules_and_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "black-joke")
    assert code == 0
    assert "Black Joke" in out and "banker" in out.lower()
    for option in registry.get("black-joke").info.options:
        assert option.name in out


@pytest.mark.parametrize("name", ["tournament", "Tournaments"])
def test_rules_tournament_prints_the_tournament_rules(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    code, out, _ = run(capsys, "rules", name)
    assert code == 0
    assert out == f"Tournaments\n\n{tournament_rules()}\n"
    assert "a win scores 3, a draw 1, a loss 0" in out and "by default 50/30/20" in out


def test_games_lists_every_registered_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    keys = registry.keys()
    assert all(key in out for key in keys)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["rules", "whist"], "There is no game 'whist'. There are "),
        (["rules", "blackjoke"], "There is no game 'blackjoke'. Did you mean black-joke?"),
        (["play", "whist"], "There is no game 'whist'"),
        (["play", "black-joke", "--seats", "1"], "Black Joke is played by 2-10 players, not 1."),
        (["play", "black-joke", "--seats", "11"], "not 11"),
        (["play", "black-joke", "--seats", "four"], "--seats must be a whole number"),
        (["play", "black-joke", "--seats", "4", "--ai", "1"], "--ai must be 3 with --seats 4"),
        (["play", "black-joke", "--ai", "-1"], "--ai must be from 0 to 4"),
        (["play", "black-joke", "--option", "bogus=1"], "no option 'bogus'"),
        (["play", "black-joke", "--option", "max_rate"], "Write options as name=value"),
        (["play", "black-joke", "--option", "max_rate=lots"], "max_rate must be a whole number"),
        (["play", "black-joke", "--option", "max_rate=0"], "max_rate must be from 1 to 100"),
        (["play", "black-joke", "--option", "black_joke_no_zeros=maybe"], "true or false"),
        (["play", "black-joke", "--buy-in", "0"], "--buy-in must be from 1 to 1000000"),
        (["play", "black-joke", "--buy-in", "-50"], "--buy-in must be from 1"),
        (["play", "black-joke", "--buy-in", "99999999999"], "--buy-in must be from 1"),
        (["play", "black-joke", "--buy-in", "ten"], "--buy-in must be a whole number"),
        (["play", "black-joke", "--seed", "x"], "--seed must be a whole number"),
        (["simulate", "black-joke", "--games", "0"], "--games must be from 1"),
        (["simulate", "black-joke", "--games", "many"], "--games must be a whole number"),
        (["simulate", "black-joke", "--stack", "-1"], "--stack must be from 1"),
        (["simulate", "whist"], "There is no game 'whist'"),
    ],
)
def test_bad_input_gets_one_clear_sentence(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    if argv[0] == "play":
        argv = [*argv, "--db", str(tmp_path / "play.db")]
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert message in err
    assert err.count("\n") == 1 and out == ""
    assert not (tmp_path / "play.db").exists()  # nothing was created


def test_run_without_a_token_explains_how_to_get_one(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    code, _, err = run(capsys, "run")
    assert code == 2
    assert "DISCORD_TOKEN" in err and "parlour play" in err and "New Application" in err


def test_run_refuses_a_bad_setting_by_name(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARLOUR_TURN_TIMEOUT_S", "soon")
    code, _, err = run(capsys, "run")
    assert code == 2
    assert "PARLOUR_TURN_TIMEOUT_S must be a whole number, not 'soon'." in err


def test_simulate_json_reports_results_and_invariants(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "black-joke", "--games", "50", "--seats", "3", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 50 and data["deals"] == 150 and data["invariants_held"]
    assert len(data["mean_result"]) == 3
    assert abs(sum(data["mean_result"])) < 1e-9  # chips only change hands
    assert 0 < data["bank_edge"] < 0.3


def test_simulate_text_shows_the_bank_edge(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "black-joke", "--games", "20")
    assert code == 0
    assert "bank's edge" in out and "chip invariants: held" in out
    # seats are numbered from 1, as the pictures and the rules pages number them
    assert "  seat 1: average result" in out and "  seat 0:" not in out


def test_simulate_patience_reports_the_greedy_win_rate(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "clock", "--games", "300", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 300 and 0 < data["won"] < 60  # about 1 in 13
    assert data["win_rate"] == data["won"] / 300 and data["win_rate_se"] > 0
    code, out, _ = run(capsys, "simulate", "clock", "--games", "20")
    assert "games with the greedy player" in out and "cards home on average" in out


def test_simulate_sympathy_counts_games_won_together(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "sympathy", "--games", "60", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["wins"][0] == data["wins"][1] == data["won"]  # both win, or neither
    assert 0 < data["won"] < 60


def test_ledger_check_passes_a_sound_database_and_fails_a_tampered_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "p.db"
    code, _, err = run(capsys, "ledger", "check", "--db", str(path))
    assert code == 2 and "There is no database at" in err

    async def seed() -> None:
        db = await open_database(path)
        await Ledger(db).purse(1, 2)
        await db.close()

    asyncio.run(seed())
    code, out, _ = run(capsys, "ledger", "check", "--db", str(path))
    assert code == 0 and "Every ledger invariant holds" in out
    import sqlite3

    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE accounts SET balance = balance + 5 WHERE kind = 'purse'")
    code, out, _ = run(capsys, "ledger", "check", "--db", str(path))
    assert code == 1 and "broken" in out


def _lines(*typed: str) -> object:
    feed = iter([f"{t}\n" for t in typed])
    return lambda: next(feed, "")


async def test_play_through_a_pipe_refuses_bad_actions_and_keeps_playing(tmp_path: Path) -> None:
    out = io.StringIO()
    db = tmp_path / "play.db"
    typed = ["buy 0 1", "buy 2 999", "buy -3 1", "buy 99999999999999 1", "fly", "buy 2 1", "pass"]
    code = await play_main(
        registry.get("black-joke"), 3, {}, 5, None, db, read_line=_lines(*typed), out=out
    )
    text = out.getvalue()
    assert code == 0
    assert "Buy 2 cards at 1 chip each" in text  # the good order went through
    for refusal in (
        "> Buy at least one card.",
        "> The highest rate at this table is 5 chips a card.",
        "'-3' is not one",
        "> You can buy at most ",
        "> Write 'buy K R' to buy K cards at R chips each",
    ):
        assert refusal in text
    assert "Input ended; closing the table" in text
    # the table closed and the chips are whole: the purse holds what the completed deals left
    database = await open_database(db)
    ledger = Ledger(database)
    assert await ledger.check() == []
    purse = await ledger.balance(Account.purse(CONSOLE_GUILD, CONSOLE_USER))
    assert purse > 0
    await database.close()


async def test_play_resumes_an_unfinished_game(tmp_path: Path) -> None:
    db = tmp_path / "play.db"
    first, second = io.StringIO(), io.StringIO()
    game = registry.get("black-joke")

    def die() -> str:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        await play_main(game, 2, {"rounds": 3}, 9, None, db, read_line=die, out=first)
    code = await play_main(
        game, 2, {"rounds": 3}, 9, None, db, read_line=_lines("quit"), out=second
    )
    assert code == 0
    assert "Resuming your unfinished game of Black Joke." in second.getvalue()


def test_sync_without_a_token_explains_how_to_get_one(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    code, out, err = run(capsys, "sync", "--guild", "123")
    assert code == 2 and out == ""
    assert "DISCORD_TOKEN" in err and "parlour play" in err and "New Application" in err


def test_sync_refuses_a_guild_that_is_not_an_id(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "sync", "--guild", "my-server")
    assert code == 2 and out == ""
    assert err == "parlour: --guild must be a whole number, not 'my-server'.\n"


async def test_a_patience_game_plays_in_the_terminal_with_hint_undo_and_auto(
    tmp_path: Path,
) -> None:
    out = io.StringIO()
    typed = ["hint", "next", "undo", "redo", "move p1 p2", "auto"]
    code = await play_main(
        registry.get("clock"), 1, {}, 3, None, tmp_path / "p.db", read_line=_lines(*typed), out=out
    )
    text = out.getvalue()
    assert code == 0
    assert "The Clock has one move" in text  # the refused move, in words
    assert "Won: every hour shows four of a kind." in text  # seed 3 comes out


def test_games_lists_every_game_in_one_aligned_column(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == len(registry.keys())
    starts = {
        line.index(info.title)
        for line, info in zip(lines, (g.info for g in registry.all()), strict=True)
    }
    assert len(starts) == 1  # every title starts in the same column


def test_solve_prints_the_verdict_the_positions_and_the_winning_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "solve", "clock", "--seed", "3", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["result"] in ("won", "lost") and data["positions"] > 1
    assert "every card" in data["measure"]
    code, out, _ = run(capsys, "solve", "fourteen", "--seed", "2")
    assert code == 0
    assert "Fourteen, deal 2: won" in out and "positions in" in out
    assert "knowing every card, as the server does" in out
    assert "the winning line" in out and "   1. remove" in out
    code, out, _ = run(capsys, "solve", "pet-game", "--budget", "20")
    assert "Unknown: the positions budget ran out" in out and "20 positions" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["solve", "black-joke"], "The solver takes patience games only"),
        (["solve", "clock", "--budget", "0"], "--budget must be from 1"),
        (["solve", "clock", "--seconds", "soon"], "--seconds must be a whole number"),
        (["simulate", "black-joke", "--solver"], "The solver takes patience games only"),
    ],
)
def test_solve_refuses_bad_input_in_one_sentence(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and words in err


def test_simulate_with_the_solver_gives_its_rate_beside_the_greedy_players(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "simulate", "clock", "--games", "40", "--solver", "--json")
    assert code == 0
    data = json.loads(out)
    solver = data["solver"]
    # the Clock has no choice: the solver wins exactly the deals the greedy player wins
    assert solver["won"] == data["won"] and solver["won"] + solver["lost"] == 40
    low, high = solver["interval"]
    assert low <= solver["win_rate"] <= high
    code, out, _ = run(capsys, "simulate", "puzzle", "--games", "5", "--solver")
    assert "games with the greedy player" in out and "the solver (" in out
    assert "95% interval" in out and "knowing every card" in out
