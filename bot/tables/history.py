"""A table's hand history as plain text: who sat where, the fair-shuffle proof and whether
the log verifies, then deal by deal the stacks (chip games), every move as the table
heard it (never the logged action string: a card played face down stays unnamed) and
the stacks after, and at the end each seat's result in its game's unit.

The text is stable: the same stored table always gives the same text (no dates, no
ids but the table's own), so tests/golden holds its exact form. Seats are named as the
table named them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games import ChipGame, english
from bot.tables.names import name_seats
from bot.tables.replay import Replay
from bot.tables.replay_steps import Step
from bot.tables.seams import Standing
from bot.tables.winnable import CHOSEN


def history_text(replay: Replay) -> str:
    """The whole hand history of a replayed table, lines ending with a newline."""
    lines = _heading(replay)
    for number, steps in _by_deal(replay.steps):
        lines += ["", "Moves" if replay.game.info.solitary else f"Deal {number}"]
        lines += _deal_lines(replay, steps)
    lines += ["", *_result(replay)]
    return "\n".join(lines) + "\n"


def _heading(replay: Replay) -> list[str]:
    """The table, its seats, its options, and the proof."""
    seats = ", ".join(
        f"{name}{'' if user is not None else ' (AI)'}"
        for name, user in zip(replay.names, replay.user_ids, strict=True)
    )
    options = ", ".join(f"{k}={v}" for k, v in sorted(replay.options.items())) or "the defaults"
    proof = replay.proof
    lines = [
        f"Table {replay.table_id}: {replay.title}",
        f"Seats: {seats}",
        f"Options: {options}",
        f"Status: {'closed' if replay.closed else 'still being played'}",
        f"Commitment shown at the start: {proof.commitment}",
    ]
    if proof.seed is None:
        lines.append("Seed: kept secret until the table closes")
    else:
        agrees = "hashes to the commitment" if proof.seed_matches else "does NOT hash to it"
        lines.append(f"Seed revealed at the end: {proof.seed} ({agrees})")
    if proof.verified:
        lines.append(
            f"Verified: every state rebuilt from the seed and the {replay.last} logged"
            " entries; the last matches the digest the table recorded."
        )
    else:
        lines.append(f"NOT VERIFIED: {proof.problem}")
    if proof.winnable:
        lines.append(f"Winnable: the deal was {CHOSEN}")
    return lines


def _by_deal(steps: Sequence[Step]) -> list[tuple[int, list[Step]]]:
    """The steps grouped by the deal they belong to, in order."""
    groups: list[tuple[int, list[Step]]] = []
    for step in steps:
        if not groups or groups[-1][0] != step.deal:
            groups.append((step.deal, []))
        groups[-1][1].append(step)
    return groups


def _deal_lines(replay: Replay, steps: list[Step]) -> list[str]:
    """One deal: the stacks before it, its moves, the stacks after it (chip games)."""
    names = replay.names
    lines = []
    chips = isinstance(replay.game, ChipGame)
    if chips:
        lines.append("  Stacks: " + _stacks(replay, steps[0].number - 1))
    width = len(str(replay.last))
    for step in steps:
        said = name_seats(english(step.words), names)
        lines.append(f"  {step.number:>{width}}. {names[step.seat]}: {said}")
    if chips:
        before = _stack_values(replay, steps[0].number - 1)
        after = _stack_values(replay, steps[-1].number)
        moved = ", ".join(
            f"{name} {a - b:+d}" for name, a, b in zip(names, after, before, strict=True)
        )
        lines.append(f"  Stacks after: {_stacks(replay, steps[-1].number)} ({moved})")
    return lines


def _stack_values(replay: Replay, step: int) -> tuple[int, ...]:
    """The seats' stacks after `step`."""
    game: Any = replay.game
    return tuple(game.stacks(replay.state_at(step)))


def _stacks(replay: Replay, step: int) -> str:
    """'Alice 100, Bob 100'."""
    values = _stack_values(replay, step)
    return ", ".join(f"{n} {v}" for n, v in zip(replay.names, values, strict=True))


def _result(replay: Replay) -> list[str]:
    """How the game came out, each seat in its game's unit; or why there is no result."""
    outcome, standings = replay.outcome(), replay.standings()
    if outcome is None or standings is None:
        if replay.closed:
            return ["Result: none; the table was closed before the game's end."]
        return ["Result: none yet; the game is still being played."]
    lines = ["Result: " + name_seats(english(outcome.summary), replay.names)]
    lines += [_standing(replay.names, s) for s in standings]
    return lines


def _standing(names: Sequence[str], result: Standing) -> str:
    """'  Alice: won 12 chips', '  Bob: 20 points', '  Alice: score 52 (moves 80, ...)'."""
    name, amount = names[result.seat], result.amount
    if result.unit == "chips":
        unit = "chip" if abs(amount) == 1 else "chips"
        if amount == 0:
            return f"  {name}: even"
        return f"  {name}: {'won' if amount > 0 else 'lost'} {abs(amount)} {unit}"
    if result.unit == "points":
        return f"  {name}: {amount} point{'' if amount == 1 else 's'}"
    counters = ", ".join(f"{k} {n}" for k, n in result.counters)
    return f"  {name}: score {amount}" + (f" ({counters})" if counters else "")
