"""Quinto's pure rules (RULES.md §13, after Hoffmann's Quinto, c. 1900, and Parlett):
the suit ranking as trumps, the trick winner with the joker, the deal of 12 each and a
five-card cachette, the doubling round, and the score of a won trick or of the cachette.

Cards are the French codes of bot.games.cards with the joker `JK`. Our choices (§13.2):
the cachette scores as one trick with its own quints; one pass of doubling from eldest,
each opponent of the doubler then getting one chance to redouble; a joker lead frees
every play; the joker's 25 goes to whoever takes the trick (or cachette) holding it.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.cards import JOKER

SUIT_POWER: dict[str, int] = {"H": 4, "D": 3, "C": 2, "S": 1}
QUINT_VALUE: dict[str, int] = {"H": 20, "D": 15, "C": 10, "S": 5}
RANK_POWER: dict[str, int] = {
    r: i for i, r in enumerate(("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"))
}
POWER: dict[str, int] = {
    rank + suit: 16 * power + RANK_POWER[rank]
    for suit, power in SUIT_POWER.items()
    for rank in RANK_POWER
} | {JOKER: -1}
"""Each card's power in a trick: by suit, then by rank; the joker none at all."""
FIVES: dict[str, int] = {"5" + suit: value for suit, value in QUINT_VALUE.items()}
"""The quint of each five."""
PAIRS: dict[str, tuple[str, int]] = {
    high + suit: (low + suit, value)
    for suit, value in QUINT_VALUE.items()
    for high, low in (("A", "4"), ("2", "3"))
}
"""The ace and the two, each with the card that makes a quint with it (its 4, its 3)."""
TRICK_POINTS = 5
JOKER_POINTS = 25
HAND_SIZE = 12
CACHETTE_SIZE = 5


def rank_code(card: str) -> str:
    """The rank part of a French card code (`10` of `10D`)."""
    return card[:-1]


def deal(
    deck: Sequence[str], players: int = 4
) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """Deal 12 one at a time to each hand (a dummy counts as one), the rest to the cachette."""
    hands = tuple(tuple(deck[i : HAND_SIZE * players : players]) for i in range(players))
    cachette = tuple(deck[HAND_SIZE * players :])
    assert len(cachette) == CACHETTE_SIZE or players != 4, "four hands leave a cachette of five"
    return hands, cachette


def legal_plays(hand: Sequence[str], trick: Sequence[str]) -> tuple[str, ...]:
    """The playable cards: follow suit if able; the joker any time; all free after a joker lead."""
    if not trick or trick[0] == JOKER:
        return tuple(hand)
    led = trick[0][-1]
    following = tuple([c for c in hand if c[-1] == led and c != JOKER])
    if not following:
        return tuple(hand)
    return (*following, JOKER) if JOKER in hand else following


def trick_winner(trick: Sequence[str]) -> int:
    """The index of the winner: the highest card of the highest suit played (never the joker).

    Without a joker lead a lower suit than the led one is a discard, so the led suit and
    higher suits compete; after a joker lead every suit competes.
    """
    best, top = 0, -1
    for i, card in enumerate(trick):
        power = POWER[card]
        if power > top:
            best, top = i, power
    return best


def quints(cards: Sequence[str]) -> int:
    """Quint points in one trick or the cachette: each 5, and A+4 or 2+3 of one suit together."""
    total = 0
    for card in cards:
        total += FIVES.get(card, 0)
        pair = PAIRS.get(card)
        if pair is not None and pair[0] in cards:
            total += pair[1]
    return total


def packet_score(cards: Sequence[str], multiplier: int) -> int:
    """Points of a won trick or the cachette: 5 times the doubling, quints and the joker's 25."""
    joker = JOKER_POINTS if JOKER in cards else 0
    return TRICK_POINTS * multiplier + quints(cards) + joker


def may_redouble(doubler: int, seat: int) -> bool:
    """Whether a seat may redouble: only an opponent of the doubler (partners sit opposite)."""
    return (seat - doubler) % 2 == 1
