"""The Clock (Cheney p. 66; its rules page beside it): a forced travelling chain.

Thirteen piles of four face down: twelve round a dial (one to ten, the knave at eleven,
the queen at twelve) and the thirteenth, the kings', in the centre. The top card of the
centre is taken up; each card taken up is put face up under the pile of its number, and
that pile's top face-down card is taken up in its place. A king goes under the centre and
the centre's next card is taken up. The game is won when all thirteen piles are turned up
(four of a kind each); it is lost when the fourth king comes up while any card is still
face down. The only move is `next`; Auto plays the chain on only when the player asks.

A pile is kept with its face-down cards first and the cards put under it after them, so
the pile's "top" face-down card is the last of those.
"""

from __future__ import annotations

from bot.games.errors import IllegalAction
from bot.games.patience.engine import Ctx, Kind, Layout, Spec, Zone, name, rank
from bot.games.rules_text import rules_page

HOURS = 13
CENTRE = 13


class Clock(Spec):
    """The Clock."""

    key = "clock"
    title = "The Clock"
    source = "Cheney, Patience (1869), p. 66"
    summary = "Put each card under its hour and take the next from there; beat the fourth king."
    rules = rules_page(__package__, "clock.md")
    zones = (
        Zone("h", Kind.CELL, label="the card in hand"),
        Zone("p", Kind.RESERVE, count=HOURS, label="hour"),
    )
    deal_to = ""
    forced = True
    figure = "clock"

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """Piles of four from the top of the pack: hours one to twelve, then the centre."""
        layout = self.empty()
        piles = {
            self.index[f"p{h}"]: tuple(reversed(deck[4 * (h - 1) : 4 * h])) for h in range(1, 14)
        }
        return layout.put(piles, dict.fromkeys(piles, 4))

    def card_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """No free choice of cards: the chain is the only move."""
        return []

    def apply_move(self, layout: Layout, words: list[str], ctx: Ctx) -> Layout:
        """No card is moved by choice."""
        raise IllegalAction("The Clock has one move, 'next': the cards choose their own way.")

    def extra_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """`next`, while a card is in hand or the centre has one face down."""
        hand = layout.piles[self.index["h"]]
        if hand:
            return ["next"]
        centre = self.index[f"p{CENTRE}"]
        return ["next"] if layout.down[centre] and not self._placed(layout) else []

    def _placed(self, layout: Layout) -> bool:
        """Whether the chain has begun (any card turned up)."""
        return any(len(layout.piles[i]) > layout.down[i] for i in self.of_kind[Kind.RESERVE])

    def apply_extra(self, layout: Layout, action: str, ctx: Ctx) -> Layout:
        """`next`: put the card in hand under its hour and take up that pile's top card."""
        if action != "next":
            raise IllegalAction("The Clock has one move: 'next'.")
        if "next" not in self.extra_moves(layout, ctx):
            raise IllegalAction("The fourth king has come up: the clock has stopped.")
        h = self.index["h"]
        hand = layout.piles[h]
        if not hand:
            return self._take(layout, self.index[f"p{CENTRE}"], h)
        card = hand[0]
        target = self.index[f"p{rank(card)}"]
        placed = layout.put({h: (), target: layout.piles[target] + (card,)}, {})
        if not placed.down[target]:
            return placed
        return self._take(placed, target, h)

    def _take(self, layout: Layout, pile: int, hand: int) -> Layout:
        """Take the top face-down card of a pile into the hand."""
        down = layout.down[pile]
        cards = layout.piles[pile]
        card = cards[down - 1]
        rest = cards[: down - 1] + cards[down:]
        return layout.put({pile: rest, hand: (card,)}, {pile: down - 1, hand: 0})

    def won(self, layout: Layout) -> bool:
        """All thirteen piles turned up."""
        return (
            all(not layout.down[i] for i in range(len(self.ids)))
            and not layout.piles[self.index["h"]]
        )

    def score(self, layout: Layout) -> int:
        """Cards turned up on the dial."""
        return sum(len(layout.piles[i]) - layout.down[i] for i in self.of_kind[Kind.RESERVE])

    def result_words(self, layout: Layout, won: bool) -> str:
        """The dial in a sentence."""
        if won:
            return "Won: every hour shows four of a kind."
        return f"The fourth king came up with {52 - self.score(layout)} cards still face down."

    def describe(self, action: str) -> str:
        """'next' in words."""
        return "Next card" if action == "next" else super().describe(action)


def hour_name(card: str) -> str:
    """The hour a card belongs to, in words (for messages)."""
    return f"{name(card)} goes to hour {rank(card)}"


SPECS = (Clock,)
