"""How long the bot takes to answer an interaction: from its arrival (handed to
discord.py's dispatch, before any handler of it runs) to the response to its callback
request (a message, a deferral, a form, autocomplete's choices), each timed once.
`bot/client.py` tells it of both: the arrival from `dispatch`, the answer from a trace of
discord.py's HTTP session, through which every answer goes."""

from __future__ import annotations

import time
from collections.abc import Callable


class AnswerClock:
    """The interactions waiting for their answer, and where each answer's time goes."""

    FORGET_AFTER_S = 60.0
    KEEP = 1000
    """Past this many arrivals waiting, those older than FORGET_AFTER_S (never answered:
    Discord gave up on them after 3 s) are forgotten."""

    def __init__(self, observe: Callable[[float], None]) -> None:
        """`observe` is given each answer's time, in seconds."""
        self.observe = observe
        self.waiting: dict[str, float] = {}
        """When each interaction not answered yet arrived, by its id as URLs write it."""

    def arrived(self, interaction_id: int) -> None:
        """An interaction is handed to the bot now."""
        if len(self.waiting) >= self.KEEP:
            old = time.monotonic() - self.FORGET_AFTER_S
            self.waiting = {k: t for k, t in self.waiting.items() if t > old}
        self.waiting[str(interaction_id)] = time.monotonic()

    def answered(self, path: str) -> None:
        """A request to this URL path has had its response: an interaction's callback
        (`/interactions/ID/TOKEN/callback`) is its answer."""
        if path.endswith("/callback") and "/interactions/" in path:
            interaction_id = path.split("/interactions/", 1)[1].split("/", 1)[0]
            arrived = self.waiting.pop(interaction_id, None)
            if arrived is not None:
                self.observe(time.monotonic() - arrived)
