"""Wandering Card (Cheney p. 51; its rules page beside it): a forced travelling chain.

Thirteen places, ace to king, are dealt face up four layers deep; a card that falls on the
place of its own number is laid aside. Then the top card laid aside goes under the pile of
its number, that pile's top card goes under the pile of *its* number, and so on until the
top card of the pile just fed already lies in its right place; then the next card laid
aside wanders. Won when the thirteen piles are sorted, four of a kind each. The only move
is `next` (one card put under a pile); Auto plays the chain on only when asked.

- `wandering_first_row=true` [OUR CHOICE]: the first layer is checked for matches too;
  false lays the first thirteen cards without checking.

Each step puts a card that lay in a wrong pile under its own pile, so the chain always ends.
"""

from __future__ import annotations

from bot.games.errors import IllegalAction
from bot.games.options import Option
from bot.games.patience.engine import RANK_OF, Ctx, Kind, Layout, Spec, Zone
from bot.games.patience.games._step_families import put_under
from bot.games.rules_text import rules_page

PLACES = 13


class WanderingCard(Spec):
    """Wandering Card."""

    key = "wandering-card"
    title = "Wandering Card"
    source = "Cheney, Patience (1869), p. 51"
    summary = "Send each card laid aside wandering under its pile, until thirteen piles sort."
    rules = rules_page(__package__, "wandering-card.md")
    zones = (
        Zone("h", Kind.CELL, label="the wandering card"),
        Zone("a", Kind.RESERVE, label="the cards laid aside"),
        Zone("p", Kind.RESERVE, count=PLACES, label="place"),
    )
    deal_to = ""
    forced = True
    options = (
        Option(
            "wandering_first_row",
            True,
            "A card of the first layer that falls on its own place is laid aside too.",
        ),
    )

    def __init__(self) -> None:
        super().__init__()
        self.hand, self.aside = self.index["h"], self.index["a"]
        self.places = [self.index[f"p{k}"] for k in range(1, PLACES + 1)]

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """Four layers over the thirteen places; matches laid aside (the last on top)."""
        check_first = bool(ctx.options.get("wandering_first_row", True))
        piles: list[tuple[str, ...]] = [()] * PLACES
        aside: tuple[str, ...] = ()
        for i, card in enumerate(deck):
            at = i % PLACES
            if RANK_OF[card[:-1]] == at + 1 and (check_first or i >= PLACES):
                aside += (card,)
            else:
                piles[at] += (card,)
        changes = dict(zip(self.places, piles, strict=True)) | {self.aside: aside}
        return self.empty().put(changes, {})

    def card_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """No free choice of cards: the chain is the only move."""
        return []

    def movable(self, layout: Layout, src: int) -> list[tuple[int, tuple[str, ...]]]:
        """No card is moved by hand."""
        return []

    def extra_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """`next`, while a card wanders or one is laid aside."""
        return ["next"] if layout.piles[self.hand] or layout.piles[self.aside] else []

    def apply_extra(self, layout: Layout, action: str, ctx: Ctx) -> Layout:
        """`next`: the wandering card (or the top card laid aside) goes under its pile,
        and that pile's top card wanders on unless it is already in its place."""
        if action != "next":
            raise IllegalAction("Wandering Card has one move: 'next'.")
        hand = layout.piles[self.hand]
        if hand:
            layout = layout.put({self.hand: ()}, {})
        elif layout.piles[self.aside]:
            hand = layout.piles[self.aside][-1:]
            layout = layout.put({self.aside: layout.piles[self.aside][:-1]}, {})
        else:
            raise IllegalAction("No card is left to wander: the game is over.")
        card = hand[0]
        r = RANK_OF[card[:-1]]
        pile = self.places[r - 1]
        layout = put_under(layout, pile, card)
        top = layout.piles[pile][-1]
        if RANK_OF[top[:-1]] == r:
            return layout
        return layout.put({pile: layout.piles[pile][:-1], self.hand: (top,)}, {})

    def won(self, layout: Layout) -> bool:
        """Thirteen sorted piles: every card lies on its own place."""
        if layout.piles[self.hand] or layout.piles[self.aside]:
            return False
        return self.score(layout) == 52

    def score(self, layout: Layout) -> int:
        """Cards lying on their own place."""
        return sum(
            sum(RANK_OF[c[:-1]] == k for c in layout.piles[p]) for k, p in enumerate(self.places, 1)
        )

    def result_words(self, layout: Layout, won: bool) -> str:
        """The piles in a sentence."""
        if won:
            return "Won: thirteen piles, ace to king, four of a kind each."
        return f"The cards ran out with {52 - self.score(layout)} cards out of their places."

    def describe(self, action: str) -> str:
        """'next' in words."""
        return "Next card" if action == "next" else super().describe(action)


SPECS = (WanderingCard,)
