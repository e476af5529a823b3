"""The Yankee Notion values of the trick rules, and fast paths for the games' hot loops.

The trick rules themselves, as parameters for any pack, live in bot/games/tricks/rules.py;
here are the Yankee Notion ones (RULES.md §1.2-§1.3): the Faces are a permanent second
trump and never trump, a suit's cards rank 0 high then 9 down to 1, and the refusal
sentences name the Yankee suits. Used by Tilters, John Smith and Pick-Nick.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.cards import YANKEE_SUIT_SINGULAR, rank_of
from bot.games.errors import IllegalAction
from bot.games.tricks.rules import follow_refusal

FACES = "F"
"""The Yankee Notion Faces: a permanent second trump, never the trump suit."""

SUIT_NAMES = {**YANKEE_SUIT_SINGULAR, FACES: "Face"}
"""Each suit's singular name as a refusal says it ("You hold a flag", "play a Face")."""


def yankee_strength(card: str) -> int:
    """A Yankee Notion card's strength within its suit: 0 high, then 9 down to 1."""
    rank = rank_of(card)
    return 10 if rank == 0 else rank


# --- Fast Yankee Notion helpers ------------------------------------------------------------
# The functions above take the suit, second trump and strength as parameters; the ones
# below fix them to the Yankee Notion values (suit = the code's last letter, second = the
# Faces, strength = yankee_strength) and give the same answers with fewer calls, for the
# games' hot paths (play, the rule checks and the AIs).

YANKEE_STRENGTH: dict[str, int] = {
    f"{rank}{suit}": yankee_strength(f"{rank}{suit}") for suit in "FLESH" for rank in range(10)
}
"""yankee_strength of every Yankee Notion card, looked up instead of computed."""


def yankee_legal(hand: Sequence[str], trick: Sequence[str], trump: str | None) -> tuple[str, ...]:
    """legal_cards(hand, trick, trump) with the Yankee Notion defaults (second = FACES)."""
    if not trick:
        return tuple(hand)
    led = trick[0][-1]
    priority: tuple[str | None, ...]
    if led == FACES:
        priority = (FACES, trump)
    elif led == trump:
        priority = (trump, FACES)
    else:
        priority = (led,)
    for need in priority:
        if need is None:
            continue
        cards = tuple([card for card in hand if card[-1] == need])
        if cards:
            return cards
    return tuple(hand)


def yankee_power(card: str, led: str, trump: str | None) -> int:
    """How strongly the card bids for a trick whose led suit is `led`: a trump above a Face
    above a card of the suit led, by strength within each; -1 for a card that can't win."""
    suit = card[-1]
    if suit == trump:
        return 200 + YANKEE_STRENGTH[card]
    if suit == FACES:
        return 100 + YANKEE_STRENGTH[card]
    if suit == led:
        return YANKEE_STRENGTH[card]
    return -1


def yankee_winner(trick: Sequence[str], trump: str | None) -> int:
    """trick_winner(trick, trump) with the Yankee Notion defaults (second = FACES)."""
    assert trick, "an empty trick has no winner"
    led = trick[0][-1]
    best, index = -1, 0
    for i, card in enumerate(trick):
        power = yankee_power(card, led, trump)
        if power > best:
            best, index = power, i
    return index


def yankee_refusal(need: str, lead: str, trump: str) -> IllegalAction:
    """The sentence refusing a card when the hand must play `need` to the lead (the follow
    rules of `yankee_legal`, shared by Tilters and John Smith)."""
    return follow_refusal(need, lead, trump, SUIT_NAMES, FACES)
