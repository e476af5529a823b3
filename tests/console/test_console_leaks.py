"""Every registered game played in the terminal front end with piped input: nothing it
prints names a card private to another seat or still face down, and none of it is a raw
view (no None, no dicts, no field names) or a seat by number."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.console import ConsolePresenter, Screen, Style, new_table, play_console
from bot.console.style import FRENCH_SYMBOLS
from bot.games import Game, registry
from bot.games.cards import FRENCH_RANKS, Pack, card_name
from bot.ledger import Ledger
from bot.storage import open_database
from bot.tables import ServiceSettings, Table, TableService

CONTROLS = ("undo", "redo", "resign", "hint")
JUNK = re.compile(r"None|\{|\}|\[|\]|\b(kind|label|figure|zones|scene) ?:|\b[Ss]eats? \d")
FILLY = re.compile(r"Filly [^|\n]*")
PATIENCE_ACTIONS = 40
"""Typed lines per patience game: enough to deal, move, hint and undo in every game."""


def printed_forms(card: str, pack: Pack) -> list[str]:
    """The ways a card can appear in the output: its code, with a suit symbol, and its
    name in words ('7 of eagles', 'the queen of hearts', 'The Baby'). John Smith's name
    is left out: it is also the name of a game and of a count in it."""
    forms = [card]
    if pack is Pack.FRENCH and card[-1] in FRENCH_SYMBOLS and card[:-1] in FRENCH_RANKS:
        forms.append(card[:-1] + FRENCH_SYMBOLS[card[-1]])
    name = card_name(card, pack).text().removeprefix("the ")
    if name != "John Smith":
        forms.append(name)
    return forms


def named(text: str, cards: set[str], pack: Pack = Pack.YANKEE) -> set[str]:
    """The cards of `cards` that the text names."""
    found = set()
    for card in cards:
        for form in printed_forms(card, pack):
            pattern = rf"(?<![\w♠♥♦♣]){re.escape(form)}(?![\w♠♥♦♣])"
            if re.search(pattern, text, 0 if form == card else re.IGNORECASE):
                found.add(card)
    return found


def leaves(value: Any) -> Iterator[str]:
    """Every string in a view, split into words."""
    if isinstance(value, str):
        yield from value.replace("(", " ").replace(")", " ").split()
    elif isinstance(value, dict):
        for item in value.values():
            yield from leaves(item)
    elif isinstance(value, list):
        for item in value:
            yield from leaves(item)


class Watch(io.StringIO):
    """An output that checks every write against the table as it stands."""

    def __init__(self) -> None:
        """Nothing written yet; the table is set once it exists."""
        super().__init__()
        self.table: Table | None = None
        self.me = 0
        self.seen: set[str] = set()
        self.problems: list[str] = []

    def write(self, text: str) -> int:
        """Record the text, and any card in it that the human seat may not know."""
        if self.table is not None and self.table.state is not None:
            self._check(text)
        return super().write(text)

    def _check(self, text: str) -> None:
        """Note cards hidden from the human seat that the text names, and raw fields."""
        assert self.table is not None
        game: Game[Any] = self.table.game
        state = self.table.state
        self.seen |= set(leaves(game.view(state, self.me)))
        others = range(len(self.table.seats))
        private = set().union(*(game.private_cards(state, o) for o in others if o != self.me))
        # with two packs (Pip-Pip!) another seat may hold the twin of a card of the
        # player's own: naming a code the player holds tells nothing of the twin
        private -= game.private_cards(state, self.me)
        hidden = set(game.cards(state)) - self.seen
        # Pick-Nick's filly is a rule ("the 1 paired with trump"), not where a card lies
        told = FILLY.sub("", text)
        for card in named(told, private | hidden, game.info.pack):
            self.problems.append(f"{card} printed while hidden: {text.strip()!r}")
        if JUNK.search(text):
            self.problems.append(f"junk: {text.strip()!r}")


def first_legal(table: Table, me: int, typed: list[str], limit: int) -> Callable[[], str]:
    """A reader that types the first legal action (for patience: a hint, then 'auto' when
    it can, else the first move; out of turn, the first optional move offered), until
    `limit` lines."""

    def read() -> str:
        """The next typed line, or the end of input."""
        if len(typed) >= limit:
            return ""
        legal = table.game.actions_now(table.state, me)
        if table.game.info.family == "patience":
            moves = [a for a in legal if a not in CONTROLS] or ["resign"]
            choice = "hint" if not typed and "hint" in legal else moves[0]
        else:
            choice = legal[0]
        typed.append(choice)
        return choice + "\n"

    return read


async def play_through(key: str, tmp_path: Path, limit: int = 2000) -> Watch:
    """One game of `key` at its smallest seat count, the human at seat 0."""
    game = registry.get(key)
    out = Watch()
    db = await open_database(tmp_path / f"{key}.db")
    try:
        presenter = ConsolePresenter(out, screen=Screen(Style()))
        service = TableService(
            db, Ledger(db), ServiceSettings(turn_timeout_s=None), presenters=[presenter]
        )
        out.table = table = await _table(service, game)
        typed: list[str] = []
        read = first_legal(table, 0, typed, limit)
        await play_console(service, table, read, out, screen=Screen(Style()))
    finally:
        await db.close()
    return out


async def _table(service: TableService, game: Game[Any]) -> Table:
    """A started table with the human at seat 0 and AI seats."""
    seats = min(max(game.info.min_seats, 4), game.info.max_seats)
    return await new_table(service, game, seats, {}, 7, None)


TABLE_GAMES = [g.info.key for g in registry.all() if g.info.family != "patience"]
PATIENCE = [g.info.key for g in registry.all() if g.info.family == "patience"]


@pytest.mark.parametrize("key", [*TABLE_GAMES, "sympathy"])
async def test_a_table_game_never_prints_a_hidden_card(key: str, tmp_path: Path) -> None:
    out = await play_through(key, tmp_path)
    text = out.getvalue()
    assert out.problems == [], "\n".join(out.problems[:5])
    assert "Game over." in text  # played to the end


@pytest.mark.parametrize("key", [k for k in PATIENCE if k != "sympathy"])
async def test_a_patience_game_never_prints_a_face_down_card(key: str, tmp_path: Path) -> None:
    out = await play_through(key, tmp_path, limit=PATIENCE_ACTIONS)
    text = out.getvalue()
    assert out.problems == [], "\n".join(out.problems[:5])
    assert "Hint:" in text and "score" in text


def test_the_leak_check_sees_a_named_card() -> None:
    """The check itself: a card is found as typed, with its suit symbol or in words, and
    not inside another word."""
    assert named("AI 1: Discards the 3 of eagles", {"3E", "4E"}) == {"3E"}
    assert named("AI 1: Takes The Baby (2F)", {"2F"}) == {"2F"}
    assert named("pile t3: 10♥ 9♠", {"10H", "9S", "QS"}, Pack.FRENCH) == {"10H", "9S"}
    assert named("the Queen of spades", {"QS"}, Pack.FRENCH) == {"QS"}
    assert named("QSN 40 and 13E", {"3E"}) == named("QSN 40", {"QS"}, Pack.FRENCH) == set()


@pytest.mark.parametrize("key", ["quien-sabe", "pick-nick"])
async def test_without_announce_the_face_down_plays_would_leak(
    key: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check has teeth: told in full, the other seats' hidden plays are caught."""
    game = registry.get(key)
    monkeypatch.setattr(type(game), "announce", lambda self, s, seat, a: self.describe_action(a))
    out = await play_through(key, tmp_path)
    assert any("printed while hidden" in problem for problem in out.problems)
