"""A patience layout in lines (the view of bot/games/patience/game.py), and Sympathy's two
players' piles (bot/games/patience/sympathy/game.py). Pile ids come first, since the
player types them
('move t3 f1'); face-down cards show as '##', and a long run of them as a count.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.console.style import Style, visible_len
from bot.console.table import seat_words
from bot.games.base import View
from bot.games.cards import Pack

PACK = Pack.FRENCH
_RUN = 3
"""From this many face-down cards in a row, they are counted rather than drawn."""
WIDTH = 80


def pile_text(cards: Sequence[str | None], style: Style) -> str:
    """A pile bottom to top: '## ## 5♥ 4♠', or '##x7 5♥' for a long face-down run."""
    if not cards:
        return "-"
    down = 0
    while down < len(cards) and cards[down] is None:
        down += 1
    if down < _RUN:
        return style.cards(list(cards), PACK)
    rest = style.cards(list(cards[down:]), PACK) if down < len(cards) else ""
    return f"{style.dim(f'##x{down}')} {rest}".rstrip()


def _zone_lines(zone: dict[str, Any], style: Style) -> list[str]:
    """One zone: its label, then its piles side by side as far as the width allows."""
    kind, piles = zone["kind"], zone["piles"]
    label = zone["label"] or {"foundation": "families"}.get(kind, kind)
    if kind in ("stock", "discard"):
        parts = [(p["id"], _counted(p["cards"], style)) for p in piles]
    elif kind in ("foundation", "waste"):
        parts = [(p["id"], _top(p["cards"], style)) for p in piles]
    else:
        parts = [(p["id"], pile_text(p["cards"], style)) for p in piles]
    if len(parts) == 1:
        return [f"  {label} ({parts[0][0]}): {parts[0][1]}"]
    width = max(len(pid) for pid, _ in parts)
    cells = [f"{pid:>{width}} {text}" for pid, text in parts]
    return [f"  {label}:", *_packed(cells, "    ")]


def _packed(cells: list[str], indent: str) -> list[str]:
    """Cells in columns of one width, as many to a line as fit in WIDTH characters."""
    size = max(visible_len(c) for c in cells) + 3
    per_line = max(1, (WIDTH - len(indent)) // size)
    lines = []
    for start in range(0, len(cells), per_line):
        row = cells[start : start + per_line]
        padded = [c + " " * (size - visible_len(c)) for c in row[:-1]] + row[-1:]
        lines.append(indent + "".join(padded))
    return lines


def _counted(cards: Sequence[str | None], style: Style) -> str:
    """A pile that is dealt from or put aside: its size, and its top card if face up."""
    if not cards:
        return "empty"
    size = f"{len(cards)} card" + ("" if len(cards) == 1 else "s")
    top = cards[-1]
    return f"{style.card(top, PACK)} ({size})" if top is not None else style.dim(size)


def _top(cards: Sequence[str | None], style: Style) -> str:
    """A pile built on or thrown on: its top card, and how many lie there."""
    if not cards:
        return "-"
    more = style.dim(f"({len(cards)})") if len(cards) > 1 else ""
    return f"{style.card(cards[-1], PACK)}{more}"


def patience_lines(view: View, style: Style, describe: Any, odds: str = "") -> list[str]:
    """The layout, the counters, a hint if one was asked for, whether play is stuck, and
    the game's odds in words if given."""
    counters = [f"score {view['score']}", f"moves {view['moves']}"]
    if view.get("redeals"):
        counters.append(f"redeals used {view['passes']} of {view['redeals']}")
    counters += [f"{name} left {uses}" for name, uses in view.get("privileges", {}).items()]
    lines = [style.bold(f"== {view['title']} ==") + "  " + " | ".join(counters)]
    for zone in view["zones"]:
        lines += _zone_lines(zone, style)
    if view.get("hint"):
        hint = view["hint"]
        said = "no move helps" if hint == "none" else f"{describe(hint)} ({hint})"
        lines.append(f"  Hint: {said}.")
    if view.get("stuck"):
        lines.append("  No move is left: undo, or resign.")
    if odds:
        lines.append(style.dim(f"  {odds}."))
    return lines


def sympathy_lines(view: View, names: Sequence[str], me: int | None, style: Style) -> list[str]:
    """Both players' piles (numbered from 1, as 'turn N' names them) and grace cards."""
    lines = [style.bold("== Sympathy ==") + f"  cards thrown out {view['out']}"]
    for index, player in enumerate(view["players"]):
        turn = view.get("turn") == index
        who = names[index] + (" (to play)" if turn else "")
        lines.append(f"{style.marker() if turn else ' '} {style.bold(who) if turn else who}:")
        cells = [f"{n:>2} {_sympathy_pile(p, style)}" for n, p in enumerate(player["piles"], 1)]
        cells.append(f"grace {_sympathy_pile(player['grace'], style)}")
        lines += _packed(cells, "    ")
    if view.get("last"):
        lines.append("  " + seat_words(str(view["last"]), names))
    return lines


def _sympathy_pile(cards: Sequence[str | None], style: Style) -> str:
    """A pile as its top (a card or '##') and, dimmed, how many lie beneath."""
    if not cards:
        return "-"
    under = style.dim(f"+{len(cards) - 1}") if len(cards) > 1 else ""
    return f"{style.card(cards[-1], PACK)}{under}"
