"""The one exception a player can cause in a game: an illegal action, with the reason."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action refused by the rules; `reason` is a sentence a player can read."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
