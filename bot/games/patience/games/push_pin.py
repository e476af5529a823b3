"""Push Pin (Cheney p. 47; its rules page beside it): two packs laid in one straight
line, and cards pushed out of it.

The line is one pile `l`, its first card on the left; cards are numbered from 1. `deal`
lays the next card at the right-hand end. A card lying between two of one suit or two of
one rank is pushed out (`push 5`) and the line closes up; several cards of one suit
lying between two of one rank are pushed out together (`push 5-8`). Once every card is
laid, the first card may be moved to the end of the line, once (`shift`). The game is
won when all but two cards are pushed out; otherwise the result is how many are left.

[OUR CHOICE] Cards may be pushed out while the line is being laid (Cheney's "when you
have laid out all the cards" marks only the shift); the first three cards are laid at
once, since nothing can happen before. The shift may be made once.
"""

from __future__ import annotations

from dataclasses import replace

from bot.games.patience.engine import Ctx, Kind, Layout, Zone, name, rank, suit
from bot.games.patience.games._removal import Own
from bot.games.rules_text import rules_page

START = 3


class PushPin(Own):
    """Push Pin."""

    key = "push-pin"
    title = "Push Pin"
    packs = 2
    source = "Cheney, Patience (1869), p. 47"
    summary = "Push out cards lying between two of a suit or two of a rank, till two are left."
    rules = rules_page(__package__, "push-pin.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("l", Kind.RESERVE, label="the line"),
        Zone("x", Kind.DISCARD, label="the cards pushed out"),
    )
    deal_to = "l"
    privileges = (("shift", 1),)

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """The first three cards in the line, the rest in the pack."""
        layout = self.empty().put({self.index["l"]: deck[:START]}, {})
        return self.with_stock(layout, deck[START:])

    def row(self, layout: Layout) -> tuple[str, ...]:
        """The line, left to right."""
        return layout.piles[self.index["l"]]

    def do_deal(self, layout: Layout, ctx: Ctx) -> Layout:
        """Lay the next card at the end of the line."""
        stock, s, ln = self.stock(layout), self.index["s"], self.index["l"]
        changes = {s: stock[:-1], ln: self.row(layout) + stock[-1:]}
        return layout.put(changes, {s: len(stock) - 1})

    def own_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """Pushes (single cards and same-suit runs between two of a rank), and the shift."""
        cards = self.row(layout)
        ranks = [rank(c) for c in cards]
        suits = [suit(c) for c in cards]
        out = []
        for i in range(1, len(cards) - 1):
            if suits[i - 1] == suits[i + 1] or ranks[i - 1] == ranks[i + 1]:
                out.append(f"push {i + 1}")
            j = i + 1
            while j < len(cards) - 1 and suits[j] == suits[i]:
                if ranks[i - 1] == ranks[j + 1]:
                    out.append(f"push {i + 1}-{j + 1}")
                j += 1
        if not layout.used[0] and not self.stock(layout) and len(cards) > 2:
            out.append("shift")
        return out

    def perform(self, layout: Layout, words: list[str], ctx: Ctx) -> Layout:
        """Push the cards out, or move the first card to the end."""
        cards, ln = self.row(layout), self.index["l"]
        if words[0] == "shift":
            return replace(layout.put({ln: cards[1:] + cards[:1]}, {}), used=(1,))
        first, _, last = words[1].partition("-")
        a, b = int(first) - 1, int(last or first)
        out = layout.put({ln: cards[:a] + cards[b:]}, {})
        return self.with_discards(out, cards[a:b])

    def why_not(self, layout: Layout, words: list[str], ctx: Ctx) -> str:
        """The reason a push or shift is refused."""
        cards = self.row(layout)
        if words == ["shift"]:
            if layout.used[0]:
                return "You have already moved the first card to the end once."
            return "You may move the first card to the end only when every card is laid."
        if words[0] != "push" or len(words) != 2:
            return self.usage()
        first, dash, last = words[1].partition("-")
        ends = [first] + ([last] if dash else [])
        if not all(w.isdigit() and 1 <= int(w) <= len(cards) for w in ends):
            return f"Cards in the line are numbered 1 to {len(cards)}."
        a, b = int(first), int(last or first)
        if a == 1 or b == len(cards) or b < a:
            return "Name cards that lie between two others, left one first ('push 5-8')."
        left, right = cards[a - 2], cards[b]
        if a == b:
            return f"{name(cards[a - 1]).capitalize()} lies between {name(left)} and " + (
                f"{name(right)}: not of one suit or one rank."
            )
        if len({suit(c) for c in cards[a - 1 : b]}) > 1:
            return "Several cards go out together only when they are all of one suit."
        return f"{name(left).capitalize()} and {name(right)} are not of the same rank."

    def won(self, layout: Layout) -> bool:
        """Every card laid, and only two left in the line."""
        return not self.stock(layout) and len(self.row(layout)) <= 2

    def score(self, layout: Layout) -> int:
        """Cards pushed out."""
        return self.thrown(layout)

    def result_words(self, layout: Layout, won: bool) -> str:
        """How many cards are left in the line."""
        if won:
            return "Won: all the cards but two are pushed out."
        left = len(self.row(layout)) + len(self.stock(layout))
        return f"{self.thrown(layout)} cards pushed out; {left} left (two is a win)."

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """Pushes first (more cards better), then dealing; the shift last."""
        if move.startswith("push"):
            first, _, last = move.split(" ")[1].partition("-")
            return 100 + int(last or first) - int(first)
        return 1 if move == "shift" else None

    def describe(self, action: str) -> str:
        """Pushes and the shift in words."""
        words = action.split(" ")
        if words[0] == "push" and len(words) == 2:
            return f"Push out card {words[1].replace('-', ' to ')}"
        if action == "shift":
            return "Move the first card to the end"
        return super().describe(action)

    def usage(self) -> str:
        """How to write a move."""
        return "Write 'push 5' (card 5 of the line), 'push 5-8' (cards 5 to 8), deal, or shift."


SPECS = (PushPin,)
