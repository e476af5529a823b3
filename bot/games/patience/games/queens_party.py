"""The Queen's Party (Cheney p. 94; its rules page beside it): one pack, no redeal,
with the use of the waste as the option `queens_party_waste`.

Sixteen cards make the ante-chamber, a hollow square of four rows of four. Kings and queens
enter the audience hall together, the queen on her king (`enter r3 r9`, the king's place
first); aces enter with their knaves, and on each knave the lower cards of its suit follow
downwards to the deuce. Cards are turned from the pack one at a time into the hand (`h`);
the card turned may enter the hall or fill a space in the ante-chamber, and when the next
card is turned it goes on the waste (Cheney's "stock"). The waste is never turned: its top
card only fills spaces in the ante-chamber.

[OUR CHOICE] A pair may enter from any two free places: the ante-chamber and the card
turned. `queens_party_waste=vacancies` (the book's "can only fill vacancies") keeps the
waste's top card out of the hall; `anywhere` lets it go to the hall as well.
"""

from __future__ import annotations

from bot.games.errors import IllegalAction
from bot.games.options import Option
from bot.games.patience.engine import Build, Ctx, Kind, Layout, Zone, name, rank
from bot.games.patience.games._quick import QuickSpec
from bot.games.rules_text import rules_page

ENTER = "enter"
PAIRS = {13: 12, 1: 11}
"""The card that leads each pair (king, ace) and the card that enters with it."""
SUITS = "HDCS"


class QueensParty(QuickSpec):
    """The Queen's Party."""

    key = "queens-party"
    title = "The Queen's Party"
    source = "Cheney, Patience (1869), p. 94"
    summary = (
        "Kings with queens and aces with knaves enter the hall from a sixteen-card ante-chamber."
    )
    rules = rules_page(__package__, "queens-party.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("h", Kind.CELL, label="the card turned", sources="s"),
        Zone("w", Kind.WASTE, label="the waste"),
        Zone("r", Kind.CELL, count=16, label="ante-chamber", sources="h+w"),
        Zone("k", Kind.FOUNDATION, count=4, label="royal pair", bases=("KH", "KD", "KC", "KS")),
        Zone(
            "f",
            Kind.FOUNDATION,
            count=4,
            label="family",
            bases=("AH", "AD", "AC", "AS"),
            length=11,
            build=Build(suit="same"),
        ),
    )
    options = (
        Option(
            "queens_party_waste",
            "vacancies",
            "vacancies (the waste's top card only fills the ante-chamber); anywhere (it may "
            "also enter the hall).",
            choices=("vacancies", "anywhere"),
        ),
    )

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """Sixteen cards in the ante-chamber; the rest is the pack."""
        room = {self.index[f"r{k + 1}"]: (deck[k],) for k in range(16)}
        return self.with_stock(self.empty().put(room, {}), deck[16:])

    def do_deal(self, layout: Layout, ctx: Ctx) -> Layout:
        """The card in hand goes on the waste and the next card is turned into the hand."""
        s, h, w = self.index["s"], self.index["h"], self.index["w"]
        stock = layout.piles[s]
        return layout.put(
            {s: stock[:-1], h: stock[-1:], w: layout.piles[w] + layout.piles[h]},
            {s: len(stock) - 1, h: 0},
        )

    def fits_foundation(self, layout: Layout, dst: int, card: str, ctx: Ctx) -> str | None:
        """Pairs enter together; after that only the knaves' families take cards."""
        if not layout.piles[dst]:
            return "Kings enter with their queens, aces with their knaves: use Enter."
        if self.ids[dst][0] == "k":
            return f"{self.label(dst).capitalize()} is complete."
        return super().fits_foundation(layout, dst, card, ctx)

    def accepts(
        self, layout: Layout, src: int, cards: tuple[str, ...], dst: int, ctx: Ctx
    ) -> str | None:
        """The waste fills spaces only, unless the option lets it enter the hall."""
        if self.ids[src] == "w" and self.zone_of[dst].kind is Kind.FOUNDATION:
            if self.waste_home(ctx):
                return super().accepts(layout, src, cards, dst, ctx)
            return "The waste's top card only fills a space in the ante-chamber."
        return super().accepts(layout, src, cards, dst, ctx)

    def waste_home(self, ctx: Ctx) -> bool:
        """Whether the waste's top card may enter the hall."""
        return bool(ctx.options.get("queens_party_waste", "vacancies") == "anywhere")

    def free_cards(self, layout: Layout, ctx: Ctx) -> dict[str, str]:
        """The cards that may enter the hall, by pile id."""
        pids = ["h", *(f"r{k}" for k in range(1, 17))] + (["w"] if self.waste_home(ctx) else [])
        return {p: layout.piles[self.index[p]][-1] for p in pids if layout.piles[self.index[p]]}

    def extra_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """Every pair that may enter: `enter <king or ace> <queen or knave>`."""
        free = self.free_cards(layout, ctx)
        where = {card: pid for pid, card in free.items()}
        out = []
        for pid, card in free.items():
            partner = PAIRS.get(rank(card))
            if partner is not None:
                mate = where.get(("Q" if partner == 12 else "J") + card[-1])
                if mate is not None:
                    out.append(f"{ENTER} {pid} {mate}")
        return out

    def apply_extra(self, layout: Layout, action: str, ctx: Ctx) -> Layout:
        """`enter a b`: a king and his queen, or an ace and its knave, enter together."""
        words = action.split(" ")
        if words[0] != ENTER:
            return super().apply_extra(layout, action, ctx)
        if len(words) != 3:
            raise IllegalAction("Write an entry as 'enter r3 r9': the king's or ace's place first.")
        free = self.free_cards(layout, ctx)
        lead, mate = free.get(words[1]), free.get(words[2])
        if lead is None or mate is None or words[1] == words[2]:
            raise IllegalAction(
                "Choose two cards that are free: the card turned or the ante-chamber."
            )
        partner = PAIRS.get(rank(lead))
        if partner is None or rank(mate) != partner or mate[-1] != lead[-1]:
            raise IllegalAction(
                f"{name(lead).capitalize()} cannot enter with {name(mate)}: a king enters "
                "with the queen of his suit, an ace with the knave of its suit."
            )
        zone = "k" if rank(lead) == 13 else "f"
        dst = self.index[f"{zone}{SUITS.index(lead[-1]) + 1}"]
        a, b = self.index[words[1]], self.index[words[2]]
        return layout.put({a: layout.piles[a][:-1], b: layout.piles[b][:-1], dst: (lead, mate)}, {})

    def safe(self, layout: Layout, move: str, ctx: Ctx) -> bool:
        """Entering the hall never spoils anything."""
        return move.startswith(ENTER + " ") or super().safe(layout, move, ctx)

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """An entry is as good as a card going home."""
        return 100 if move.startswith(ENTER + " ") else super().weigh(layout, move, ctx)

    def describe(self, action: str) -> str:
        """An entry in words."""
        if action.startswith(ENTER + " "):
            return "Enter the hall: " + " and ".join(action.split(" ")[1:])
        return super().describe(action)


SPECS = (QueensParty,)
