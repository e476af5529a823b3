"""Does a game speak only in catalogue words? Random legal play of a game, read in the
pseudo-locale: its title, summary and options' help, every scene text of every seat's
view and the public one, every legal action as described and as announced, the refusal
of a wrong action, and the outcome's summary. Each text left with plain English in it is
reported once, with where it was first read, so a test can assert there is none
(`unworded`): `assert unworded("tilters", 4, seed) == []`."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from bot.games import IllegalAction, registry
from bot.games.base import Game
from bot.i18n import PSEUDO, message_of, words
from bot.i18n.words import localised
from tests.i18n.raw import raw_english

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu")
"""The seats' names the checks read texts with (each a word no catalogue gives)."""
WRONG = ("frobnicate", "play 99X", "play", "move", "bid -1")
"""Actions no game lists: each is refused with words a player can read."""
_TEXT_FIELDS = ("title", "badge", "note", "label", "value", "lines")


def scene_texts(scene: dict[str, Any]) -> Iterator[tuple[str, object]]:
    """Every text of a scene: (where, text)."""
    yield "title", scene.get("title", "")
    for i, seat in enumerate(scene.get("seats", [])):
        for field in ("badge", "note"):
            if field in seat:
                yield f"seat {i} {field}", seat[field]
    for i, group in enumerate(scene.get("groups", [])):
        yield f"group {i} label", group.get("label", "")
    for counter in scene.get("counters", []):
        yield "counter label", counter["label"]
        yield "counter value", counter["value"]
    for line in scene.get("lines", []):
        yield "line", line


def _said(text: object, seats: int) -> str:
    return words(text, PSEUDO, NAMES[:seats]) if not isinstance(text, str) else text  # type: ignore[arg-type]


def unworded(key: str, seats: int, seed: int, moves: int = 120) -> list[str]:
    """Every text of a game, played at random from `seed`, that holds English no
    catalogue gave, as 'where: text'."""
    game: Game[Any] = registry.get(key)
    found: list[str] = []
    seen: set[str] = set()

    def read(where: str, text: object) -> None:
        said = _said(text, seats)
        left = raw_english(said, NAMES)
        if left and said not in seen:
            seen.add(said)
            found.append(f"{where}: {said!r} (raw: {' '.join(left)})")

    read("title", game.info.title)
    read("summary", game.info.summary)
    for option in game.info.options:
        read(f"option {option.name} help", option.help)
    rng = random.Random(seed)
    state = game.new(seats=seats, seed=seed, options={})
    for step in range(moves):
        for viewer in [None, *range(seats)]:
            scene = localised(game.view(state, viewer).get("scene", {}), PSEUDO, NAMES[:seats])
            for where, text in scene_texts(scene):
                read(f"step {step} view {viewer} {where}", text)
        awaiting = sorted(game.awaiting(state))
        if not awaiting:
            break
        seat = rng.choice(awaiting)
        legal = game.legal_actions(state, seat)
        for action in legal[:12]:
            read(f"step {step} describe {action!r}", game.describe_action(action))
            read(f"step {step} announce {action!r}", game.announce(state, seat, action))
        for wrong in WRONG:
            if wrong in legal:
                continue
            try:
                game.apply(state, seat, wrong)
            except IllegalAction as refused:
                text = message_of(refused)
                read(
                    f"step {step} refusal of {wrong!r}",
                    text if text is not None else refused.reason,
                )
        state = game.apply(state, seat, rng.choice(legal))
    outcome = game.outcome(state)
    if outcome is not None:
        read("outcome summary", outcome.summary)
    return found
