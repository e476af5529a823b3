"""A game's rules and options as plain text: what `parlour rules` prints and `/rules` shows.

One function builds the text for both, so the terminal and Discord can never disagree
about a game's rules. Only the heading line (which Discord shows as the embed's title and
fields instead) and the hint on how to set the options differ between the two.
"""

from __future__ import annotations

import functools
import importlib.resources

from bot.games.base import AnyGame, GameInfo

CLI_OPTIONS_HINT = "parlour play/simulate --option name=value"
"""How the terminal sets options; `/rules` passes its own hint."""


RULES_PAGE = "rules.md"
"""A game's rules page, in its own folder: what `GameInfo.rules` is read from."""


@functools.cache
def read_rules(package: str | None, name: str = RULES_PAGE) -> str:
    """The markdown page `name` shipped inside a game's package (read once)."""
    assert package, "a rules page is read from inside a package"
    return importlib.resources.files(package).joinpath(name).read_text(encoding="utf-8")


def rules_page(package: str | None, name: str = RULES_PAGE) -> str:
    """A game's rules page as the plain text `GameInfo.rules` holds: the page's title
    line dropped (every front end shows the title its own way) and each `## Heading`
    written as a plain line, since Discord shows the text with its marks escaped."""
    lines = read_rules(package, name).strip().splitlines()
    if lines and lines[0].startswith("# "):
        lines = lines[1:]
    text = "\n".join(line[3:] if line.startswith("## ") else line for line in lines)
    return text.strip()


def heading(info: GameInfo) -> str:
    """The one-line heading: title, key, seat counts and source."""
    return f"{info.title} ({info.key}) - {info.seat_range()}; source: {info.source}"


def rules_text(
    game: AnyGame | GameInfo, *, options_hint: str = CLI_OPTIONS_HINT, with_heading: bool = True
) -> str:
    """The game's rules, then one line per option, then a patience's odds, as paragraphs
    separated by blank lines."""
    info = game if isinstance(game, GameInfo) else game.info
    parts = [heading(info)] if with_heading else []
    parts.append(info.rules.strip())
    if info.options:
        lines = [f"Options ({options_hint}):"]
        lines += [f"  {option.describe()}" for option in info.options]
        parts.append("\n".join(lines))
    if info.odds:
        parts.append(f"Odds: {info.odds}")
    return "\n\n".join(parts)
