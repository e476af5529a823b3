"""Helpers shared by the patience tests: looking a game up, stacked decks (the cards in the
order the families take them, or chosen cards on top of the rest), recorded actions,
playing a list of actions, checking a refusal, a simple player that sends cards home, and
a pile's cards or top card.

`Kit(key)` binds the helpers to one game; the module-level functions take the game (or
its key) as an argument, for tests that use more than one game."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest

from bot.games import registry
from bot.games.cards import french_pack
from bot.games.errors import IllegalAction
from bot.games.patience.engine import RANK_TEXT
from bot.games.patience.game import PatienceGame, PatienceState, pile_top


def patience(key: str) -> PatienceGame:
    """The patience game registered under this key."""
    game = registry.get(key)
    assert isinstance(game, PatienceGame)
    return game


def actions(text: str) -> list[str]:
    """A recorded game's actions, written comma-separated."""
    return text.split(",")


def levels() -> list[str]:
    """All 104 cards in the order the families take them: a king and an ace of each
    suit, then the queens and twos, and so on."""
    out: list[str] = []
    for j in range(13):
        out += [RANK_TEXT[13 - j] + s for s in "SHDC"] + [RANK_TEXT[1 + j] + s for s in "SHDC"]
    return out


def on_top(first: list[str], cards: Iterable[str]) -> list[str]:
    """These cards, then the rest of `cards` in their order (one copy taken out for each
    card on top, which must be among them)."""
    rest = list(cards)
    for card in first:
        rest.remove(card)
    return [*first, *rest]


def deck_with(top: list[str]) -> list[str]:
    """A full pack with these cards on top, the rest in pack order."""
    return [*top, *(c for c in french_pack() if c not in top)]


def two_packs_with(top: list[str]) -> list[str]:
    """Two full packs with these cards on top, the rest in pack order."""
    return on_top(top, french_pack() * 2)


def stacked_sorted(first: list[str], key: str) -> list[str]:
    """The cards of the game under this key with these on top, the rest sorted by their
    names."""
    rest = Counter(patience(key).spec.pack()) - Counter(first)
    return first + sorted(rest.elements())


def play(game: PatienceGame, state: PatienceState, *moves: str) -> PatienceState:
    """The state after the moves, made by player 0."""
    for move in moves:
        state = game.apply(state, 0, move)
    return state


def refused(game: PatienceGame, state: PatienceState, action: str, words: str) -> None:
    """The action is refused with a reason holding these words, and the state is
    unchanged."""
    before = game.dump(state)
    with pytest.raises(IllegalAction) as err:
        game.apply(state, 0, action)
    assert words in err.value.reason
    assert game.dump(state) == before


def pile(game: PatienceGame, state: PatienceState, pid: str) -> tuple[str, ...]:
    """A pile's cards, bottom first."""
    return state.layout.piles[game.spec.index[pid]]


class Kit:
    """The helpers bound to one game."""

    def __init__(self, key: str) -> None:
        game = patience(key)
        self.game = game
        self.spec = game.spec

    def stacked(self, first: list[str]) -> list[str]:
        """The game's cards with these on top, the rest in pack order."""
        return on_top(first, self.spec.pack())

    def play(self, state: Any, actions: list[str]) -> Any:
        """The state after the actions."""
        return play(self.game, state, *actions)

    def play_home(self, state: Any) -> tuple[Any, list[str]]:
        """Send a card that fits to the shortest family it fits, else deal, until the game
        ends."""
        made: list[str] = []
        while not state.end:
            legal = self.game.legal_actions(state, 0)
            home = [a for a in legal if a.startswith("move ") and a.split(" ")[2].startswith("f")]
            home.sort(key=lambda a: len(state.layout.piles[self.spec.index[a.split(" ")[2]]]))
            action = home[0] if home else "deal"
            state = self.game.apply(state, 0, action)
            made.append(action)
        return state, made

    def pile(self, state: Any, pid: str) -> tuple[str, ...]:
        """A pile's cards, bottom first."""
        return pile(self.game, state, pid)

    def top(self, state: Any, pid: str) -> str | None:
        """The top card of a pile."""
        return pile_top(state.layout, self.spec, pid)
