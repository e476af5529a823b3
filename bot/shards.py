"""Discord gateway shards: which shard a guild falls on, and the shard lists a process holds.

Discord sends a guild's events to the connection holding its shard,
`(guild_id >> 22) % shard_count` (docs/DESIGN.md "Scale"). A process running some of the
shards is told which with a list such as `0-3` or `0,2,5-7`; `parse_shards` reads it and
refuses, in one sentence, a list Parlour could not run: a shard outside the count, a shard
named twice, an empty or garbled entry. Pure: no Discord, no I/O.
"""

from __future__ import annotations

import re

MAX_SHARD_COUNT = 65_536
"""More shards than any bot needs (Discord asks for one per 1,000-2,500 guilds); a larger
count is a typing slip."""

_ENTRY = re.compile(r"(\d+)(?:-(\d+))?")
EXAMPLE = "such as 0-3 or 0,2,5-7"


class ShardError(ValueError):
    """A shard count or list Parlour cannot run with; the message is one sentence."""


def shard_of(guild_id: int, count: int) -> int:
    """The shard, from 0 to count - 1, that Discord sends the guild's events to."""
    assert count >= 1, f"a shard count is at least 1, not {count}"
    return (guild_id >> 22) % count


def check_count(count: int, *, name: str = "The shard count") -> int:
    """The count itself, or ShardError when it is not from 1 to MAX_SHARD_COUNT."""
    if not 1 <= count <= MAX_SHARD_COUNT:
        raise ShardError(f"{name} must be from 1 to {MAX_SHARD_COUNT}, not {count}.")
    return count


def parse_shards(text: str, count: int, *, name: str = "The shard list") -> tuple[int, ...]:
    """The shards named by `text` ("0-3", "0,2,5-7"), in ascending order, each below
    `count`; ShardError, naming `name`, for anything else."""
    check_count(count)
    if not text.strip():
        raise ShardError(f"{name} is empty: name the shards, {EXAMPLE}.")
    owner: dict[int, str] = {}  # each shard -> the entry that named it
    for raw in text.split(","):
        entry = raw.strip()
        for shard in _entry_shards(entry, count, name):
            if shard in owner:
                raise ShardError(_twice(name, shard, owner[shard], entry))
            owner[shard] = entry
    return tuple(sorted(owner))


def _entry_shards(entry: str, count: int, name: str) -> range:
    """The shards of one entry of a list: a number or a range low-high."""
    match = _ENTRY.fullmatch(entry)
    if match is None:
        if re.fullmatch(r"-\d+", entry):
            raise ShardError(f"{name} names shard {entry}, but shard numbers start at 0.")
        if not entry:
            raise ShardError(f"{name} has an empty entry between commas: name shards {EXAMPLE}.")
        raise ShardError(f"{name} has {entry!r}, which is neither a shard nor a range {EXAMPLE}.")
    low = int(match[1])
    high = int(match[2]) if match[2] is not None else low
    if high < low:
        raise ShardError(f"{name} has the range {entry}, which runs backwards: write {high}-{low}.")
    if high >= count:
        raise ShardError(
            f"{name} names shard {high}, but {count} shards are numbered 0 to {count - 1}."
        )
    return range(low, high + 1)


def _twice(name: str, shard: int, first: str, second: str) -> str:
    """The sentence for a shard named by two entries (or twice by one)."""
    if first == second:
        return f"{name} names shard {shard} twice."
    return f"{name} names shard {shard} twice, in {first} and in {second}."
