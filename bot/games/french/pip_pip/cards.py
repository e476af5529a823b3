"""Pip-Pip!'s pure card rules (RULES.md §15, source S3 with PIP-H): the double pack,
the rank order 2 high then A K ... 3, card points, the trick winner (of two identical
winning cards the second played wins), legal plays, the Pip-Pip! pairs a hand may call,
the trump after several calls (last called wins; option `pip_pip_first_call_wins` for
Hervey's first called) and the stock cut-off checked at the start of each trick.

Cards are the project's French codes (`bot/games/cards.py`): a rank (`2`..`10`, `J`, `Q`,
`K`, `A`) then a suit letter (`C`, `D`, `H`, `S`), as in `10D` or `QS`; the hot paths read
the suit as the code's last letter (what `suit_of` returns) without a call.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.cards import french_pack, packs

RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
"""The ranks from lowest to highest: the 2 is the top card."""
STRENGTH = {rank: i for i, rank in enumerate(RANKS)}
SUITS = "CDHS"
POINTS = {"2": 11, "A": 10, "K": 5, "Q": 4, "J": 3}
CALL_POINTS = 50


def pack() -> list[str]:
    """The 104 cards of two packs shuffled together, in a fixed order."""
    return list(packs(french_pack(), 2))


CARD_POINTS = {r + s: POINTS.get(r, 0) for s in SUITS for r in STRENGTH}
"""Each card's points, looked up whole."""
CARD_STRENGTH = {r + s: i for s in SUITS for r, i in STRENGTH.items()}
"""Each card's rank strength, looked up whole (no slice of the code on the hot path)."""


def strength(card: str) -> int:
    """The card's rank strength: 3 is lowest (0), 2 highest (12)."""
    return CARD_STRENGTH[card]


def points(cards: Sequence[str]) -> int:
    """The card points of `cards` (2 = 11, A = 10, K = 5, Q = 4, J = 3, others 0)."""
    return sum(map(CARD_POINTS.__getitem__, cards))


def trick_winner(played: Sequence[str], trump: str) -> int:
    """The index in `played` (in play order) of the card winning the trick; a later
    card equal to the best so far beats it, so the second of two identical cards wins."""
    best, suit, high = 0, played[0][-1], CARD_STRENGTH[played[0]]
    for i in range(1, len(played)):
        card = played[i]
        if card[-1] == suit:
            if CARD_STRENGTH[card] >= high:
                best, high = i, CARD_STRENGTH[card]
        elif card[-1] == trump:
            best, suit, high = i, trump, CARD_STRENGTH[card]
    return best


def legal(hand: Sequence[str], led: str | None) -> list[str]:
    """The cards of `hand` that may be played: any to lead, else the suit led if held."""
    if led is None:
        return list(hand)
    follow = [c for c in hand if c[-1] == led]
    return follow or list(hand)


def callable_suits(hand: Sequence[str], used: Sequence[str], trump: str) -> list[str]:
    """The suits other than trump in which `hand` holds a K and a Q not yet used in a
    call (`used` lists the cards already laid in calls, each card once)."""
    free = list(hand)
    for card in used:
        if card in free:
            free.remove(card)
    return [s for s in SUITS if s != trump and "K" + s in free and "Q" + s in free]


def trump_after(trump: str, calls: Sequence[str], first_call_wins: bool = False) -> str:
    """The trump for the next trick after the calls made since the last trick (suits, in
    order): the last called, or the first under `pip_pip_first_call_wins`."""
    if not calls:
        return trump
    return calls[0] if first_call_wins else calls[-1]


def stock_serves(stock: int, players: int) -> bool:
    """Whether drawing goes on this trick: the stock holds a card for every player."""
    return stock >= players


def first_dealer(drawn: Sequence[str]) -> int | None:
    """The seat whose drawn card is highest by rank (its suit is the first trump), or
    None when the highest rank is tied and the tied players draw again (our choice)."""
    top = max(strength(c) for c in drawn)
    seats = [i for i, c in enumerate(drawn) if strength(c) == top]
    return seats[0] if len(seats) == 1 else None


def deal(deck: Sequence[str], players: int, dealer: int) -> tuple[list[list[str]], list[str]]:
    """Seven cards each, one at a time from the dealer's left, and the rest as the stock."""
    hands: list[list[str]] = [[] for _ in range(players)]
    for i in range(7 * players):
        hands[(dealer + 1 + i) % players].append(deck[i])
    return hands, list(deck[7 * players :])


def hand_score(won: Sequence[str], calls: int) -> int:
    """A player's score for a hand: card points of the cards he won in tricks plus 50
    for each Pip-Pip! he declared (undeclared pairs score nothing)."""
    return points(won) + CALL_POINTS * calls


def session_over(deals: int, players: int, rotations: int = 1) -> bool:
    """Whether the game ends: every player has dealt `rotations` times (default one
    full rotation, our choice)."""
    return deals >= players * rotations
