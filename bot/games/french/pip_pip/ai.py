"""The Pip-Pip! AI (rules.md): a card-point player that calls Pip-Pip! by the trump it
wants, from its seat's view alone (its hand, the trick, the cards laid face up and those
already taken, trump and the calls pending, the stock's count).

- Calls: a call is worth 50 points, so it calls every pair it holds (out of turn as soon
  as it draws one, or on its turn), ordering several so that the trump it wants (the
  suit where its hand is strongest) is the one that takes effect (called last, or first
  under `pip_pip_first_call_wins`). It waits with a pair whose suit would make a trump
  much worse for it than the one coming, while the stock still serves (there are tricks
  enough to call it later).
- Leading, it plays a card no other can beat in its suit (every higher card and the twin
  seen or held) that is worth points, else a cheap card: the lowest of its longest plain
  suit, or at a table of five or more a pointless card of its shortest, so that it can
  trump that suit sooner (tricks there hold more points).
- Following, it takes a trick worth points with the cheapest card that wins it (the last
  to play banks its highest winning card), and otherwise throws its cheapest card,
  keeping its trumps, its points and the kings and queens of a pair it may still call.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.games.ai import Policy
from bot.games.french.pip_pip.cards import (
    CARD_POINTS,
    CARD_STRENGTH,
    RANKS,
    SUITS,
    callable_suits,
    trick_winner,
    trump_after,
)
from bot.games.french.pip_pip.view import PipPipPlay
from bot.games.tricks.facts import trump_of

WORTH = 4
"""Points on the table that make a trick worth spending a good card on."""
WAIT_MARGIN = 3
"""How much weaker (in want) a called suit may be than the coming trump before it waits."""
MANY = 5
"""From this many seats the AI leads from its shortest plain suit, to trump it sooner."""

PACK = [r + s for s in SUITS for r in RANKS]
OVER = {c: [r + c[-1] for r in reversed(RANKS[CARD_STRENGTH[c] :])] for c in PACK}
"""Each card's twin and the cards of its suit that beat it, the highest first."""
TOKEN = {c: "," + c for c in PACK}
"""Each card as it stands in a joined list of codes."""
COST = {
    trump: {c: (c[-1] == trump) * 10_000 + CARD_POINTS[c] * 20 + CARD_STRENGTH[c] for c in PACK}
    for trump in SUITS
}
"""Per trump, how dear each card is to give away: a trump most, then by points and rank."""
PAIRS = {trump: tuple(("K" + s, "Q" + s) for s in SUITS if s != trump) for trump in SUITS}
"""Per trump, the king and queen of each plain suit: the pairs that may be called."""
KEEP = 1_000
"""Added to the cost of a king or queen kept for a call."""
NONE: frozenset[str] = frozenset()


def laid_by(view: PipPipPlay, seat: int) -> list[str]:
    """The seat's cards laid face up in its calls (the view leaves them out while none is
    laid at the table)."""
    exposed = view.get("exposed")
    return exposed[seat] if exposed else []


def want(hand: Sequence[str], suit: str) -> int:
    """How much the hand would like `suit` as trump: its length, and its high cards."""
    cards = [c for c in hand if c[-1] == suit]
    return 2 * len(cards) + sum(1 for c in cards if CARD_STRENGTH[c] >= CARD_STRENGTH["QS"])


def choose_call(view: PipPipPlay, seat: int, hand: Sequence[str], joined: str = "") -> str | None:
    """The suit to call now, or None to play a card (no pair, or waiting); `joined` is
    the hand's codes run together, if the caller has it."""
    joined = joined or "".join(hand)
    trump = trump_of(view)
    for king, queen in PAIRS[trump]:
        if king in joined and queen in joined:  # "KH" in the run-together codes is the KH
            break
    else:  # no king and queen of one plain suit: nothing to call
        return None
    pending = list(view["pending"])
    suits = callable_suits(hand, laid_by(view, seat), trump)
    if not suits:
        return None
    first_wins = bool(view["first_call_wins"])
    coming = trump_after(trump, pending, first_wins)
    best = max(suits, key=lambda s: (want(hand, s), s))
    if first_wins and not pending:
        order = [best, *sorted(s for s in suits if s != best)]
    else:
        order = [*sorted(s for s in suits if s != best), best]
    pick = order[0]
    after = trump_after(trump, [*pending, pick], first_wins)
    worse = want(hand, pick) + WAIT_MARGIN < want(hand, coming)
    if after != coming and after == pick and len(suits) == 1 and view["stock"] > 0 and worse:
        return None
    return pick


def bosses(cards: Sequence[str], known: Sequence[str]) -> list[str]:
    """Those of `cards` that no card left out can beat in their suit: every higher card
    and the card's twin (a second identical card wins) are `known` (seen or held)."""
    seen = "," + ",".join(known)  # ',10H' stands in no other code, nor overlaps itself
    top = []
    for card in cards:
        for over in OVER[card]:
            if seen.count(TOKEN[over]) < 2:
                break
        else:
            top.append(card)
    return top


def pair_cards(cards: Sequence[str], trump: str, exposed: Sequence[str]) -> frozenset[str]:
    """The kings and queens among `cards` (the hand, or every card it holds in the suits
    it may play) that may still make a call: a plain-suit K or Q not laid."""
    free = [c for c in cards if c[0] in "KQ" and c[-1] != trump]
    for card in exposed:
        if card in free:
            free.remove(card)
    return frozenset(free)


def lead(hand: Sequence[str], view: PipPipPlay, keep: frozenset[str]) -> str:
    """The lead: a sure winner worth points, else a cheap card: the lowest of the longest
    plain suit, or at a table of five or more, one of the shortest (a void to trump)."""
    trump = trump_of(view)
    points = [c for c in hand if CARD_POINTS[c] and c[-1] != trump and c not in keep]
    top = bosses(points, [*view["played"], *view["dead"], *hand]) if points else []
    if top:
        return max(top, key=lambda c: (CARD_POINTS[c], c))
    joined = "".join(hand)  # a suit's letter names no rank: count the suit's cards here
    plain = [c for c in hand if c[-1] != trump] or hand
    table = COST[trump]
    costs = [(table[c] + KEEP, c) if c in keep else (table[c], c) for c in plain]
    if view["seats"] >= MANY:  # by points first (cost // 20), then the shortest suit
        return min([(k // 20, joined.count(c[-1]), k, c) for k, c in costs])[3]
    return min([(k, -joined.count(c[-1]), c) for k, c in costs])[2]


def follow(view: PipPipPlay, allowed: Sequence[str], keep: frozenset[str]) -> str:
    """The card to play to a trick already led."""
    trick, trump = view["trick"], trump_of(view)
    table = COST[trump]
    if keep:
        costs = [(table[c] + KEEP, c) if c in keep else (table[c], c) for c in allowed]
    else:
        costs = [(table[c], c) for c in allowed]
    top = trick[trick_winner(trick, trump)]
    suit, rank = top[-1], CARD_STRENGTH[top]
    ruff = trump != suit  # a trump wins a plain-suit trick
    winning = [
        (k, c)
        for k, c in costs
        if (c[-1] == suit and CARD_STRENGTH[c] >= rank) or (ruff and c[-1] == trump)
    ]
    if not winning:
        return min(costs)[1]
    if len(trick) == view["seats"] - 1:
        return max(
            (c for _, c in winning),
            key=lambda c: (c[-1] != trump, CARD_POINTS[c], -CARD_STRENGTH[c], c),
        )
    pick = min(winning)[1]  # the cheapest winning card
    if CARD_POINTS[pick] >= WORTH or sum(map(CARD_POINTS.__getitem__, trick)) >= WORTH:
        return pick
    return min(costs)[1]


class PipPipPolicy:
    """Chooses a Pip-Pip! seat's call or card from its view."""

    def choose(self, view: PipPipPlay, seat: int, rng: random.Random) -> str:
        """The seat's action: 'call X' or 'play XX', as the rules allow."""
        hand: list[str] = view["hand"]
        trick: list[str] = view["trick"]
        joined = "".join(hand)
        if "K" in joined and "Q" in joined:  # a pair is possible ('K', 'Q' name no other)
            suit = choose_call(view, seat, hand, joined)
            if suit is not None:
                return f"call {suit}"
        if trick:
            led = trick[0][-1]
            if led in joined:  # it holds the suit led (a suit's letter names no rank)
                allowed = [c for c in hand if c[-1] == led]
                if len(allowed) == 1:
                    return "play " + allowed[0]
                playable = "".join(allowed)
            else:
                allowed, playable = hand, joined
            # the cards kept for a call matter only if a king or queen may be played
            royal = "K" in playable or "Q" in playable
            keep = pair_cards(allowed, trump_of(view), laid_by(view, seat)) if royal else NONE
            return "play " + follow(view, allowed, keep)
        assert hand, "the AI was asked to play with no card to play"
        royal = "K" in joined or "Q" in joined
        keep = pair_cards(hand, trump_of(view), laid_by(view, seat)) if royal else NONE
        return "play " + lead(hand, view, keep)

    def choose_optional(self, view: PipPipPlay, seat: int, rng: random.Random) -> str | None:
        """Out of turn (right after drawing): the call `choose` would make now, if any."""
        hand: list[str] = view["hand"]
        suit = choose_call(view, seat, hand)
        return None if suit is None else f"call {suit}"


POLICY: Policy[PipPipPlay] = PipPipPolicy()
