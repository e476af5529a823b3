"""A replay's steps and chapters: each logged entry in words, with the deal and trick it
belongs to, and where each deal and each trick begins (for a front end's jump select).

A step belongs to the deal of the state it was taken in: the move that ends a deal is
the last of that deal, though the state after it shows the next one. Tricks are counted
in games whose view has a `last_trick`: a trick ends at the step after which the view's
last trick changed; a step's trick is one more than the tricks its deal had ended before
it. Games without tricks give steps no trick.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.games import Game, View
from bot.games.messages import Text
from bot.storage.table_rows import ActionRow
from bot.tables.accounts import LEAVE


@dataclass(frozen=True, slots=True)
class Step:
    """One logged entry as a replay tells it."""

    number: int
    """From 1: `Replay.view_at(number)` shows the table after it."""
    seat: int
    kind: str
    """"act" for a move, "stack" for chips the table moved (a top-up, a leave)."""
    words: Text
    """The move as the table heard it (`Game.announce`), seats written "seat N"."""
    deal: int
    trick: int | None

    @property
    def line(self) -> str:
        """'seat 1: Plays the 7 of flags', for front ends to name the seats in."""
        return f"seat {self.seat}: {self.words}"


@dataclass(frozen=True, slots=True)
class Chapter:
    """Where a deal or a trick begins: its title and the first step of it."""

    title: str
    """'Deal 2', or 'Deal 1, trick 3'."""
    step: int
    """The first move of the chapter (view_at(step - 1) shows the table before it)."""
    deal: int
    trick: int | None = None

    @property
    def opens(self) -> int:
        """The step to show for it: the table just before its first move."""
        return self.step - 1


def stack_words(action: str) -> str:
    """A stack entry in words: a leave, a top-up or (in old logs) a cash-out."""
    if action == LEAVE:
        return "Leaves the table"
    amount = int(action)
    unit = "chip" if abs(amount) == 1 else "chips"
    return f"Tops up {amount} {unit}" if amount > 0 else f"Cashes out {-amount} {unit}"


def steps_of(
    game: Game[Any],
    states: Sequence[Any],
    publics: Sequence[View],
    deals: Sequence[int],
    entries: Sequence[ActionRow],
) -> tuple[Step, ...]:
    """The steps of rebuilt states (one more than the entries), their public views and
    deals, and the entries between them."""
    tricky = bool(publics) and "last_trick" in publics[0]
    out: list[Step] = []
    deal, ended = deals[0], 0
    for number, entry in enumerate(entries, start=1):
        before = states[number - 1]
        if deals[number - 1] != deal:
            deal, ended = deals[number - 1], 0
        if entry.kind == "act":
            words = game.announce(before, entry.seat, entry.action)
        else:
            words = stack_words(entry.action)
        trick = ended + 1 if tricky else None
        out.append(Step(number, entry.seat, entry.kind, words, deal, trick))
        last = publics[number].get("last_trick")
        if tricky and last is not None and last != publics[number - 1].get("last_trick"):
            ended += 1
    return tuple(out)


def chapters_of(steps: Sequence[Step]) -> tuple[tuple[Chapter, ...], tuple[Chapter, ...]]:
    """Where each deal begins, and where each trick begins (none in games without)."""
    deals: list[Chapter] = []
    tricks: list[Chapter] = []
    for step in steps:
        if not deals or deals[-1].deal != step.deal:
            deals.append(Chapter(f"Deal {step.deal}", step.number, step.deal))
        if step.trick is None:
            continue
        if not tricks or (tricks[-1].deal, tricks[-1].trick) != (step.deal, step.trick):
            title = f"Deal {step.deal}, trick {step.trick}"
            tricks.append(Chapter(title, step.number, step.deal, step.trick))
    return tuple(deals), tuple(tricks)
