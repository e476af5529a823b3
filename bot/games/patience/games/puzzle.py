"""Puzzle (Cheney p. 86; its rules page beside it), with the 32-card Euchre pack.

Four cards are laid in a row (t1-t4) and the rest of the pack dealt on them in turn; each
king that comes goes to the row above (f1-f4, in the order they appear) and its place is
filled with the next card. Then each king's family is built down regardless of suit, fed
only from the top card of the pile directly beneath it. When no top card can be used, the
piles are taken up and laid again (`redeal`), as often as the player likes.

- [OUR CHOICE] Families run from the king down to the seven; an ace
  belongs to no family and is set aside (`x`) as soon as it is the top card of a pile.
- [OUR CHOICE] `puzzle_shuffle` (default false): the book does not say to shuffle, so the
  piles are gathered in order (t4 on t3 on t2 on t1, turned face down) and dealt round
  again from t1. Such relays repeat themselves, so a relay is refused once the piles would
  only come round to an arrangement already tried since the last card went home. With
  the option, each relay is shuffled and relays never run out (the move limit ends a
  game that will not come out).
"""

from __future__ import annotations

from dataclasses import replace
from math import lcm

from bot.games.options import Option
from bot.games.patience.engine import Build, Ctx, Kind, Layout, Spec, Zone, rank
from bot.games.rules_text import rules_page

PILES = 4
FAMILY = 7
"""King, queen, knave, ten, nine, eight, seven."""


class Puzzle(Spec):
    """Puzzle."""

    key = "puzzle"
    title = "Puzzle"
    source = "Cheney, Patience (1869), p. 86"
    summary = "Euchre pack: each king fed only from the pile beneath it; re-lay at will."
    rules = rules_page(__package__, "puzzle.md")
    piquet = True
    zones = (
        Zone(
            "f", Kind.FOUNDATION, count=PILES, label="king", base=13, length=FAMILY, build=Build()
        ),
        Zone("t", Kind.TABLEAU, count=PILES, empty="none"),
        Zone("x", Kind.DISCARD, label="the aces set aside"),
    )
    deal_to = ""
    options = (
        Option(
            "puzzle_shuffle",
            False,
            "Shuffle the piles at each relay, with no limit (the book does not say).",
        ),
    )
    marks = (0, 0)
    """Relays made since a card last went home, and the piles' size at the last relay."""

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """Round the four piles; kings to the row above as they come."""
        kings = [c for c in deck if rank(c) == 13]
        rest = [c for c in deck if rank(c) != 13]
        layout = self.empty().put({self.index[f"f{k + 1}"]: (c,) for k, c in enumerate(kings)}, {})
        return self.round(layout, rest)

    def round(self, layout: Layout, cards: list[str]) -> Layout:
        """Deal the cards (top first) round the four piles from t1."""
        tabs = self.of_kind[Kind.TABLEAU]
        return layout.put({t: tuple(cards[k::PILES]) for k, t in enumerate(tabs)}, {})

    def accepts(
        self, layout: Layout, src: int, cards: tuple[str, ...], dst: int, ctx: Ctx
    ) -> str | None:
        """A family takes cards only from the pile beneath it."""
        if self.zone_of[dst].kind is Kind.FOUNDATION and src - dst != self.index["t1"]:
            below = self.ids[dst + self.index["t1"]]
            return f"This king takes cards only from pile {below}, directly beneath him."
        return super().accepts(layout, src, cards, dst, ctx)

    def card_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """Each pile's top card to the king above it."""
        out = []
        for k, t in enumerate(self.of_kind[Kind.TABLEAU]):
            f = self.index[f"f{k + 1}"]
            pile = layout.piles[t]
            if pile and self.fits_foundation(layout, f, pile[-1], ctx) is None:
                out.append(f"move {self.ids[t]} {self.ids[f]}")
        return out

    def can_redeal(self, layout: Layout, ctx: Ctx) -> bool:
        """When stuck, unless the relays would only repeat themselves."""
        cards = sum(len(layout.piles[t]) for t in self.of_kind[Kind.TABLEAU])
        if not cards or self.card_moves(layout, ctx):
            return False
        if ctx.options.get("puzzle_shuffle", False):
            return True
        tried = layout.marks[0] if layout.marks[1] == cards else 0
        return tried < cycle(cards)

    def no_redeal(self, layout: Layout) -> str:
        """Why a relay is refused."""
        return (
            "Relay only when no top card can be used, and not when the relays would only "
            "repeat themselves."
        )

    def do_redeal(self, layout: Layout, ctx: Ctx) -> Layout:
        """Gather t1..t4 in order and deal them round again."""
        tabs = self.of_kind[Kind.TABLEAU]
        cards = [c for t in tabs for c in layout.piles[t]]
        shuffles = layout.shuffles
        if ctx.options.get("puzzle_shuffle", False):
            ctx.rng(shuffles).shuffle(cards)
            shuffles += 1
        tried = layout.marks[0] + 1 if layout.marks[1] == len(cards) else 1
        after = self.round(layout, cards).mark(0, tried).mark(1, len(cards))
        return replace(after, passes=layout.passes + 1, shuffles=shuffles)

    def settle(self, layout: Layout, ctx: Ctx) -> Layout:
        """Aces on top of a pile are set aside."""
        x = self.index["x"]
        changes: dict[int, tuple[str, ...]] = {}
        aside = layout.piles[x]
        for t in self.of_kind[Kind.TABLEAU]:
            pile = layout.piles[t]
            while pile and rank(pile[-1]) == 1:
                aside += pile[-1:]
                pile = pile[:-1]
            if pile != layout.piles[t]:
                changes[t] = pile
        if changes:
            layout = layout.put({**changes, x: aside}, {})
        return super().settle(layout, ctx)

    def won(self, layout: Layout) -> bool:
        """All four families at their sevens."""
        return self.score(layout) == PILES * FAMILY


def cycle(n: int) -> int:
    """How many relays of n cards bring the piles back to where they were."""
    order = [c for k in range(PILES) for c in range(k, n, PILES)]
    seen: set[int] = set()
    out = 1
    for start in range(n):
        length, x = 0, start
        while x not in seen:
            seen.add(x)
            x = order[x]
            length += 1
        if length:
            out = lcm(out, length)
    return out


SPECS = (Puzzle,)
