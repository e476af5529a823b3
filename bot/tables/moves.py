"""A move as a front end offers it: what its control sends back, and its words."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.messages import Text


class Move:
    """A move as listed (what a control sends back) and in words (what it shows). Words
    given as a `describe` function are made when first read: a hand lists every legal
    move (a Black Joke buy has some seventy), and its controls show at most 25."""

    __slots__ = ("_describe", "_words", "action")

    def __init__(
        self,
        action: str,
        words: Text | None = None,
        describe: Callable[[str], Text] | None = None,
    ) -> None:
        if words is None and describe is None:
            raise ValueError("a move needs its words, or a way to make them")
        self.action = action
        self._words = words
        self._describe = describe

    @property
    def words(self) -> Text:
        """The move in words, as its game describes it."""
        if self._words is None:
            assert self._describe is not None
            self._words = self._describe(self.action)
        return self._words

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return (self.action, self.words) == (other.action, other.words)

    def __hash__(self) -> int:
        return hash((self.action, self.words))

    def __repr__(self) -> str:
        return f"Move({self.action!r}, {self.words!r})"
