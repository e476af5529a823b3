"""Weavers (Cheney p. 133; its rules page beside it): families down from eight kings,
fed by a Wandering-Card chain.

The eight kings are laid out first; the other 96 cards are dealt round twelve places
(ace to queen, knave 11, queen 12), and a card that falls on the place of its own number
is laid aside as a "weaver". Top cards of the places go on the kings, down in suit. When
no top card fits, a weaver (`weave <card>`) goes under the place of its number, that
place's top card is taken up, and `next` puts it under the place of its own number, and
so on until a top card fits a family. Two relays without shuffling. No options.

- [OUR CHOICE, from Wandering Card] the chain also stops when the top card of the place
  just fed is of that place's own number; so each step puts a misplaced card in its own
  place, and every chain ends.
- [OUR CHOICE] a weave is allowed only when no top card fits a family (the book's "when
  there are no top cards which fit"), and a relay only when nothing else can be done.
- [OUR CHOICE] a relay takes up the places in order, one to twelve, each from the bottom
  card up, and deals them round the places still needed ("only as many places as you
  need cards for"), laying aside matches again.
"""

from __future__ import annotations

from dataclasses import replace

from bot.games.errors import IllegalAction
from bot.games.patience.engine import RANK_OF, RANK_TEXT, Build, Ctx, Kind, Layout, Spec, Zone, name
from bot.games.patience.games._step_families import put_under
from bot.games.rules_text import rules_page

PLACES = 12


class Weavers(Spec):
    """Weavers."""

    key = "weavers"
    title = "Weavers"
    packs = 2
    source = "Cheney, Patience (1869), p. 133"
    summary = "Eight kings built down in suit, fed by weavers that wander under the places."
    rules = rules_page(__package__, "weavers.md")
    zones = (
        Zone("f", Kind.FOUNDATION, count=8, base=13, build=Build(steps=(-1,), suit="same")),
        Zone("h", Kind.CELL, label="the wandering card"),
        Zone("v", Kind.RESERVE, label="the weavers"),
        Zone("p", Kind.RESERVE, count=PLACES, label="place"),
    )
    deal_to = ""
    redeals = 2

    def __init__(self) -> None:
        super().__init__()
        self.hand, self.weavers = self.index["h"], self.index["v"]
        self.places = [self.index[f"p{k}"] for k in range(1, PLACES + 1)]
        self.families = self.of_kind[Kind.FOUNDATION]

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """The kings to the families; the rest round the twelve places."""
        kings = [c for c in deck if c[0] == "K"]
        layout = self.empty().put({f: (k,) for f, k in zip(self.families, kings, strict=True)}, {})
        return self.lay_places(layout, [c for c in deck if c[0] != "K"])

    def lay_places(self, layout: Layout, cards: list[str]) -> Layout:
        """Deal the cards round the places of the ranks among them; matches aside."""
        ranks = sorted({RANK_OF[c[:-1]] for c in cards})
        piles: dict[int, tuple[str, ...]] = dict.fromkeys(self.places, ())
        aside = layout.piles[self.weavers]
        for i, card in enumerate(cards):
            r = ranks[i % len(ranks)]
            if RANK_OF[card[:-1]] == r:
                aside += (card,)
            else:
                piles[self.places[r - 1]] += (card,)
        return layout.put(piles | {self.weavers: aside}, {})

    def wants(self, layout: Layout) -> dict[str, list[int]]:
        """The cards the unfinished families take next, and which families take each."""
        out: dict[str, list[int]] = {}
        for f in self.families:
            pile = layout.piles[f]
            if len(pile) < 13:
                top = pile[-1]
                out.setdefault(RANK_TEXT[RANK_OF[top[:-1]] - 1] + top[-1], []).append(f)
        return out

    def card_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """Top cards of the places to the families (none while a card wanders)."""
        if layout.piles[self.hand]:
            return []
        wants, out = self.wants(layout), []
        for p in self.places:
            pile = layout.piles[p]
            if pile and pile[-1] in wants:
                out += [f"move {self.ids[p]} {self.ids[f]}" for f in wants[pile[-1]]]
        return out

    def movable(self, layout: Layout, src: int) -> list[tuple[int, tuple[str, ...]]]:
        """Only the top card of a place moves by hand, and not while a card wanders."""
        pile = layout.piles[src]
        if src not in self.places or not pile or layout.piles[self.hand]:
            return []
        return [(1, pile[-1:])]

    def playable(self, layout: Layout) -> bool:
        """Whether some top card of a place fits a family."""
        wants = self.wants(layout)
        return any(layout.piles[p] and layout.piles[p][-1] in wants for p in self.places)

    def extra_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """`next` while a card wanders; else a weave when no top card fits a family."""
        if layout.piles[self.hand]:
            return ["next"]
        if self.playable(layout):
            return []
        return [f"weave {c.lower()}" for c in sorted(set(layout.piles[self.weavers]))]

    def apply_extra(self, layout: Layout, action: str, ctx: Ctx) -> Layout:
        """`weave <card>` starts a chain; `next` carries the wandering card on."""
        words = action.split(" ")
        hand = layout.piles[self.hand]
        if action == "next":
            if not hand:
                raise IllegalAction("No card is wandering: weave one, or move a card home.")
            return self.wander(layout.put({self.hand: ()}, {}), hand[0])
        if words[0] != "weave" or len(words) != 2:
            raise IllegalAction("Write 'weave 7h' to send a weaver wandering, or 'next'.")
        if hand:
            raise IllegalAction("Finish the chain first: press Next.")
        card = words[1].upper()
        weavers = list(layout.piles[self.weavers])
        if card not in weavers:
            raise IllegalAction(f"There is no weaver {words[1]}: the weavers are listed.")
        if self.playable(layout):
            raise IllegalAction("A top card fits a family: play it before weaving.")
        weavers.remove(card)
        return self.wander(layout.put({self.weavers: tuple(weavers)}, {}), card)

    def wander(self, layout: Layout, card: str) -> Layout:
        """Put the card under its place; take up that place's top card unless it fits a
        family or lies on its own place."""
        r = RANK_OF[card[:-1]]
        pile = self.places[r - 1]
        layout = put_under(layout, pile, card)
        top = layout.piles[pile][-1]
        if RANK_OF[top[:-1]] == r or top in self.wants(layout):
            return layout
        return layout.put({pile: layout.piles[pile][:-1], self.hand: (top,)}, {})

    def can_redeal(self, layout: Layout, ctx: Ctx) -> bool:
        """When nothing more can be done, twice."""
        return (
            layout.passes < self.redeals
            and not layout.piles[self.hand]
            and not layout.piles[self.weavers]
            and not self.playable(layout)
            and any(layout.piles[p] for p in self.places)
        )

    def do_redeal(self, layout: Layout, ctx: Ctx) -> Layout:
        """Take up the places in order, without shuffling, and deal them round again."""
        cards = [c for p in self.places for c in layout.piles[p]]
        after = self.lay_places(layout.put(dict.fromkeys(self.places, ()), {}), cards)
        return replace(after, passes=layout.passes + 1)

    def no_redeal(self, layout: Layout) -> str:
        """Why a relay is refused."""
        if layout.passes >= self.redeals:
            return "You have used both relays."
        return "Relay only when nothing more can be done: no weaver left and no card fits."

    def won(self, layout: Layout) -> bool:
        """Every family down to its ace."""
        return all(len(layout.piles[f]) == 13 for f in self.families)

    def safe(self, layout: Layout, move: str, ctx: Ctx) -> bool:
        """Cards home and the chain's next step need no thought."""
        return move == "next" or move.startswith("move ")

    def describe(self, action: str) -> str:
        """'weave 7h' and 'next' in words."""
        words = action.split(" ")
        if words[0] == "weave" and len(words) == 2 and words[1].upper() in set(self.pack()):
            return f"Weave {name(words[1].upper())}"
        return "Next card" if action == "next" else super().describe(action)


SPECS = (Weavers,)
