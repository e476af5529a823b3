"""The Black Joke AI (rules.md): a punter that bets within its means and the bank's.

The banker has no decision in Black Joke: the bank seat is never awaited, so this policy
plays both roles simply by being asked only when its seat punts. As a punter it reads its
own seat's view and nothing else:

- It stakes about a quarter of its stack a deal, at a rate scaled to that budget (with a
  little chance in it), and never above what the bank could likely pay: the mean payout
  plus two standard deviations must fit in the bank's share per claiming punter.
- It orders a handful of cards (half the time holding a third of them back), buys up to
  the handful in the extra rounds while its budget and the bank's cover allow, and passes
  otherwise; asked again in a later round, it decides afresh (the bank may hold more).
- It never looks at the Faces it holds (no card counting), so the bank keeps exactly its
  theoretical edge: 10%, or none without the zeros.

The policy keeps no memory: its target hand size follows from the view alone (its stack
at the start of the deal is its stack now plus what it has paid, cards x rate).
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right

from bot.games.ai import Policy
from bot.games.yankee.black_joke.view import BlackJokeView

MAX_CARDS = 8
"""The most cards the AI wants in one deal: a handful."""
_MEAN = 1.0
"""The mean payout of one card at rate 1: 0.9 with the zeros, 1.0 without (take the larger)."""
_SD = 2.31
"""Its standard deviation: sqrt(0.2 * 285/9 - 1) without the zeros (2.21 with them)."""


def likely_payout(cards: int, rate: int) -> int:
    """A payout the bank should be able to meet for a hand: mean plus two deviations."""
    return rate * math.ceil(_MEAN * cards + 2 * _SD * math.sqrt(cards))


# likely_payout at rate 1 for 0..MAX_CARDS cards, ascending: the AI asks on every action.
_LIKELY = tuple(likely_payout(k, 1) for k in range(MAX_CARDS + 1))


def cover_share(view: BlackJokeView) -> int:
    """The bank's chips per punter who may claim on it this deal."""
    seats = view["seats"]
    bank: int = seats[view["banker"]]["stack"]
    claimants = sum(1 for s in seats if s["rate"] or s["status"] == "buying")
    return bank // max(1, claimants)


def cover_cards(share: int, rate: int) -> int:
    """The most cards (up to MAX_CARDS) whose likely payout at `rate` fits the bank's share."""
    return bisect_right(_LIKELY, share // rate) - 1


def _target(start_stack: int, rate: int) -> int:
    """The hand the AI wants at this rate: its deal budget's worth, 1 to MAX_CARDS."""
    return max(1, min(MAX_CARDS, (start_stack // 4) // rate))


class BlackJokePolicy:
    """Chooses a Black Joke punter's order, extra buys and pass from its seat's view."""

    def choose(self, view: BlackJokeView, seat: int, rng: random.Random) -> str:
        """The seat's action: an order, an extra buy, or pass."""
        me = view["seats"][seat]
        share, left = cover_share(view), view["cards_left"]
        if view["phase"] == "order":
            return self._order(me["stack"], left, view["max_rate"], share, rng)
        return self._extra(me["stack"], me["rate"], me["cards"], left, share)

    def _order(self, stack: int, left: int, max_rate: int, share: int, rng: random.Random) -> str:
        """The first order: a rate fitting the budget and the bank, most of a handful."""
        budget = max(1, stack // 4)
        rate = min(max_rate, stack, max(1, budget // rng.choice((4, 6, 8))))
        while rate > 1 and rate * _LIKELY[1] > share:
            rate -= 1
        target = _target(stack, rate)
        # Half the time the whole handful at once; else a third is left for the extra round.
        count = target - (target // 3 if rng.random() < 0.5 else 0)
        count = min(count, left, stack // rate, cover_cards(share, rate))
        return f"buy {count} {rate}" if count > 0 else "pass"

    def _extra(self, stack: int, rate: int, held: int, left: int, share: int) -> str:
        """An extra buy up to the handful while the budget and the bank allow, else pass."""
        target = _target(stack + held * rate, rate)
        count = min(target - held, left, stack // rate, cover_cards(share, rate) - held)
        return f"buy {count}" if count > 0 else "pass"


POLICY: Policy[BlackJokeView] = BlackJokePolicy()
