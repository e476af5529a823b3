"""The table of a card game (not patience) in a few lines, from one seat's view: a heading
with the counters, a line per seat (its chips or score, role, note, the cards it shows
and how many it holds face down), the cards in the middle, the game's own lines, and the
player's hand in order. Everything comes from the view's generic `scene`
(bot/games/scene.py) and its `hand`, so a new game needs nothing here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.console.style import Style
from bot.games import english
from bot.games.base import View
from bot.games.cards import FRENCH_RANKS, FRENCH_SUITS, YANKEE_SUITS, Pack
from bot.games.scene import HAND, Group, Scene, SeatScene
from bot.tables.names import name_seats

_PAIR = re.compile(r"\b([Ss])eats (\d+) and (\d+)\b")


_YOU_VERB = re.compile(r"\bYou (is|has|[a-z]+(?:ss|sh|ch|x)es|[a-z]+[^s]s)\b")
_IRREGULAR = {"is": "are", "has": "have"}
YOU = "You"
"""The human seat's name in the terminal."""


def seat_words(text: str, names: Sequence[str]) -> str:
    """Game text with its seats named: 'seat 1' and a partnership's 'seats 0 and 2';
    the verb after 'You' agrees with it ('seat 0 wins' reads 'You win')."""
    named = name_seats(_PAIR.sub(r"\1eat \2 and seat \3", text), names)
    return _YOU_VERB.sub(lambda m: f"{YOU} {_plain(m.group(1))}", named) if YOU in names else named


def _plain(verb: str) -> str:
    """'wins' -> 'win', 'passes' -> 'pass', 'has' -> 'have'."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    return verb[:-2] if verb.endswith(("sses", "shes", "ches", "xes")) else verb[:-1]


def sort_hand(cards: Sequence[str], pack: Pack) -> list[str]:
    """A hand in suit order, then rank (Yankee 0-9; French ace to king)."""
    if pack is Pack.YANKEE:
        return sorted(cards, key=lambda c: (YANKEE_SUITS.index(c[-1]), c[:-1]))

    def key(card: str) -> tuple[int, int]:
        """Suit then rank; the joker after every suit."""
        suit, rank = card[-1], card[:-1]
        if suit not in FRENCH_SUITS or rank not in FRENCH_RANKS:
            return (len(FRENCH_SUITS), 0)  # the joker, last
        return (FRENCH_SUITS.index(suit), FRENCH_RANKS.index(rank))

    return sorted(cards, key=key)


def table_lines(view: View, names: Sequence[str], me: int | None, style: Style) -> list[str]:
    """The table as seat `me` sees it (its view carries a `scene`)."""
    scene = view["scene"]
    pack = Pack(scene["pack"])
    hand = [c for c in view.get("hand") or [] if isinstance(c, str)]
    width = max(len(n) for n in names)
    lines = [_heading(scene, names, style)]
    for index, seat in enumerate(scene["seats"]):
        shown = [c for c in seat["cards"] if c not in hand] if index == me else seat["cards"]
        lines.append(_seat_line(seat, names[index], width, shown, style, pack))
    for group in scene["groups"]:
        if group.get("role") == HAND:
            continue  # the hand has its own line below, in order
        lines.append("  " + _group_text(group, names, style, pack))
    for text in scene.get("lines", []):
        lines.append("  " + seat_words(english(text), names))
    if hand:
        lines.append(f"  {style.bold('Your hand:')} {style.cards(sort_hand(hand, pack), pack)}")
    return lines


def _heading(scene: Scene, names: Sequence[str], style: Style) -> str:
    """'== Tilters - deal 1 ==  Trump flags | Target 20'."""
    counters = " | ".join(
        f"{seat_words(english(c['label']), names)} {seat_words(english(c['value']), names)}"
        for c in scene["counters"]
    )
    title = style.bold(f"== {scene['title']} ==")
    return f"{title}  {counters}" if counters else title


def _seat_line(
    seat: SeatScene,
    name: str,
    width: int,
    shown: list[str],
    style: Style,
    pack: Pack,
) -> str:
    """'> AI 1   95 chips  dealer; bid 51   3E  + 5 face down'."""
    mark = style.marker() if seat.get("active") else " "
    parts = [style.bold(name.ljust(width)) if seat.get("active") else name.ljust(width)]
    if "chips" in seat:
        parts.append(f"{seat['chips']:>4} chip" + ("" if seat["chips"] == 1 else "s"))
    elif "score" in seat:
        parts.append(f"{seat['score']:>3} point" + ("" if seat["score"] == 1 else "s"))
    roles = [english(seat[k]) for k in ("badge", "note") if seat.get(k)]
    if roles:
        parts.append("(" + "; ".join(roles) + ")")
    if shown:
        parts.append(style.cards(shown, pack))
    if seat.get("backs"):
        held = seat["backs"]
        parts.append(("+ " if shown else "") + style.dim(f"{held} face down"))
    return f"{mark} " + "  ".join(parts)


def _group_text(group: Group, names: Sequence[str], style: Style, pack: Pack) -> str:
    """'Trick: 3E (AI 1) 5E (You)', 'Deck: 19 face down', 'Turn-up: 7L'."""
    cards, backs = group["cards"], group.get("backs", 0)
    if group["kind"] == "pile" and cards:
        cards = cards[-1:]  # a pile shows its top card; the rest are counted
        backs += len(group["cards"]) - 1
    owners = group.get("owners")
    if owners and len(owners) == len(cards):
        words = [f"{style.card(c, pack)} ({names[o]})" for c, o in zip(cards, owners, strict=True)]
    else:
        words = [style.card(c, pack) for c in cards]
    if backs:
        words.append(("+ " if words else "") + style.dim(f"{backs} face down"))
    return f"{seat_words(english(group['label']), names)}: " + (" ".join(words) if words else "-")
