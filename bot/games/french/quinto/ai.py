"""The Quinto AI (rules.md): a partnership player deciding from its seat's view alone (its
hand, the dummy once exposed, the trick, the cards already taken, the calls).

- Doubling: it counts the tricks its own hand should take (aces, guarded kings and
  queens, length in the high suits) and doubles a strong hand, redoubles a stronger one
  (never its partner's double); at three the dealer looks at his own hand only, as the
  dummy is still face down.
- The joker wins nothing but is worth 25 to whoever takes it, so it is saved for a trick
  its side surely takes (the last card of a trick its side is winning, or behind a
  partner's unbeatable card) and never thrown to the opponents while anything else will do.
- Quints are saved the same way: a five, or the card that completes an ace and four or
  a two and three in the trick, goes onto its side's sure trick, or wins one; losing, it
  throws the card that gives the opponents least.
- Leading, it plays an unbeatable card (the top card left of hearts or diamonds) if it
  has one, else a low card that is no quint.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.games.ai import Policy
from bot.games.cards import JOKER
from bot.games.french.quinto.rules import (
    FIVES,
    JOKER_POINTS,
    PAIRS,
    POWER,
    QUINT_VALUE,
    RANK_POWER,
    SUIT_POWER,
    legal_plays,
    quints,
    trick_winner,
)
from bot.games.french.quinto.view import QuintoPlay

DOUBLE_AT = 4.5
"""Tricks the own hand should take to double (an even share is 3.25 of 13)."""
REDOUBLE_AT = 5.0
"""Tricks the own hand should take to redouble."""
RANKS = tuple(sorted(RANK_POWER, key=RANK_POWER.__getitem__))
QUINT_RANKS = frozenset(("5", "A", "4", "2", "3"))
MATES = PAIRS | {low: (high, value) for high, (low, value) in PAIRS.items()}
"""Each card of a quint pair with the other card of it and the quint's value."""


def strength(hand: Sequence[str]) -> float:
    """The tricks a hand should take: aces, kings with a guard, queens with two, and
    length in hearts and diamonds (which beat the lower suits)."""
    total = 0.0
    for suit, power in SUIT_POWER.items():
        held = {c[:-1] for c in hand if c != JOKER and c[-1] == suit}
        length = len(held)
        total += ("A" in held) + 0.7 * ("K" in held and length >= 2)
        total += 0.4 * ("Q" in held and length >= 3)
        if power >= 3:
            total += max(0, length - 4) * (0.6 if power == 4 else 0.3)
    return total


def decide_call(view: QuintoPlay, seat: int) -> str:
    """Pass, double or redouble, on the strength of the seat's own hand."""
    calls = [(int(s), str(c)) for s, c in view["calls"]]  # JSON pairs: [seat, call]
    doubler = next((s for s, c in calls if c == "double"), None)
    power = strength(view["hand"])
    if doubler is None:
        return "double" if power >= DOUBLE_AT else "pass"
    teams = view["teams"]
    if teams[doubler] != teams[seat] and power >= REDOUBLE_AT:
        return "redouble"
    return "pass"


def _cost(card: str) -> tuple[int, int, int]:
    """How dear a card is to part with: the joker most, then a five by its suit, then a
    card of a quint pair, then by suit and rank."""
    if card == JOKER:
        return 2, 0, 0
    rank, suit = card[:-1], card[-1]
    quint = QUINT_VALUE[suit] * (3 if rank == "5" else 1 if rank in QUINT_RANKS else 0)
    return 1 if rank == "5" else 0, quint, SUIT_POWER[suit] * 13 + RANK_POWER[rank]


COSTS = {card: _cost(card) for card in POWER}
"""Each card's cost, worked out once."""
cost = COSTS.__getitem__


def is_boss(card: str, seen: frozenset[str]) -> bool:
    """Whether every card above this one in its suit is already seen (played or held)."""
    rank, suit = card[:-1], card[-1]
    return all(r + suit in seen for r in RANKS[RANK_POWER[rank] + 1 :])


def sure(card: str, seen: frozenset[str]) -> bool:
    """Whether a card should hold a trick: the top card left of hearts or diamonds."""
    return card != JOKER and SUIT_POWER[card[-1]] >= 3 and is_boss(card, seen)


def lead(hand: Sequence[str], seen: frozenset[str]) -> str:
    """A sure card of the highest suit, else the cheapest card that is no quint."""
    bosses = [c for c in hand if sure(c, seen)]
    if bosses:
        return max(bosses, key=lambda c: (SUIT_POWER[c[-1]], -cost(c)[1]))
    plain = [c for c in hand if c != JOKER]
    return min(plain, key=cost) if plain else hand[0]


def gain(trick: Sequence[str], card: str) -> int:
    """The quint points (and the joker's 25) a card adds to the trick."""
    if card == JOKER:
        return JOKER_POINTS
    mate = MATES.get(card)
    return FIVES.get(card, 0) + (mate[1] if mate is not None and mate[0] in trick else 0)


def follow(view: QuintoPlay, seat: int, allowed: Sequence[str], seen: frozenset[str]) -> str:
    """The card to play to a trick already led."""
    trick, owners, teams = view["trick"], view["trick_owners"], view["teams"]
    best = trick_winner(trick)
    held_by_us = trick[best] != JOKER and teams[owners[best]] == teams[seat]
    last = len(trick) == 3
    if held_by_us and (last or sure(trick[best], seen)):
        return max(allowed, key=lambda c: (gain(trick, c), [-x for x in cost(c)]))
    winning = [c for c in allowed if c != JOKER and trick_winner((*trick, c)) == len(trick)]
    if winning and not held_by_us:
        if last:
            return max(winning, key=lambda c: (gain(trick, c), [-x for x in cost(c)]))
        safe = [c for c in winning if sure(c, seen)]
        if safe:
            return min(safe, key=cost)
        if quints(trick) or JOKER in trick:
            return max(winning, key=lambda c: cost(c)[2])
    return min(allowed, key=lambda c: (gain(trick, c), cost(c)))


class QuintoPolicy:
    """Chooses a Quinto seat's call or card from its view."""

    def choose(self, view: QuintoPlay, seat: int, rng: random.Random) -> str:
        """The seat's action: a call while doubling, else 'play XX' with a legal card."""
        if view["phase"] == "doubling":
            return decide_call(view, seat)
        hand = view["dummy"] if view["from_dummy"] else view["hand"]
        trick = view["trick"]
        allowed = legal_plays(hand, trick)
        assert allowed, "the AI was asked to play with no card to play"
        seen = frozenset((*view["played"], *trick, *view["hand"], *view["dummy"]))
        card = lead(hand, seen) if not trick else follow(view, seat, allowed, seen)
        return f"play {card}"


POLICY: Policy[QuintoPlay] = QuintoPolicy()
