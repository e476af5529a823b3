"""A patience layout in lines (the view of bot/games/patience/game.py), and Sympathy's two
players' piles (bot/games/sympathy.py). Pile ids come first, since the player types them
('move t3 f1'); face-down cards show as '##', and a long run of them as a count.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.console.style import Style
from bot.console.table import seat_words
from bot.games.cards import Pack

PACK = Pack.FRENCH
_RUN = 3
"""From this many face-down cards in a row, they are counted rather than drawn."""


def pile_text(cards: Sequence[str | None], style: Style) -> str:
    """A pile bottom to top: '## ## 5♥ 4♠', or '(7 face down) 5♥' for a long hidden run."""
    if not cards:
        return "-"
    down = 0
    while down < len(cards) and cards[down] is None:
        down += 1
    if down < _RUN:
        return style.cards(list(cards), PACK)
    rest = style.cards(list(cards[down:]), PACK) if down < len(cards) else ""
    counted = style.dim(f"({down} face down)")
    return f"{counted} {rest}".rstrip()


def _zone_lines(zone: dict[str, Any], style: Style) -> list[str]:
    """One zone: on one line when each pile shows at most its top, else a line a pile."""
    kind, piles = zone["kind"], zone["piles"]
    label = zone["label"] or {"foundation": "families"}.get(kind, kind)
    if kind in ("stock", "discard"):
        parts = [f"{p['id']} {_counted(p['cards'], style)}" for p in piles]
        return [f"  {label}: " + "   ".join(parts)]
    if kind in ("foundation", "waste"):
        parts = [f"{p['id']} {_top(p['cards'], style)}" for p in piles]
        return [f"  {label}: " + "   ".join(parts)]
    if all(len(p["cards"]) <= 1 for p in piles):
        parts = [f"{p['id']} {pile_text(p['cards'], style)}" for p in piles]
        return [f"  {label}: " + "   ".join(parts)]
    width = max(len(p["id"]) for p in piles)
    lines = [f"  {label}:"]
    lines += [f"    {p['id']:<{width}}  {pile_text(p['cards'], style)}" for p in piles]
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


def patience_lines(view: dict[str, Any], style: Style, describe: Any) -> list[str]:
    """The layout, the counters, a hint if one was asked for, and whether play is stuck."""
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
    return lines


def sympathy_lines(
    view: dict[str, Any], names: Sequence[str], me: int, style: Style, width: int = 6
) -> list[str]:
    """Both players' piles (numbered from 1, as 'turn N' names them) and grace cards."""
    lines = [style.bold("== Sympathy ==") + f"  cards thrown out {view['out']}"]
    for index, player in enumerate(view["players"]):
        who = names[index] + (" (to play)" if view.get("turn") == index else "")
        lines.append(f"  {style.bold(who) if view.get('turn') == index else who}:")
        piles = [f"{n:>2} {_sympathy_pile(p, style)}" for n, p in enumerate(player["piles"], 1)]
        piles.append(f"grace {_sympathy_pile(player['grace'], style)}")
        for start in range(0, len(piles), width):
            lines.append("    " + "   ".join(piles[start : start + width]))
    if view.get("last"):
        lines.append("  " + seat_words(str(view["last"]), names))
    return lines


def _sympathy_pile(cards: Sequence[str | None], style: Style) -> str:
    """A pile as its top (a card or '##') and, dimmed, how many lie beneath."""
    if not cards:
        return style.dim("--")
    under = style.dim(f"+{len(cards) - 1}") if len(cards) > 1 else "  "
    return f"{style.card(cards[-1], PACK):>3}{under}"
