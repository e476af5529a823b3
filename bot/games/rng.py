"""Seeded chance for games: one derived generator per deal, and its public commitment.

A game's chance never comes from the global `random`: every deal's shuffle uses a
generator seeded from the table's seed and the deal's number, so replaying the actions
rebuilds the same state, and the hash of each deal's seed can be shown when it is dealt
and the seed itself revealed when the game ends (DESIGN.md "Fair shuffles").
"""

from __future__ import annotations

import functools
import hashlib
import random
from collections.abc import Sequence


def deal_seed(seed: int, deal: int) -> str:
    """The secret seed of one deal of a game."""
    return hashlib.sha256(f"parlour:{seed}:{deal}".encode()).hexdigest()


def commitment(seed_text: str) -> str:
    """The public hash of a deal seed, shown when the deal is made."""
    return hashlib.sha256(seed_text.encode()).hexdigest()[:16]


def rng_for(seed: int, deal: int) -> random.Random:
    """The generator of one deal."""
    return random.Random(int(deal_seed(seed, deal), 16))


def shuffled(cards: Sequence[str], seed: int, deal: int) -> tuple[str, ...]:
    """The cards in the order of one deal's shuffle, top card first."""
    order = list(cards)
    rng_for(seed, deal).shuffle(order)
    return tuple(order)


@functools.lru_cache(maxsize=1024)
def deal_commitment(seed: int, deal: int) -> str:
    """The public hash of one deal's seed (cached: views are taken after every action)."""
    return commitment(deal_seed(seed, deal))
