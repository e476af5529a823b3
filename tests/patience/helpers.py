"""Helpers shared by the patience tests of the two-pack games: a stacked deck, the cards in
the order the families take them, playing a list of actions, a simple player that sends
cards home, and a pile's top card."""

from __future__ import annotations

from typing import Any

from bot.games import registry
from bot.games.patience.engine import RANK_TEXT
from bot.games.patience.game import PatienceGame, pile_top


def levels() -> list[str]:
    """All 104 cards in the order the families take them: a king and an ace of each
    suit, then the queens and twos, and so on."""
    out: list[str] = []
    for j in range(13):
        out += [RANK_TEXT[13 - j] + s for s in "SHDC"] + [RANK_TEXT[1 + j] + s for s in "SHDC"]
    return out


class Kit:
    """The helpers bound to one game."""

    def __init__(self, key: str) -> None:
        game = registry.get(key)
        assert isinstance(game, PatienceGame)
        self.game = game
        self.spec = game.spec

    def stacked(self, first: list[str]) -> list[str]:
        """The game's cards with these on top, the rest in pack order."""
        rest = list(self.spec.pack())
        for card in first:
            rest.remove(card)
        return [*first, *rest]

    def play(self, state: Any, actions: list[str]) -> Any:
        """The state after the actions."""
        for action in actions:
            state = self.game.apply(state, 0, action)
        return state

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

    def top(self, state: Any, pid: str) -> str | None:
        """The top card of a pile."""
        return pile_top(state.layout, self.spec, pid)
