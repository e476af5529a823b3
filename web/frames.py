"""A table as a web page is sent it: one JSON frame of what an onlooker in the channel
sees (the public view's scene, or a patience's public layout), the seats' names, the
status and result words, the last move in words, whose turn and when the clock runs
out. Nothing of a seat's private view is ever read here."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from bot.front.picture import drawing_of
from bot.front.seats import labels_of
from bot.front.words import result_lines, status_words
from bot.tables import Event, Status, Update

CLOSED_WORDS = "The table is closed."


def frame_of(update: Update, said: str) -> dict[str, Any]:
    """The frame of an update (`said`: the last move in words, seats named)."""
    table = update.table
    drawing = drawing_of(update)
    over = update.event in (Event.FINISHED, Event.STOPPED) or table.status is Status.CLOSED
    frame: dict[str, Any] = {
        "type": "table",
        "version": table.version,
        "title": table.title,
        "picture": table.picture,
        "status": "closed" if over else str(table.status),
        "words": status_words(update),
        "results": result_lines(update) if update.outcome is not None else "",
        "said": said,
        "seats": labels_of(table),
        "awaiting": list(update.awaiting),
        "deadline": None if over else table.deadline_at,
    }
    # a table's scene, or a patience's or Sympathy's whole public view: only what is
    # drawn is sent, the rest of a public view is the game's own business
    frame["scene" if drawing.kind == "table" else "view"] = drawing.shown
    return tagged(frame)


def closed_frame() -> dict[str, Any]:
    """The frame of a table closed before this process started (its page says so)."""
    return tagged({"type": "table", "version": 0, "status": "closed", "words": CLOSED_WORDS})


def tagged(frame: dict[str, Any]) -> dict[str, Any]:
    """The frame with its `tag`: a short digest of everything else in it, so a page that
    comes back with the tag it had is sent nothing when nothing changed."""
    body = json.dumps(frame, sort_keys=True, separators=(",", ":"))
    return {**frame, "tag": hashlib.blake2b(body.encode(), digest_size=8).hexdigest()}
