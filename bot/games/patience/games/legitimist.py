"""The Legitimist (Cheney p. 36; its rules page beside it).

Two packs. A king is taken out and laid at the left (f1). The queen, knave, ten, nine,
eight, seven and six are laid next to it, in that order, as they appear from the pack
(f2-f8: family k opens only after family k-1). Every family is built down regardless of
suit, round the corner, thirteen cards, ending with the rank next above its first card.
Unplayable cards go to the waste (Cheney's "stock"), which may be taken up, reshuffled
and dealt again twice.

- [OUR CHOICE] The player chooses the family for a card that fits
  several; hints prefer the least-built one, and Auto plays only cards with one home.
- `legitimist_reshuffle` (default true): the waste is reshuffled at each redeal, as
  Cheney says; false turns it over in order.
"""

from __future__ import annotations

from dataclasses import replace

from bot.games.options import Option
from bot.games.patience.engine import (
    RANK_TEXT,
    Build,
    Ctx,
    Kind,
    Layout,
    Zone,
    rank_name,
)
from bot.games.patience.games._step_families import take_ranks
from bot.games.patience.games._wants import Wants, fits_one, following
from bot.games.rules_text import rules_page


class Legitimist(Wants):
    """The Legitimist."""

    by_suit = False

    key = "legitimist"
    title = "The Legitimist"
    source = "Cheney, Patience (1869), p. 36"
    summary = "Two packs: a king, then queen down to six as they come, built down round the corner."
    rules = rules_page(__package__, "legitimist.md")
    packs = 2
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("w", Kind.WASTE),
        Zone("f", Kind.FOUNDATION, count=8, build=Build(steps=(-1,), wrap=True)),
    )
    redeals = 2
    reshuffle = True
    options = (
        Option(
            "legitimist_reshuffle",
            True,
            "Shuffle the waste at each redeal (Cheney); false turns it over in order.",
        ),
    )

    def take_out(self, cards: list[str], ctx: Ctx) -> list[str]:
        """The first king."""
        return take_ranks(cards, (13,))

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """The first king to f1; the rest is the pack."""
        cards = list(deck)
        king = self.take_out(cards, ctx)
        return self.with_stock(self.empty().put({self.index["f1"]: tuple(king)}, {}), cards)

    def base_rank(self, layout: Layout, dst: int) -> int | None:
        """f1 a king, f2 a queen ... f8 a six."""
        return 13 - (dst - self.index["f1"])

    def want(self, layout: Layout, dst: int) -> str | None:
        """Opened in order (king, queen ... six); down round the corner, thirteen cards."""
        pile = layout.piles[dst]
        k = dst - self.index["f1"]
        if not pile:
            return RANK_TEXT[13 - k] if k == 0 or layout.piles[dst - 1] else None
        return following(pile[-1], -1, True) if len(pile) < 13 else None

    def card_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """The waste top to the families."""
        return self.homes(layout, (self.index["w"],))

    def fits_foundation(self, layout: Layout, dst: int, card: str, ctx: Ctx) -> str | None:
        """A family opens only after the one before it."""
        k = dst - self.index["f1"]
        if not layout.piles[dst] and k > 0 and not layout.piles[dst - 1]:
            before = rank_name(13 - k + 1)
            return f"The {rank_name(13 - k)}s' family opens after the {before}s' family."
        return super().fits_foundation(layout, dst, card, ctx)

    def do_redeal(self, layout: Layout, ctx: Ctx) -> Layout:
        """Take up the waste; shuffle it unless the option says otherwise."""
        if ctx.options.get("legitimist_reshuffle", True):
            return super().do_redeal(layout, ctx)
        w, s = self.index["w"], self.index["s"]
        turned = layout.piles[w][::-1]  # turned face down: the waste's bottom card is next
        moved = layout.put({w: (), s: turned}, {s: len(turned)})
        return replace(moved, passes=layout.passes + 1)

    def safe(self, layout: Layout, move: str, ctx: Ctx) -> bool:
        """A card with one family only may go home by itself."""
        return fits_one(self, layout, move, ctx)

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """Prefer the least-built family."""
        words = move.split(" ")
        if words[0] == "move" and words[2].startswith("f"):
            return 100 + 13 - len(layout.piles[self.index[words[2]]])
        return None


SPECS = (Legitimist,)
