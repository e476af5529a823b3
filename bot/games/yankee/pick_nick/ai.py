"""The Pick-Nick AI (rules.md): a plain Euchre player, from its seat's view alone.

- Bidding, it values its hand for a trump suit: the 1 of trump and the filly most, then
  the other trumps, high Faces and plain zeros. It orders up, assists or names the best
  suit it may when the value reaches `MAKE`, and goes alone from `ALONE`. The dealer
  counts the proposed card he would take, less his cheapest card.
- The dealer takes a turned-up Face when it is worth more than his cheapest card, and
  discards his cheapest card after taking the proposed one.
- Playing, it leads its top trump when its side made trump and it holds two or more,
  else the top of its longest plain suit; following, it leaves a trick its partner holds,
  else takes it with its cheapest winning card, else throws its cheapest card.

It uses the game's own follow, suit and strength rules (`bot/games/yankee/tricks.py`, `flow.py`),
so it only picks from the cards the rules allow; it keeps no memory.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

from bot.games.ai import Policy
from bot.games.cards import rank_of, suit_of
from bot.games.tricks.facts import trump_of
from bot.games.tricks.rules import partner_of
from bot.games.yankee.pick_nick.cards import (
    PIP_SUITS,
    filly,
    follow_cards,
    play_suit,
    rank_table,
    strength,
    suit_table,
    winner_index,
)
from bot.games.yankee.pick_nick.flow import DISCARD, FACES_PHASE, PLAY, ROUND_ONE
from bot.games.yankee.pick_nick.view import PickNickPlay
from bot.games.yankee.tricks import FACES, yankee_strength

MAKE = 5.0
"""A hand worth this much for a suit makes it trump (about three tricks with a partner)."""
ALONE = 8.5
"""A hand worth this much goes alone (the top trumps and more)."""


@cache
def card_value(card: str, trump: str) -> float:
    """What a card is worth towards tricks with this trump."""
    suit = play_suit(trump)(card)
    if card == f"1{trump}":
        return 3.0
    if card == filly(trump):
        return 2.5
    if suit == trump:
        return 2.0 if rank_of(card) == 0 else 1.5
    if suit == FACES:
        return 1.0 if rank_of(card) in (0, 9, 8) else 0.4
    return 0.6 if rank_of(card) == 0 else 0.0


def hand_value(hand: Sequence[str], trump: str) -> float:
    """The hand's worth with this trump."""
    return sum(card_value(c, trump) for c in hand)


@cache
def _spare_key(card: str, trump: str) -> tuple[float, int, str]:
    return card_value(card, trump), yankee_strength(card), card


def cheapest(hand: Sequence[str], trump: str) -> str:
    """The card the hand can best spare."""
    return min(hand, key=lambda c: _spare_key(c, trump))


def _bid(view: PickNickPlay, seat: int) -> str:
    """A bid of round one or two, by the hand's value."""
    hand, dealer = list(view["hand"]), view["dealer"]
    if view["phase"] == ROUND_ONE:
        top = view["proposal"]
        trump = suit_of(top)
        if seat == dealer:
            hand = [*hand, top]
            hand.remove(cheapest(hand, trump))
        value = hand_value(hand, trump)
        verb = "assist" if seat == partner_of(dealer, 4) else "order"
        # the dealer gets the proposed card: a help to his side, a gift to the other
        value += 0.5 if verb == "assist" else (-0.5 if (dealer - seat) % 2 else 0.0)
    else:
        down = suit_of(view["proposal"])
        trump = max((s for s in PIP_SUITS if s != down), key=lambda s: (hand_value(hand, s), s))
        value = hand_value(hand, trump)
        verb = f"name {trump}"
    if value < MAKE:
        return "pass"
    return verb + (" alone" if value >= ALONE else "")


def _faces(view: PickNickPlay) -> str:
    """The dealer's choice of a turned-up Face to take, or 'keep'."""
    hand, trump = list(view["hand"]), suit_of(view["proposal"])
    faces = [c for c in view["table"] if suit_of(c) == FACES]
    best = max(faces, key=yankee_strength)
    worst = cheapest(hand, trump)
    if card_value(best, trump) > card_value(worst, trump):
        return f"take {best} {worst}"
    return "keep"


def lead(hand: Sequence[str], trump: str, makers: bool) -> str:
    """The card to lead: top trump when its side made trump and holds two, else the top of
    the longest plain suit (a Face, or a trump, when nothing else is left)."""
    suit, rank = suit_table(trump), rank_table(trump)
    trumps = [c for c in hand if suit[c] == trump]
    if makers and len(trumps) >= 2:
        return max(trumps, key=rank.__getitem__)
    plain = [c for c in hand if suit[c] != trump and suit[c] != FACES]
    if not plain:
        plain = [c for c in hand if suit[c] == FACES] or list(hand)
    length: dict[str, int] = {}
    for c in plain:
        length[suit[c]] = length.get(suit[c], 0) + 1
    return max(plain, key=lambda c: (length[suit[c]], rank[c], c))


@cache
def cost(card: str, trump: str) -> tuple[int, int]:
    """How much a card is worth keeping: plain cards least, then Faces, then trumps."""
    suit = play_suit(trump)(card)
    tier = 2 if suit == trump else (1 if suit == FACES else 0)
    return tier, strength(trump)(card)


def follow(view: PickNickPlay, seat: int, legal: Sequence[str]) -> str:
    """The card to play to a trick already led."""
    trick, trump = list(view["trick"]), trump_of(view)
    owners, teams = view["trick_owners"], view["teams"]
    low = min(legal, key=lambda c: (cost(c, trump), c))
    leader = owners[winner_index(trick, trump)]
    if teams[leader] == teams[seat]:
        return low
    winning = [c for c in legal if winner_index([*trick, c], trump) == len(trick)]
    return min(winning, key=lambda c: (cost(c, trump), c)) if winning else low


def _play(view: PickNickPlay, seat: int) -> str:
    """A card the rules allow."""
    hand, trick, trump = list(view["hand"]), list(view["trick"]), trump_of(view)
    legal = follow_cards(hand, trick, trump)
    assert legal, "the AI was asked to play with no card to play"
    if trick:
        return follow(view, seat, legal)
    maker = view["maker"]
    assert maker is not None, "the AI was asked to play before trump was made"
    makers = view["teams"][maker] == view["teams"][seat]
    return lead(legal, trump, makers)


class PickNickPolicy:
    """Chooses a Pick-Nick seat's action from its view."""

    def choose(self, view: PickNickPlay, seat: int, rng: random.Random) -> str:
        """The seat's action: a bid, a Face taken, a discard or a card, always legal."""
        phase = view["phase"]
        if phase == FACES_PHASE:
            return _faces(view)
        if phase == DISCARD:
            return f"discard {cheapest(view['hand'], trump_of(view))}"
        if phase == PLAY:
            return f"play {_play(view, seat)}"
        return _bid(view, seat)


POLICY: Policy[PickNickPlay] = PickNickPolicy()
