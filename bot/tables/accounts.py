"""Small pieces shared by the service and recovery: which ledger account a game seat's
chips live in, and the digest that proves a replayed state matches the stored one."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from bot.games import POT, Game
from bot.ledger import Account

LEAVE = "leave"
"""The action of a stack entry by which a seat leaves a chip game for good (its other
stack entries are top-ups, "+N"; logs written before leaving existed hold "-N" cash-outs)."""


def seat_account(guild_id: int, table_id: int, chairs: Sequence[int], index: int) -> Account:
    """The escrow account of a game seat (by index), or of the pot."""
    if index == POT:
        return Account.pot(guild_id, table_id)
    return Account.stake(guild_id, table_id, chairs[index])


def digest_of(game: Game[Any], state: Any) -> str:
    """A short hash of a game state's exact dump."""
    text = json.dumps(game.dump(state), sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()
