"""The one exception a player can cause in a game: an illegal action, with the reason."""

from __future__ import annotations

from bot.games.messages import Message


class IllegalAction(Exception):
    """An action refused by the rules; `reason` is a sentence a player can read (English),
    and `message`, when the refusal was raised as one, the words for any language."""

    def __init__(self, reason: str | Message) -> None:
        self.message = reason if isinstance(reason, Message) else None
        text = reason.text() if isinstance(reason, Message) else reason
        super().__init__(text)
        self.reason = text
