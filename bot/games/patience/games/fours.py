"""Fours (Cheney, p. 137; its rules page beside it): one pack in piles of four, face
up, gathered and laid again in fours until a fresh deal gives no move (the game other
collections call Cruel).

The whole pack is laid in thirteen piles of four in a line (`t1`..`t13`), each pile's
fourth card on top. An ace on top goes to a family, built up in suit to the king. A top
card may be laid on the top card of another pile one higher in its suit. When nothing
more can be done (Redeal), the piles are gathered, the last onto the one before it and so
on, so that the first pile comes out first, and the cards are laid again in fours. The
game is lost when a fresh deal gives no move.

[OUR CHOICE] A pile emptied stays empty, and each card moves alone. Redeal is allowed
only when no card can move, and never when the cards would be laid out just as at the
last deal (nothing has moved since, or the moves have put every card back in the same
order): such a deal could only repeat itself, so the game is then lost. The last deal is
remembered by a fingerprint of its order in the layout's marks. There is no other limit
on redeals.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import replace

from bot.games.patience.engine import Build, Ctx, Kind, Layout, Zone
from bot.games.patience.games._lookup import LookupMoves
from bot.games.rules_text import rules_page

PILES, EACH = 13, 4
LAST_DEAL = 0
"""The mark holding the fingerprint of the last deal's order."""


def fingerprint(cards: Sequence[str]) -> int:
    """A number that tells orders of cards apart (63 bits, the same in every process)."""
    digest = hashlib.blake2b(" ".join(cards).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


class Fours(LookupMoves):
    """Fours."""

    key = "fours"
    title = "Fours"
    source = "Cheney, Patience (1869), p. 137"
    summary = "Thirteen piles of four, married down in suit; gather and lay again in fours."
    rules = rules_page(__package__, "fours.md")
    zones = (
        Zone("f", Kind.FOUNDATION, count=4, base=1, build=Build(steps=(1,), suit="same")),
        Zone("t", Kind.TABLEAU, count=PILES, build=Build(suit="same"), empty="none"),
    )
    deal_to = ""
    marks = (0,)

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """The pack in piles of four, the first card of each four at the bottom."""
        return self.in_fours(self.empty(), list(deck))

    def in_fours(self, layout: Layout, cards: list[str]) -> Layout:
        """The cards (first dealt first) laid in fours from the first pile on."""
        piles = self.of_kind[Kind.TABLEAU]
        laid = {t: tuple(cards[EACH * k : EACH * (k + 1)]) for k, t in enumerate(piles)}
        return layout.put(laid, {}).mark(LAST_DEAL, fingerprint(cards))

    def gathered_cards(self, layout: Layout) -> list[str]:
        """The piles gathered, the last onto the one before it: the first pile's cards
        come out first, each pile from its bottom card."""
        return [c for t in self.of_kind[Kind.TABLEAU] for c in layout.piles[t]]

    def can_redeal(self, layout: Layout, ctx: Ctx) -> bool:
        """When no card can move, unless the deal would repeat the last one."""
        if self.card_moves(layout, ctx):
            return False
        return fingerprint(self.gathered_cards(layout)) != layout.marks[LAST_DEAL]

    def do_redeal(self, layout: Layout, ctx: Ctx) -> Layout:
        """Gather the piles and lay them in fours again."""
        after = self.in_fours(layout, self.gathered_cards(layout))
        return replace(after, passes=layout.passes + 1)

    def no_redeal(self, layout: Layout) -> str:
        """Why a redeal is refused."""
        return (
            "Redeal only when no card can move, and not when the cards would come out just "
            "as they were last laid: that deal could only repeat itself."
        )

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """Hints make every marriage before a redeal (a card has one possible host, so
        they cannot go round in circles), those that empty a pile or free a card for a
        family first."""
        own = super().weigh(layout, move, ctx)
        return 3 if own == 0 and move.startswith("move t") else own


SPECS = (Fours,)
