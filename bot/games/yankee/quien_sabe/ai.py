"""The Quien Sabe AI (rules.md): calls when the expected reward of a call is
positive, and plays its cards so that it knows more about the total than anyone else.

It decides from its seat's view alone. The total it expects is what it can see - the
face-up cards and its own face-down ones - plus, for every face-down card of another
player, the average of the cards it has not seen. With the unseen cards' spread it turns
that into a chance that the total reaches the QSN, and values a call as §5.2 pays it:
the differences from (or to) each other player, which are linear in the total, plus the
pool (and an exact bonus) when the call is good. It calls when that value is positive.

- Round one (face up): it plays its most ordinary card - the one nearest the average -
  keeping its very high and very low cards to play face down, where only it knows them;
  and it avoids a card that would void the deal when another will do.
- Face down: if one of its cards would let it call at once with a positive value (it is
  the first to choose after its own card), it plays the card that makes that call best
  and then calls; otherwise it plays its lowest card, which leaves the others
  overestimating the total (and perhaps calling short, paying it) and keeps its high
  cards for a call of its own.
"""

from __future__ import annotations

import math
import random

from bot.games.ai import Policy
from bot.games.yankee.quien_sabe.view import QuienSabeView

VALUE = {f"{r}{s}": r or 10 for s in "FLESH" for r in range(10)}
"""What each card counts: its number, a zero 10."""
_SQUARE = {c: v * v for c, v in VALUE.items()}
_SUM = sum(VALUE.values())
_SQUARES = sum(v * v for v in VALUE.values())
_MEAN = _SUM / len(VALUE)


def unseen_stats(view: QuienSabeView) -> tuple[int, float, float]:
    """How many cards this seat has not seen this deal, and their values' mean and variance."""
    seen = [*view["hand"], *view["my_face_down"]]
    for up in view["face_up"]:
        seen += up
    count = len(VALUE) - len(seen)
    total = _SUM - sum(map(VALUE.__getitem__, seen))
    squares = _SQUARES - sum(map(_SQUARE.__getitem__, seen))
    mean = total / count
    return count, mean, max(0.0, squares / count - mean * mean)


def call_value(
    view: QuienSabeView, seat: int, added: int = 0, stats: tuple[int, float, float] | None = None
) -> float:
    """The expected reward of calling now (after also playing a card worth `added` face
    down): the differences as §5.2 pays them, plus the pool and bonus if the call is good."""
    qsn: int = view["qsn"]
    others: int = len(view["players"]) - 1
    up: int = view["face_up_total"]
    known = up + sum(VALUE[c] for c in view["my_face_down"]) + added
    unknown: int = sum(view["face_down"]) - len(view["my_face_down"])
    count, mean, var = stats or unseen_stats(view)
    expected = known + unknown * mean
    if unknown == 0:
        good = 1.0 if known >= qsn else 0.0
        exact = 1.0 if known == qsn else 0.0
    else:
        # A sum drawn without replacement from the unseen cards: a normal approximation.
        fpc = (count - unknown) / (count - 1) if count > 1 else 0.0
        spread = math.sqrt(unknown * var * fpc) + 1e-6
        z = (expected - qsn) / spread
        good = 0.5 * (1.0 + math.erf((z + 0.5 / spread) / math.sqrt(2.0)))
        exact = math.exp(-0.5 * z * z) / (math.sqrt(2 * math.pi) * spread)
    rate: int = view["rate"]
    pool: int = view["pool"]
    bonus: int = view["exact_bonus"]
    return others * rate * (expected - qsn) + good * pool + exact * others * bonus


class QuienSabePolicy:
    """Chooses a Quien Sabe card, call or pass from its seat's view."""

    def choose(self, view: QuienSabeView, seat: int, rng: random.Random) -> str:
        """The seat's action: deal, play a card, or call, or pass."""
        if view["phase"] == "deal":
            return "deal"
        if view["phase"] == "decide":
            return "call" if call_value(view, seat) > 0 else "pass"
        hand: list[str] = view["hand"]
        if view["round"] == 1:
            return "play " + self._face_up(view, hand)
        best, best_value = min(hand, key=lambda c: (VALUE[c], c)), 0.0
        stats = unseen_stats(view)
        for card in sorted(hand, key=lambda c: (-VALUE[c], c)):
            value = call_value(view, seat, VALUE[card], stats)
            if value > best_value:
                best, best_value = card, value
        return "play " + best

    def _face_up(self, view: QuienSabeView, hand: list[str]) -> str:
        """The most ordinary card, and not one that voids the deal if another will do."""
        players = view["players"]
        last = sum(len(up) for up in view["face_up"]) == len(players) - 1
        room = view["qsn"] - view["face_up_total"]
        safe = [c for c in hand if last or room - VALUE[c] > 10] or hand
        return min(safe, key=lambda c: (abs(VALUE[c] - _MEAN), c))


POLICY: Policy[QuienSabeView] = QuienSabePolicy()
