"""Game names for slash commands: the shared autocomplete, and reading a name typed by hand.

Every command with a `game` parameter (`/table start`, `/leaderboard`, `/rules`) offers
the registry's games as "Black Joke (2-10 players)", sending the permanent key; `/rules`
offers "Tournaments" too, for the tournament rules. A player
may still type a name without picking a suggestion; `game_named` accepts the key or the
title and refuses anything else with the registry's own sentence.
"""

from __future__ import annotations

from typing import Any

from discord import app_commands

from bot.games import Game, GameInfo, english, registry
from bot.tournaments.rules import KEY as TOURNAMENT_KEY
from bot.tournaments.rules import TITLE as TOURNAMENT_TITLE
from cogs._base import Interaction, Refusal

MAX_CHOICES = 25
"""Discord shows at most 25 autocomplete choices."""


def choice_name(info: GameInfo) -> str:
    """How a game is offered: its title and seat counts."""
    return f"{info.title} ({info.seat_range()})"


def matching_games(current: str, *, at_tables: bool = False) -> list[GameInfo]:
    """The games whose key or title contains what was typed (all when nothing was),
    those that begin with it first, at most MAX_CHOICES; `at_tables`: only the games a
    channel table hosts (patience has its own threads)."""
    typed = current.strip().casefold()
    found = [
        game.info
        for game in registry.all()
        if (typed in game.info.key or typed in english(game.info.title).casefold())
        and not (at_tables and game.info.solitary)
    ]

    def starts(info: GameInfo) -> bool:
        return info.key.startswith(typed) or english(info.title).casefold().startswith(typed)

    found.sort(key=lambda info: not starts(info))  # stable: key order within each group
    return found[:MAX_CHOICES]


async def game_autocomplete(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete for a `game` parameter: matching games, the key as the value."""
    return _choices(matching_games(current))


async def rules_autocomplete(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete for /rules: the matching games, and "Tournaments" when it matches too
    (first when it begins with what was typed, as games that do come first)."""
    games = _choices(matching_games(current))
    typed = current.strip().casefold()
    names = (TOURNAMENT_KEY, TOURNAMENT_TITLE.casefold())
    if not any(typed in name for name in names):
        return games
    tournaments = app_commands.Choice(name=TOURNAMENT_TITLE, value=TOURNAMENT_KEY)
    if any(name.startswith(typed) for name in names):
        return [tournaments, *games][:MAX_CHOICES]
    return [*games[: MAX_CHOICES - 1], tournaments]


async def table_game_autocomplete(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete for /table start: the matching games a channel table hosts."""
    return _choices(matching_games(current, at_tables=True))


def _choices(infos: list[GameInfo]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=choice_name(info), value=info.key) for info in infos]


def game_named(text: str) -> Game[Any]:
    """The game a player named by key or title; a Refusal naming the games otherwise."""
    typed = text.strip().casefold()
    for game in registry.all():
        if typed in (game.info.key, english(game.info.title).casefold()):
            return game
    try:
        return registry.get(text.strip())
    except KeyError as exc:
        raise Refusal(str(exc.args[0])) from None


def title_of(key: str) -> str:
    """A game's title, or its key if the game is no longer known (an old table's)."""
    try:
        return english(registry.get(key).info.title)
    except KeyError:
        return key
