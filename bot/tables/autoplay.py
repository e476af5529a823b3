"""The AI at the tables: it plays every seat it holds until a person must act or the game
ends, each move stored through the `Committer` under the table's lock; an optional action
an AI seat takes goes first, and the AI waits on a person's optional actions while their
grace lasts (`bot.tables.grace`)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from bot.games.ai import ai_move, ai_optional_moves
from bot.tables import grace
from bot.tables.commit import Committer
from bot.tables.models import Actor, Entry, Status, Table


class Autoplay:
    """Moves the AI's seats at the tables, storing each move through one committer."""

    def __init__(self, committer: Committer) -> None:
        self.committer = committer

    async def advance(self, table: Table) -> None:
        """Let the AI play every seat it holds until a player must act or the game ends;
        an optional action an AI seat takes goes first, at once, since its chance may
        close as play goes on. It ends: every move is the game's own, and a game offers
        each optional action a bounded number of times (`Game.optional_actions`)."""
        committer = self.committer
        while True:
            async with table.lock:
                if not committer.tables.is_open(table) or table.status is not Status.PLAYING:
                    return
                move = self.choice(table)
                if move is None:
                    return
                index, action, state = move
                await committer.commit(table, Entry(index, "act", action, Actor.AI), state, [])
            if committer.settings.ai_delay_s:
                await asyncio.sleep(committer.settings.ai_delay_s)

    def choice(self, table: Table) -> tuple[int, str, Any] | None:
        """The AI's next move at the table (seat, action, state after), or None when it
        has none (or waits on a person's optional actions, `bot.tables.grace`): an
        optional action an AI seat takes now, else an awaited AI seat's move."""
        game, state = table.game, table.state
        settings = self.committer.settings
        if grace.holds(table, self.committer.clock(), settings.optional_grace_s):
            return None
        rng = random.Random(f"{table.seed}:ai:{table.version}")
        if game.info.out_of_turn:
            ai_seats = [i for i, s in enumerate(table.seats) if s.is_ai]
            optional = ai_optional_moves(game, state, ai_seats, rng)
            if optional is not None:
                return optional
        awaiting = [i for i in sorted(game.awaiting(state)) if table.seats[i].is_ai]
        if not awaiting:
            return None
        action, after = ai_move(game, state, awaiting[0], rng)
        return awaiting[0], action, after
