"""The terminal front end as a player reads it: the table, the hand in order, other seats'
hidden plays unnamed, seats by name, colour only on a terminal, a patience score that is
not chips, `parlour play GAME --help` worded for the game, and an optional move offered
and taken out of turn (Pip-Pip!'s call right after drawing)."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from bot.console import (
    CONSOLE_CHANNEL,
    CONSOLE_GUILD,
    CONSOLE_USER,
    Style,
    format_actions,
    play_console,
    play_main,
)
from bot.console.screen import Screen
from bot.console.table import seat_words, sort_hand, table_lines
from bot.games import registry
from bot.games.cards import Pack
from bot.ledger import Ledger
from bot.storage import open_database
from bot.tables import ServiceSettings, Status, TableService
from tests.games.french.pip_pip_helpers import DRAWN_PAIR, DRAWN_STOCK, THREE, deal_from, stacked

NAMES = ["You", "AI 1", "AI 2", "AI 3"]


def typed(*lines: str) -> Any:
    """A reader that types these lines, then ends."""
    feed = iter([f"{line}\n" for line in lines])
    return lambda: next(feed, "")


async def play(key: str, tmp_path: Path, *lines: str, seats: int = 0, seed: int = 3) -> str:
    """What `parlour play` prints for the typed lines."""
    out = io.StringIO()
    game = registry.get(key)
    count = seats or min(max(game.info.min_seats, 4), game.info.max_seats)
    code = await play_main(
        game, count, {}, seed, None, tmp_path / "p.db", read_line=typed(*lines), out=out
    )
    assert code == 0
    return out.getvalue()


def help_text(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The help `parlour` prints for these arguments."""
    with pytest.raises(SystemExit) as exit_:
        main(list(argv))
    assert exit_.value.code == 0
    return capsys.readouterr().out


# -- the table ---------------------------------------------------------------------------


def test_the_hand_is_sorted_by_suit_then_rank() -> None:
    assert sort_hand(["9H", "1F", "5S", "0L", "7F", "9S"], Pack.YANKEE) == [
        "1F",
        "7F",
        "0L",
        "5S",
        "9S",
        "9H",
    ]
    assert sort_hand(["KC", "10S", "AH", "2S", "JK"], Pack.FRENCH) == [
        "2S",
        "10S",
        "AH",
        "KC",
        "JK",
    ]


def test_a_table_reads_as_a_few_lines_with_names_and_no_raw_fields() -> None:
    game = registry.get("tilters")
    state = game.new(4, 1)
    for _ in range(3):  # three cards on the trick
        seat = min(game.awaiting(state))
        state = game.apply(state, seat, game.legal_actions(state, seat)[0])
    lines = table_lines(game.view(state, 0), NAMES, 0, Style())
    text = "\n".join(lines)
    assert lines[0].startswith("== Tilters - deal 1 ==  Trump flags | Target 20")
    assert "Trick: " in text and "(AI 1)" in text and "(AI 2)" in text
    assert "AI 1    0 points" in text and "face down" in text
    hand = next(line for line in lines if "Your hand:" in line).split(": ")[1].split()
    assert hand == sort_hand(game.view(state, 0)["hand"], Pack.YANKEE)
    for junk in ("None", "{", "scene", "kind", "seat 1"):
        assert junk not in text


def test_counters_that_name_seats_read_as_names() -> None:
    game = registry.get("yukon")
    lines = table_lines(game.view(game.new(4, 5), 0), NAMES, 0, Style())
    assert "| You & AI 2 0 | AI 1 & AI 3 0" in lines[0]
    assert "seat" not in lines[0].lower()


def test_partners_and_seats_in_game_text_get_their_names() -> None:
    assert seat_words("Last deal, seats 1 and 3: John Smith 5", NAMES) == (
        "Last deal, AI 1 and AI 3: John Smith 5"
    )
    assert seat_words("Seat 0 takes the pot; seat 2's turn", NAMES) == (
        "You take the pot; AI 2's turn"
    )
    assert seat_words("Deal 2: seat 0 wins; seat 1 passes", NAMES) == "Deal 2: You win; AI 1 passes"
    assert seat_words("Seat 0 has 3 and seat 0 is out", NAMES) == "You have 3 and You are out"


async def test_an_ai_card_played_face_down_is_not_named(tmp_path: Path) -> None:
    text = await play("quien-sabe", tmp_path, "deal", "play 1F", "pass")  # you deal first
    assert "AI 1: Play a card face down" in text
    assert "You: Play Mrs Sally Smith (1F)" in text  # your own card, named to you


def test_pick_nick_tells_a_take_but_not_the_discard() -> None:
    game = registry.get("pick-nick")
    state = game.new(4, 1)
    assert game.announce(state, 0, "take 3F 7L") == (
        "Takes An Old Maid, discarding a card face down"
    )
    assert game.announce(state, 0, "discard 7L") == "Discards a card face down"
    assert game.announce(state, 1, "order") == "Orders it up"


def test_quien_sabe_names_round_one_cards_only() -> None:
    game = registry.get("quien-sabe")
    state = game.new(2, 1)
    assert game.announce(state, 1, "play 7F") == "Play Ruth, the Quakeress (7F)"
    later = game.new(2, 1)
    while later.round == 1:
        seat = min(game.awaiting(later))
        later = game.apply(later, seat, game.legal_actions(later, seat)[0])
    assert game.announce(later, min(game.awaiting(later)), "play 7F") == "Play a card face down"


# -- colour and symbols ------------------------------------------------------------------


class Terminal(io.StringIO):
    """An output that says it is a terminal."""

    def isatty(self) -> bool:
        """A terminal."""
        return True


def test_colour_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert Style.for_stream(Terminal()).colour
    assert not Style.for_stream(io.StringIO()).colour
    assert "\x1b[31m" in Style.for_stream(Terminal()).card("QH", Pack.FRENCH)
    monkeypatch.setenv("NO_COLOR", "1")
    assert not Style.for_stream(Terminal()).colour


def test_french_cards_show_their_suit_symbol_and_yankee_cards_their_code() -> None:
    plain = Style()
    assert plain.cards(["10H", "AS", None, "QC"], Pack.FRENCH) == "10♥ A♠ ## Q♣"
    assert plain.cards(["7E", "0F"], Pack.YANKEE) == "7E 0F"
    ascii_only = Style.for_stream(io.TextIOWrapper(io.BytesIO(), encoding="ascii"))
    assert ascii_only.card("10H", Pack.FRENCH) == "10H"


async def test_piped_output_is_plain_text(tmp_path: Path) -> None:
    text = await play("clock", tmp_path, "next", "next")
    assert "\x1b[" not in text
    assert "the card in hand (h):" in text and "##x4" in text


# -- results -----------------------------------------------------------------------------


async def test_patience_ends_with_a_score_not_chips(tmp_path: Path) -> None:
    text = await play("clock", tmp_path, "auto", seed=3)
    assert "Game over. Won: every hour shows four of a kind." in text
    assert "Score: 52 (moves " in text
    assert "chip" not in text and "+52" not in text


async def test_a_patience_screen_shows_the_game_s_odds(tmp_path: Path) -> None:
    text = await play("napoleon", tmp_path, "resign", seed=3)
    assert f"  {registry.get('napoleon').info.odds_short}." in text


def test_the_terminal_s_rules_end_with_the_odds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "clock"]) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith(f"Odds: {registry.get('clock').info.odds}")


async def test_a_chip_game_ends_with_chips_won_and_lost(tmp_path: Path) -> None:
    text = await play("black-joke", tmp_path, "buy 2 1", "pass", "pass", seats=2, seed=5)
    assert "Game over." in text
    assert "  You: won 23 chips" in text and "  AI 1: lost 23 chips" in text
    assert "Your purse: 1,023 chips" in text


# -- help --------------------------------------------------------------------------------


def test_help_for_patience_has_no_seats(capsys: pytest.CaptureFixture[str]) -> None:
    text = help_text(capsys, "play", "clock", "--help")
    assert "usage: parlour play clock" in text
    assert "--seats SEATS" not in text and "--buy-in" not in text
    assert "played alone" in text and "move_limit" in text and "score" in text


def test_help_for_a_chip_game_has_its_seats_and_buy_in(capsys: pytest.CaptureFixture[str]) -> None:
    text = help_text(capsys, "play", "quien-sabe", "-h")
    assert "how many seats (2 to 8, default 4)" in text
    assert "(default: 100)" in text and "quien_sabe_soft_score" in text
    assert "chips won or lost" in text


def test_help_for_a_trick_game_has_no_buy_in(capsys: pytest.CaptureFixture[str]) -> None:
    text = help_text(capsys, "play", "pick-nick", "--help")
    assert "how many seats (always 4)" in text and "--buy-in" not in text
    assert "points" in text and "pick_nick_soft_penalties" in text


def test_help_without_a_game_is_the_general_one(capsys: pytest.CaptureFixture[str]) -> None:
    text = help_text(capsys, "play", "--help")
    assert "usage: parlour play [-h]" in text and "that game's seats, options" in text
    assert "(default: 4)" not in text


def test_long_lists_of_actions_read_as_ranges() -> None:
    bids = [f"bid {n}" for n in range(1, 104)] + ["pass"]
    assert format_actions(bids) == "bid 1..103, pass"
    buys = [f"buy {k} {r}" for k in range(1, 41) for r in range(1, 6)] + ["pass"]
    assert format_actions(buys) == "buy 1..40 1..5, pass"
    turns = [f"turn {n}" for n in (1, 2, 3, 5, 10)] + ["grace"]
    assert format_actions(turns) == "grace, turn 1..3, turn 5, turn 10"


async def test_a_game_that_cannot_be_restored_is_told_once(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "p.db")
    service = TableService(db, Ledger(db, starting_chips=1000))
    table = await service.create(
        guild_id=CONSOLE_GUILD,
        channel_id=CONSOLE_CHANNEL,
        host_id=CONSOLE_USER,
        host_name="You",
        game_key="black-joke",
    )
    await db.write(
        lambda tx: tx.execute("UPDATE tables SET game = 'gone' WHERE id = ?", (table.id,))
    )
    await db.close()
    first = await play("tilters", tmp_path, "quit")
    assert f"Table #{table.id} (gone) could not be restored" in first
    assert "/table" not in first
    assert "could not be restored" not in await play("tilters", tmp_path, "quit")


async def test_an_optional_move_is_offered_and_taken_out_of_turn(tmp_path: Path) -> None:
    # Pip-Pip!, seed 4: two other players at the table; you, last to the first trick,
    # draw the queen of clubs to your king while the next trick waits for the third.
    db = await open_database(tmp_path / "p.db")
    try:
        service = TableService(db, Ledger(db), ServiceSettings(turn_timeout_s=None))
        table = await service.create(
            guild_id=CONSOLE_GUILD,
            channel_id=CONSOLE_CHANNEL,
            host_id=CONSOLE_USER,
            host_name="You",
            game_key="pip-pip",
            seed=4,
        )
        for user in (2, 3):
            await service.join(table.id, user, f"P{user}")
        await service.start(table.id, CONSOLE_USER)
        out = io.StringIO()
        console = asyncio.create_task(
            play_console(service, table, typed("play 3S", "call c"), out, screen=Screen(Style()))
        )
        await service.act(table.id, 2, table.version, "play 5S")
        await service.act(table.id, 3, table.version, "play 5S")
        for _ in range(500):
            if table.state.calls:
                break
            await asyncio.sleep(0.01)
        assert table.state.calls == ((0, "C"),) and table.game.awaiting(table.state) == {2}
        await service.stop(table.id, CONSOLE_USER)
        await console
    finally:
        await db.close()
    assert table.status is Status.CLOSED
    text = out.getvalue()
    assert "Not your turn, but you may now: call C (or press Enter to let play go on)" in text
    assert "not your turn" not in text.replace("Not your turn, but", "")


OFFER = "Not your turn, but you may now: call H (or press Enter to let play go on)"


async def test_parlour_play_waits_for_a_call_right_after_drawing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # You deal (spades trumps) and hold no spade: the AIs lead and follow in spades, you
    # play last and draw the queen of hearts to your king; the AI that took the trick
    # waits for your answer before it leads the next.
    deal_from(monkeypatch, stacked(3, THREE, DRAWN_PAIR, DRAWN_STOCK))
    text = await play("pip-pip", tmp_path, "play 3C", "call h", "quit", seats=3)
    offered = text.index(OFFER)
    called = text.index("You: Calls Pip-Pip! in hearts")
    led = text.index("AI 1: Plays the 5 of diamonds")
    assert text.index("You: Plays the 3 of clubs") < offered < called < led
    assert "Trump hearts" in text[led:]  # the call counts from the next trick


async def test_parlour_play_goes_on_when_enter_declines_the_call(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    deal_from(monkeypatch, stacked(3, THREE, DRAWN_PAIR, DRAWN_STOCK))
    text = await play("pip-pip", tmp_path, "play 3C", "", "quit", seats=3)
    offered = text.index(OFFER)
    led = text.index("AI 1: Plays the 5 of diamonds")
    assert offered < led and "Calls Pip-Pip!" not in text
    assert text.count(OFFER) == 1 and "Trump spades" in text[led:]
