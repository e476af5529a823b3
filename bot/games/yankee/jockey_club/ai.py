"""The Jockey Club AI (rules.md): offers for the turn-up by what it does to its hand.

It reads its own seat's view and nothing else: its hand, the turn-up, the pot, the
standing offer and who is still in the auction.

- **A card that completes a claim** (its total plus the turn-up is 5 times its cards plus
  one, which with a claiming hand means a 5): it bids its whole stack when it may. The
  taker of a completing card holds the most cards, so he is sure to win the pot, and the
  bid comes back with it: the price costs nothing, and only losing the auction does.
- **A hand that already claims** and a card that would spoil it: it passes, and hopes the
  claim stands at the showdown.
- **Any other hand** has no claim to lose, so a consolation is chips out of the pot for a
  useless card: it consoles for the whole pot first, then undercuts a standing
  consolation by half, down to nothing; against a bid it passes.
- **Last in the auction with no offer standing** (everyone else passed): it consoles for
  the whole pot whatever its hand, since the auction ends there and then.
- **Jockeying**: now and then, more often when the pot is big, a hand without a claim
  bids a chip or two for a card it does not need, to make a rival pay more for it.
"""

from __future__ import annotations

import random

from bot.games.ai import Policy
from bot.games.yankee.jockey_club.view import JockeyClubView

BLUFF_RATE = 0.06
"""How often a hand without a claim bids modestly for a card it does not need, per pot of
10 chips (capped at BLUFF_CAP)."""
BLUFF_CAP = 0.2


def scale(offer: str) -> int:
    """An offer on the pot's scale, worst to best: console c = -c, bid b = b."""
    verb, amount = offer.split(" ")
    return int(amount) if verb == "bid" else -int(amount)


def completes(hand: list[str], card: str) -> bool:
    """Whether taking the card leaves a hand averaging exactly 5."""
    return sum(int(c[0]) for c in hand) + int(card[0]) == 5 * (len(hand) + 1)


def claims(hand: list[str]) -> bool:
    """Whether the hand claims as it stands."""
    return sum(int(c[0]) for c in hand) == 5 * len(hand)


class JockeyClubPolicy:
    """Chooses a Jockey Club offer or pass from its seat's view."""

    def choose(self, view: JockeyClubView, seat: int, rng: random.Random) -> str:
        """The seat's action: the deal, a consolation, a bid, or pass."""
        if view["phase"] == "deal":
            return "deal"
        me = view["seats"][seat]
        hand, card, pot = view["hand"], view["turnup"], view["pot_for_offers"]
        assert card is not None, "the turn-up is shown before the auction"
        stack = me["stack"] - (0 if view["antes_in"] else view["ante"])
        standing = view["standing"]
        low = scale(standing["offer"]) + 1 if standing else -pot
        may_console = view["dealer_may_console"] or seat != view["dealer"]
        may_bid = not me["consoled"]
        top_bid = stack if may_bid and stack >= max(1, low) else 0
        # The highest consolation that still betters the standing offer (-1: none).
        top_console = min(pot, -low) if may_console and low <= 0 else -1
        if standing is None and not _others_in(view, seat):
            if top_console >= 0:
                return f"console {top_console}"
            return "bid 1" if top_bid and completes(hand, card) else "pass"
        if completes(hand, card):
            if top_bid:
                return f"bid {top_bid}"
            return f"console {top_console}" if top_console >= 0 else "pass"
        if claims(hand):
            return "pass"
        if top_console >= 0:
            return f"console {top_console if standing is None else top_console // 2}"
        if top_bid and rng.random() < min(BLUFF_CAP, BLUFF_RATE * pot / 10):
            bluff = max(1, low)
            if bluff <= max(2, pot // 5):
                return f"bid {bluff}"
        return "pass"


def _others_in(view: JockeyClubView, seat: int) -> bool:
    """Whether any other seat is still in the auction."""
    return any(
        s != seat and info["dealt_in"] and not info["passed"]
        for s, info in enumerate(view["seats"])
    )


POLICY: Policy[JockeyClubView] = JockeyClubPolicy()
