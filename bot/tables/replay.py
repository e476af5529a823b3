"""Replays: a stored table (open or closed) played again step by step from its seed and
action log, verified against the digest the table recorded, for every front end.

The API the front ends build on (Discord's replay message, the terminal's `parlour
replay`, `history_text` in `bot.tables.history`):

- `Replays(db)` (`bot.tables.replays`, attached to the service as `service.replays`):
  `await replays.open(table_id, guild_id=None) -> Replay`, refusing with TableError in
  words when the table is unknown, has not started, or belongs to another server.
- `Replay`: `table_id`, `guild_id`, `game`, `title`, `names` (by seat), `user_ids` (by
  seat, None for an AI), `options`, `start_stacks`, `closed`; `steps` (one `Step` per
  logged entry rebuilt); `last` (the last step number; step 0 is the table as dealt);
  `deals` and `tricks` (`Chapter`s: where each deal, each trick, begins) and `chapters`
  (what a jump select offers: the deals when there are several, else the tricks, else
  the one deal); `proof` (`Proof`: `verified`, `problem`, the commitment shown at the
  start and, once closed, the seed revealed at the end); `verified` and `problem` as
  shorthands; `seat_of(user_id)`; `outcome()` and `standings()` once the game is over;
  `state_at(step)`; and `view_at(step, viewer_seat=None, reveal=False) -> Moment`.
- `Moment`: `step`, `move` (the `Step` that led here; None at step 0), `public` (the
  public view then), `own` (the asking seat's own view then; None for an onlooker),
  `revealed` and `deal`.

What `view_at` shows is what was public at that moment, plus the asking seat's own view
at that moment. With `reveal` (a front end passes the server's `replay_reveal`) and
only at a closed table, `revealed` holds, for a step of a finished deal (a deal after
which another was dealt, or the last one when the game came to its end), each seat's
private cards at that moment (`Game.private_cards`: its hand and any card it alone may
see), sorted; cards no seat held (the stock, a widow) stay hidden, and the deal a table
was stopped in is never revealed. Otherwise `revealed` is None.

Words: a step's `words` are the game's announcement (`Game.announce`, asked of the state
before the move): a card played face down or discarded unseen is not named; the logged
action string is never shown. Seats are written "seat N", as the games write them; front
ends name them (`bot.tables.names.name_seats`).

A log that does not rebuild (an entry refused, a count or a digest that differs) gives
a replay with `verified` false and `problem` in words; its steps stop where the rebuild
stopped, and front ends must say so rather than show it as verified.

Stepping is cheap anywhere: every `SNAPSHOT_EVERY`th state is kept, a step is rebuilt
from the nearest one at or before it (or from the last step shown, when that is nearer),
so no jump replays from the start (bench/bench_replay.py measures it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.games import Game, Outcome, View
from bot.games.cards import Pack
from bot.games.info import Picture
from bot.games.messages import Text
from bot.games.rng import commitment, deal_commitment, deal_seed
from bot.storage.table_rows import ActionRow
from bot.tables.models import Status, Table
from bot.tables.recovery import ReplayError, apply_entry, check_end, start_state
from bot.tables.replay_steps import Chapter, Step, chapters_of, steps_of
from bot.tables.seams import Standing, standing_of

SNAPSHOT_EVERY = 32
"""Every this many states one is kept whole: a jump applies fewer entries than this."""

__all__ = ["SNAPSHOT_EVERY", "Chapter", "Moment", "Proof", "Replay", "Step"]


@dataclass(frozen=True, slots=True)
class Proof:
    """Whether the log verifies, and the fair-shuffle proof: the commitment shown when
    the game began, and (once the table is closed) the seed it was the hash of."""

    verified: bool
    problem: str | None
    """Why the log does not verify, in words; None when it does."""
    commitment: str
    seed: str | None
    """The first deal's seed, revealed once the table is closed; None while it is open."""
    table_seed: int | None
    """The table's seed (every deal's seed comes from it), once the table is closed."""
    winnable: bool = False
    """Whether the deal was drawn among those the solver proved winnable."""

    @property
    def seed_matches(self) -> bool | None:
        """Whether the revealed seed hashes to the commitment (None while it is secret)."""
        return None if self.seed is None else commitment(self.seed) == self.commitment


@dataclass(frozen=True, slots=True)
class Moment:
    """What a front end shows at one step of a replay."""

    step: int
    move: Step | None
    """The logged entry that led here; None at step 0 (the table as dealt)."""
    public: View
    own: View | None
    """The asking seat's own view at that moment; None for an onlooker."""
    revealed: tuple[tuple[str, ...], ...] | None
    """Per seat, its private cards at that moment, when revealed (see the module)."""
    deal: int


class Replay:
    """One table played again from its seed and log (see the module docstring)."""

    def __init__(self, table: Table, log: Sequence[ActionRow], digest: str | None) -> None:
        """Rebuild every state of `table` (its row's values, no state needed) from `log`,
        checking the log against `digest`, the one stored with its last entry."""
        self.table_id, self.guild_id = table.id, table.guild_id
        self.game: Game[Any] = table.game
        self.title = table.title
        self.names = tuple(s.name for s in table.seats)
        self.user_ids = tuple(s.user_id for s in table.seats)
        self.options = dict(table.options)
        self.start_stacks = table.start_stacks
        self.closed = table.status is Status.CLOSED
        self._table = table
        states, problem = _rebuild(table, log, digest)
        publics = [self.game.view(s, None) for s in states]
        self._snapshots = states[::SNAPSHOT_EVERY]
        self._cursor: tuple[int, Any] = (len(states) - 1, states[-1])
        self._final = states[-1]
        self._entries = tuple(log[: len(states) - 1])
        self._deal_of = [_deal(self.game, s, v) for s, v in zip(states, publics, strict=True)]
        self.steps: tuple[Step, ...] = steps_of(
            self.game, states, publics, self._deal_of, self._entries
        )
        self.deals, self.tricks = chapters_of(self.steps)
        shown = publics[0].get("commitment") or deal_commitment(table.seed, 0)
        self.proof = Proof(
            verified=problem is None,
            problem=problem,
            commitment=str(shown),
            seed=deal_seed(table.seed, 0) if self.closed else None,
            table_seed=table.seed if self.closed else None,
            winnable=table.winnable,
        )

    @property
    def picture(self) -> Picture:
        """How front ends draw the table (`GameInfo.picture`)."""
        return self._table.picture

    @property
    def pack(self) -> Pack:
        """The game's pack."""
        return self._table.pack

    @property
    def solitary(self) -> bool:
        """Whether the game is a patience (no hand of one's own to show)."""
        return self.game.info.solitary

    @property
    def verified(self) -> bool:
        """Whether every entry rebuilt and the last state has the recorded digest."""
        return self.proof.verified

    @property
    def problem(self) -> str | None:
        """Why the log does not verify, in words; None when it does."""
        return self.proof.problem

    @property
    def last(self) -> int:
        """The last step (step 0 is the table as dealt)."""
        return len(self.steps)

    @property
    def chapters(self) -> tuple[Chapter, ...]:
        """What a jump select offers: the deals when there are several, else the tricks
        of the one deal, else that deal."""
        if len(self.deals) > 1 or not self.tricks:
            return self.deals
        return self.tricks

    def describe(self, action: str) -> Text:
        """A move in the game's words ("seat N" unnamed)."""
        return self.game.describe_action(action)

    def seat_of(self, user_id: int) -> int | None:
        """The seat a player sat in at this table, or None for an onlooker."""
        return self.user_ids.index(user_id) if user_id in self.user_ids else None

    def outcome(self) -> Outcome | None:
        """How the game came out, once it is over (None while it is on, or was stopped)."""
        return self.game.outcome(self._final)

    def standings(self) -> list[Standing] | None:
        """Each seat's result in its game's unit, once the game is over."""
        outcome = self.outcome()
        if outcome is None:
            return None
        self._table.state = self._final
        return standing_of(self._table, outcome)

    def state_at(self, step: int) -> Any:
        """The game state after `step` entries, rebuilt from the nearest kept state."""
        if not 0 <= step <= self.last:
            raise IndexError(f"step {step} is not between 0 and {self.last}")
        base = step - step % SNAPSHOT_EVERY
        at, state = self._cursor
        if not base <= at <= step:
            at, state = base, self._snapshots[base // SNAPSHOT_EVERY]
        for entry in self._entries[at:step]:
            state = apply_entry(self.game, state, entry)
        self._cursor = (step, state)
        return state

    def view_at(self, step: int, viewer_seat: int | None = None, reveal: bool = False) -> Moment:
        """What a front end shows at `step` for `viewer_seat` (None: an onlooker)."""
        state = self.state_at(step)
        deal = self._deal_of[step]
        revealed = None
        if reveal and self.closed and self._finished(deal):
            seats = range(len(self.names))
            revealed = tuple(tuple(sorted(self.game.private_cards(state, s))) for s in seats)
        return Moment(
            step=step,
            move=self.steps[step - 1] if step else None,
            public=self.game.view(state, None),
            own=None if viewer_seat is None else self.game.view(state, viewer_seat),
            revealed=revealed,
            deal=deal,
        )

    def _finished(self, deal: int) -> bool:
        """Whether a deal came to its end: another was dealt after it, or the game ended."""
        return deal < self._deal_of[-1] or self.game.is_over(self._final)


def _rebuild(
    table: Table, log: Sequence[ActionRow], digest: str | None
) -> tuple[list[Any], str | None]:
    """Every state the log rebuilds (by the recovery's own replayer, entry by entry),
    and what keeps it from verifying, in words (None if nothing does)."""
    states = [start_state(table)]
    for entry in log:
        try:
            states.append(apply_entry(table.game, states[-1], entry))
        except ReplayError as exc:
            return states, f"The log does not rebuild: {exc} (at step {len(states)})."
        except (IndexError, ValueError) as exc:  # a seat or value no game has
            return states, f"The log does not rebuild: entry {entry.seq} is not a move ({exc})."
    try:
        check_end(table, log, digest, states[-1])
    except ReplayError as exc:
        return states, f"The log does not verify: {exc}."
    return states, None


def _deal(game: Game[Any], state: Any, public: View) -> int:
    """Which deal a state is in (from 1): the view's `deal`, else the game's count."""
    deal = public.get("deal")
    return int(deal) if isinstance(deal, int) and deal >= 1 else game.deal_number(state)
