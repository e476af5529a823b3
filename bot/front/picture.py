"""Which picture shows a table, the same choice in every front end that draws one
(Discord's message, the web's page): a `Drawing` of the lobby's scene while the table
waits for players, else of what its game's picture (`GameInfo.picture`) says: the
public scene round a table of seats, Sympathy's two players' piles, or a patience's
layout (the book's figures, not a table of seats). Every "seat N" in what is drawn is
named, and the seats are labelled; only what is drawn is named (the scene of a table,
not the rest of its view). How it is drawn (Pillow in a worker, cards in a browser) is
the front end's."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.front.seats import labels_of, named_texts
from bot.front.words import lobby_scene
from bot.games import View, english
from bot.games.info import Picture
from bot.tables import Update


@dataclass(frozen=True, slots=True)
class Drawing:
    """What to draw: its `kind` of picture, what it shows (a scene for a table, the
    public view for Sympathy and a patience), seats named, and the seats' labels."""

    kind: Picture
    shown: Any
    labels: tuple[str, ...] = ()


def drawing_of(update: Update) -> Drawing:
    """The picture of a table as an update leaves it."""
    table = update.table
    labels = labels_of(table)
    if update.public is None:
        return Drawing("table", lobby_scene(table), tuple(labels))
    odds = english(table.info.odds_short)
    return drawing_of_view(table.picture, update.public, table.names, labels, odds=odds)


def drawing_of_view(
    kind: Picture, public: View, names: Sequence[str], labels: Sequence[str], odds: str = ""
) -> Drawing:
    """A public view drawn as its game's picture `kind` says, seats named by `names`
    and labelled by `labels` (a patience has no seats to label); a patience's picture
    shows its `odds` (`GameInfo.odds_short`) in its footer, given as the view's "odds"."""
    if kind == "table":
        return Drawing(kind, named_texts(public["scene"], names), tuple(labels))
    shown = named_texts(public, names)
    if kind == "patience" and odds:
        shown = {**shown, "odds": odds}
    return Drawing(kind, shown, tuple(labels) if kind == "sympathy" else ())
