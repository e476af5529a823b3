"""Pick-Nick's 30-card pack and its trick rules (rules.md §4.1-§4.2), for
bot/games/yankee/pick_nick/flow.py, game.py and ai.py.

Here are the pack, the filly (the trump's paired suit), which suit a card plays as and
how strong it is under a trump, the cards a seat may follow with, the winner of a trick
and the display order of a hand. They depend only on the cards and the trump, not on the
state of a deal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from bot.games.cards import YANKEE_SUITS, is_face, suit_of, yankee_pack
from bot.games.yankee.tricks import FACES, yankee_strength

PIP_RANKS = (0, 1, 7, 8, 9)
PACK = tuple(c for c in yankee_pack() if is_face(c) or int(c[0]) in PIP_RANKS)
"""The 30 cards of §4.1: all ten Faces and the 1, 7, 8, 9 and 0 of each pip suit."""
PIP_SUITS = ("L", "E", "S", "H")
PAIRED = {"L": "S", "S": "L", "E": "H", "H": "E"}
"""The suit pairs of §1.1: Flags with Stars, Eagles with Shields."""


def filly(trump: str) -> str:
    """The filly: the 1 of the suit paired with trump, which belongs to trump."""
    return f"1{PAIRED[trump]}"


@cache
def play_suit(trump: str) -> Callable[[str], str]:
    """A card's suit in play: its printed suit, but the filly's is trump."""
    promoted = filly(trump) if trump else ""

    def suit(card: str) -> str:
        return trump if card == promoted else suit_of(card)

    return suit


@cache
def strength(trump: str) -> Callable[[str], int]:
    """A card's strength within its suit in play: in trump the 1 of trump, the filly, then
    0, 9, 8, 7; elsewhere 0 high, then 9 down to 1."""
    top, second = (f"1{trump}", filly(trump)) if trump else ("", "")

    def rank(card: str) -> int:
        return 12 if card == top else 11 if card == second else yankee_strength(card)

    return rank


_ALL_CARDS = yankee_pack()


@cache
def suit_table(trump: str) -> dict[str, str]:
    """play_suit(trump) as a table over every Yankee Notion card (for the hot paths)."""
    suit = play_suit(trump)
    return {c: suit(c) for c in _ALL_CARDS}


@cache
def rank_table(trump: str) -> dict[str, int]:
    """strength(trump) as a table over every Yankee Notion card (for the hot paths)."""
    rank = strength(trump)
    return {c: rank(c) for c in _ALL_CARDS}


def follow_cards(hand: Sequence[str], trick: Sequence[str], trump: str) -> tuple[str, ...]:
    """The cards of the hand that may be played to the trick: the same as `_tricks`'s
    legal_cards(hand, trick, trump, FACES, play_suit(trump)), by table look-ups."""
    if not trick:
        return tuple(hand)
    suit = suit_table(trump)
    led = suit[trick[0]]
    held = {suit[c] for c in hand}
    if led == FACES:
        need = FACES if FACES in held else trump if trump in held else None
    elif led == trump:
        need = trump if trump in held else FACES if FACES in held else None
    else:
        need = led if led in held else None
    if need is None:
        return tuple(hand)
    return tuple(c for c in hand if suit[c] == need)


def winner_index(trick: Sequence[str], trump: str) -> int:
    """The index of the trick's winning card (distinct cards, trump named): the same as
    `_tricks`'s trick_winner(trick, trump, FACES, strength(trump), play_suit(trump))."""
    suit, rank = suit_table(trump), rank_table(trump)
    led = suit[trick[0]]
    best, top = 0, -1
    for i, card in enumerate(trick):
        s = suit[card]
        if s == trump:
            key = 200 + rank[card]
        elif s == FACES:
            key = 100 + rank[card]
        elif s == led:
            key = rank[card]
        else:
            continue
        if key > top:
            best, top = i, key
    return best


_SUIT_ORDER = {s: i for i, s in enumerate(YANKEE_SUITS)}


def _display_key(card: str) -> tuple[int, int]:
    return _SUIT_ORDER[suit_of(card)], -yankee_strength(card)


def sort_hand(hand: Sequence[str]) -> tuple[str, ...]:
    """A hand in display order: by suit (Faces first), strongest first within a suit."""
    return tuple(sorted(hand, key=_display_key))
