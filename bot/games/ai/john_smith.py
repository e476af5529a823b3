"""The John Smith AI (rules/RULES.md §3, §3.2 strategy notes): the Tilters player, from its
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

from bot.games._john_smith import JOHN, SALLY, john_winner, playable_cards
from bot.games.ai.tilters import cost, lead
from bot.games.base import View


def _without(cards: Sequence[str], *dropped: str) -> list[str]:
    """The cards less the dropped ones, unless that leaves none."""
    kept = [c for c in cards if c not in dropped]
    return kept or list(cards)


def _john_safe(view: View, hand: Sequence[str], last: bool) -> bool:
    """Whether John can't meet Sally in this trick: she is played, held, or can't follow."""
    trick = view["trick"]
    if SALLY in trick:
        return False
    return SALLY in view["played"] or SALLY in hand or last


def _follow(view: View, seat: int, legal: Sequence[str], hunting: bool) -> str:
    """The card to play to a trick already led."""
    trick, trump = list(view["trick"]), view["trump"]
    owners, teams = view["trick_owners"], view["teams"]
    if JOHN in trick and SALLY in legal:
        return SALLY
    last = len(trick) == len(view["players"]) - 1
    safe = JOHN in legal and _john_safe(view, view["hand"], last)
    if safe and john_winner([*trick, JOHN], trump) == len(trick):
        return JOHN
    spare = _without(legal, JOHN, SALLY) if hunting else _without(legal, JOHN)
    cheapest = min(spare, key=lambda c: (cost(c, trump), c))
    leader = owners[john_winner(trick, trump)]
    if leader != seat and teams[leader] == teams[seat] and not hunting:
        return cheapest
    winning = [c for c in spare if john_winner([*trick, c], trump) == len(trick)]
    if winning:
        return min(winning, key=lambda c: (cost(c, trump), c))
    return cheapest


class JohnSmithPolicy:
    """Chooses a John Smith seat's action from its view."""

    def choose(self, view: View, seat: int, rng: random.Random) -> str:
        """The seat's action: 'call', or 'play XX' with a card the rules allow."""
        hand, trick, trump = list(view["hand"]), list(view["trick"]), view["trump"]
        legal = playable_cards(hand, trick, trump, bool(view["called"]))
        assert legal, "the AI was asked to play with no card to play"
        john_out = JOHN not in hand and JOHN not in view["played"] and JOHN not in trick
        hunting = SALLY in hand and john_out
        if not trick:
            if hunting:
                return "call"
            safe = JOHN in legal and _john_safe(view, hand, False)
            card = JOHN if safe else lead(_without(legal, JOHN), trump)
        else:
            card = _follow(view, seat, legal, hunting)
        return f"play {card}"


POLICY = JohnSmithPolicy()
