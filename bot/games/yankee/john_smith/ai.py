"""The John Smith AI (rules.md strategy notes): the Tilters player, from its
seat's view alone, taught about John (0F) and Sally (1F).

- It calls whenever it may: leading Sally while John is in another hand wins John (5
  points) and the trick from the other side, and costs nothing when John is its partner's.
- Holding Sally while John is out, it keeps Sally back and takes tricks even from its
  partner, to get the lead from which to call.
- Holding John, it keeps him out of any trick Sally is in, and plays him to take a trick
  when he is safe: Sally has been played or is in its own hand, or it plays last.
- When John is in the trick and it holds Sally, it plays her and takes him.
- Otherwise it plays as the Tilters AI, judging tricks by John Smith's winner rule.

It knows the cards played this deal from the view's `played`; it keeps no other memory.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.games.ai import Policy
from bot.games.tricks.facts import trump_of
from bot.games.yankee.john_smith.flow import JOHN, SALLY, john_winner, playable_cards
from bot.games.yankee.john_smith.game import JohnSmithPlay
from bot.games.yankee.tilters.ai import cheapness, lead
from bot.games.yankee.tricks import yankee_power


def _without(cards: Sequence[str], *dropped: str) -> list[str]:
    """The cards less the dropped ones, unless that leaves none."""
    kept = [c for c in cards if c not in dropped]
    return kept or list(cards)


def _john_safe(view: JohnSmithPlay, hand: Sequence[str], last: bool) -> bool:
    """Whether John can't meet Sally in this trick: she is played, held, or can't follow."""
    trick = view["trick"]
    if SALLY in trick:
        return False
    return SALLY in view["played"] or SALLY in hand or last


def _takes(trick: Sequence[str], card: str, trump: str, best: int) -> bool:
    """Whether the card added to the trick would win it by John Smith's rule: as
    john_winner([*trick, card], trump) == len(trick), where `best` is the highest
    yankee_power of the trick's cards."""
    if JOHN in trick:
        if card == SALLY:
            return True
        if SALLY in trick:
            return False
    elif card == JOHN and SALLY in trick:
        return False
    return yankee_power(card, trick[0][-1], trump) > best


def _follow(view: JohnSmithPlay, seat: int, legal: Sequence[str], hunting: bool) -> str:
    """The card to play to a trick already led."""
    trick, trump = view["trick"], trump_of(view)
    owners, teams = view["trick_owners"], view["teams"]
    if JOHN in trick and SALLY in legal:
        return SALLY
    led = trick[0][-1]
    best = max(yankee_power(c, led, trump) for c in trick)
    last = len(trick) == len(view["players"]) - 1
    safe = JOHN in legal and _john_safe(view, view["hand"], last)
    if safe and _takes(trick, JOHN, trump, best):
        return JOHN
    spare = _without(legal, JOHN, SALLY) if hunting else _without(legal, JOHN)
    order = cheapness(trump).__getitem__
    cheapest = min(spare, key=order)
    leader = owners[john_winner(trick, trump)]
    if leader != seat and teams[leader] == teams[seat] and not hunting:
        return cheapest
    winning = [c for c in spare if _takes(trick, c, trump, best)]
    if winning:
        return min(winning, key=order)
    return cheapest


class JohnSmithPolicy:
    """Chooses a John Smith seat's action from its view."""

    def choose(self, view: JohnSmithPlay, seat: int, rng: random.Random) -> str:
        """The seat's action: 'call', or 'play XX' with a card the rules allow."""
        hand, trick, trump = view["hand"], view["trick"], trump_of(view)
        legal = playable_cards(hand, trick, trump, bool(view["called"]))
        assert legal, "the AI was asked to play with no card to play"
        hunting = (
            SALLY in hand and JOHN not in hand and JOHN not in trick and JOHN not in view["played"]
        )
        if not trick:
            if hunting:
                return "call"
            safe = JOHN in legal and _john_safe(view, hand, False)
            card = JOHN if safe else lead(_without(legal, JOHN), trump)
        else:
            card = _follow(view, seat, legal, hunting)
        return f"play {card}"


POLICY: Policy[JohnSmithPlay] = JohnSmithPolicy()
