"""What the terminal shows of a table: the layout from the human seat's view (a card
table, a patience layout or Sympathy's piles), the legal actions, and the result, each
in the unit the game keeps (chips, points or a score).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TextIO

from bot.console.patience import patience_lines, sympathy_lines
from bot.console.style import Style
from bot.console.table import seat_words, table_lines
from bot.games import Text, english
from bot.games.base import View
from bot.games.info import Picture
from bot.tables import Update
from bot.tables.events import Finished
from bot.tables.seams import Stake, Standing, results_of
from bot.tables.winnable import winnable_reveal

SHOWN_ACTIONS = 12


def natural(action: str) -> list[tuple[int, str, int]]:
    """A sort key that puts 'bid 9' before 'bid 10'."""
    return [(1, "", int(w)) if w.isdigit() else (0, w, 0) for w in action.split()]


def format_actions(actions: Sequence[str]) -> str:
    """The legal actions in natural order, runs of numbers as ranges ('bid 1..103'),
    shortened when there are still many."""
    shown = _ranges(sorted(actions, key=natural))
    shown = _fold(shown)
    if len(shown) <= SHOWN_ACTIONS:
        return ", ".join(shown)
    head = ", ".join(shown[:SHOWN_ACTIONS])
    return f"{head} ... and {len(shown) - SHOWN_ACTIONS} more (type 'legal' to see all)"


def _fold(shown: list[str]) -> list[str]:
    """'buy 1 1..5, buy 2 1..5' as 'buy 1..2 1..5', when every range ends alike."""
    ranged = [a for a in shown if ".." in a.rpartition(" ")[2]]
    tails = {a.rpartition(" ")[2] for a in ranged}
    if len(ranged) < 2 or len(tails) != 1:
        return shown
    tail = tails.pop()
    heads = _ranges([a.rpartition(" ")[0] for a in ranged])
    return [f"{head} {tail}" for head in heads] + [a for a in shown if a not in ranged]


def _ranges(ordered: list[str]) -> list[str]:
    """Actions that differ only in a last number counting up by one, as 'bid 1..9'."""
    out: list[str] = []
    run: list[tuple[str, int]] = []
    for action in [*ordered, ""]:
        head, _, last = action.rpartition(" ")
        if run and head == run[-1][0] and last.isdigit() and int(last) == run[-1][1] + 1:
            run.append((head, int(last)))
            continue
        if len(run) >= 3:
            out.append(f"{run[0][0]} {run[0][1]}..{run[-1][1]}")
        else:
            out += [f"{h} {n}" for h, n in run]
        run = [(head, int(last))] if head and last.isdigit() else []
        if not run and action:
            out.append(action)
    return out


@dataclass(frozen=True, slots=True)
class Screen:
    """Turns views and outcomes into lines, in one output's style."""

    style: Style

    @classmethod
    def for_stream(cls, out: TextIO) -> Screen:
        """A screen styled for the stream (colour only on a terminal)."""
        return cls(Style.for_stream(out))

    def table(self, update: Update, me: int) -> list[str]:
        """The table as an update leaves it, as seat `me` sees it, drawn as its game's
        picture says."""
        view, table = _seen_by(update, me), update.table
        odds = english(table.info.odds_short)
        return self.view(view, table.picture, table.names, me, update.describe, odds)

    def view(
        self,
        view: View,
        picture: Picture,
        names: Sequence[str],
        me: int | None,
        describe: Callable[[str], Text],
        odds: str = "",
    ) -> list[str]:
        """A view (seat `me`'s, or with None the public one) drawn as `picture` says (a
        patience with its `odds` in words under the layout, if given)."""
        if picture == "patience":
            return patience_lines(view, self.style, describe, odds)
        if picture == "sympathy":
            return sympathy_lines(view, names, me, self.style)
        return table_lines(view, names, me, self.style)

    def prompt(
        self, legal: Sequence[str], out_of_turn: bool = False, stake: Stake | None = None
    ) -> str:
        """The line that asks for a move; out of turn, it offers the optional moves; with
        a stake to spread, its common spreads by name first."""
        if stake is not None and stake.spreads:
            common = "; ".join(f"{s.words} ({s.action})" for s in stake.spreads)
            return (
                f"{self.style.bold('Your move.')} Spread your {stake.total} chips: by name, "
                f"{common}.\nLegal: {format_actions(legal)}"
            )
        if out_of_turn:
            return (
                f"{self.style.bold('Not your turn, but you may now:')} "
                f"{format_actions(legal)} (or press Enter to let play go on)"
            )
        return f"{self.style.bold('Your move.')} Legal: {format_actions(legal)}"

    def result(self, update: Update, me: int | None) -> list[str]:
        """The game's end an update tells of: how the last deal went, the summary, each
        seat's result in its unit, and the seeds."""
        outcome, names = update.outcome, update.table.names
        assert outcome is not None
        story = _seen_by(update, me).get("scene", {}).get("lines", [])  # the last deal's end
        lines = [seat_words(english(text), names) for text in story]
        lines.append(
            self.style.bold("Game over.") + " " + seat_words(english(outcome.summary), names)
        )
        lines += self._standing(results_of(update), names)
        detail = update.detail if isinstance(update.detail, Finished) else Finished()
        lines.append(f"Table seed {detail.seed}; deal seeds: {', '.join(detail.seeds)}")
        reveal = winnable_reveal(update)
        return [*lines, reveal] if reveal else lines

    def _standing(self, results: list[Standing], names: Sequence[str]) -> list[str]:
        """Chips won or lost, points, or the patience score: never one read as another."""
        lines = []
        for result in results:
            if result.unit == "score":
                extra = ", ".join(f"{k} {n}" for k, n in result.counters)
                lines.append(f"Score: {result.amount}" + (f" ({extra})" if extra else ""))
                break  # played together: one score for the table
            if result.unit == "chips":
                lines.append(_chips(names[result.seat], result.amount))
            else:
                lines.append(_points(names[result.seat], result.amount))
        return lines


def _seen_by(update: Update, me: int | None) -> View:
    """The update's view as seat `me` sees it (the public view for a seat with no
    player, or none)."""
    if me is not None and me in update.private:
        return update.private[me]
    assert update.public is not None, "a lobby has no view"
    return update.public


def _points(name: str, points: int) -> str:
    """'  You: 20 points'."""
    return f"  {name}: {points} point" + ("" if points == 1 else "s")


def _chips(name: str, won: int) -> str:
    """'  You: won 12 chips', '  AI 1: lost 1 chip', '  AI 2: even'."""
    if won == 0:
        return f"  {name}: even"
    unit = "chip" if abs(won) == 1 else "chips"
    return f"  {name}: {'won' if won > 0 else 'lost'} {abs(won)} {unit}"
