"""Fooliana (Cheney p. 113, an 1894 addition; its rules page beside it): one pack, a
thirteen-card reserve called the Fool, and families from the first card's rank. The game
later known as Canfield or Demon.

Thirteen cards make the Fool (`r`), face up, its top card free. The next card starts the
first family and fixes the base rank; the other cards of that rank start the other
families as they come, and each family is built up in suit round the corner. Four cards
make a row (`t1`..`t4`), built down in alternating colours (a red ace on a black deuce);
any number of cards from the lowest of a run may move together onto another row card they
fit. A space in the row must be filled at once from the Fool. The pack is turned three
cards at a time onto the waste (Cheney's "stock"), whose top card may be used; it may be
turned again as long as the last round through it used a card.

[OUR CHOICE] The row does not turn the corner (no king on an ace). The waste may be turned
once more after a round that used nothing ("it is prudent to turn it once more"), but not
after two such rounds in a row. The book's "one more chance by dealing off the three cards
in a different order" is not offered.

- `fooliana_spaces=pack-bottom` (the default, the book's words "the lowest card of the
  pack in your hand"): when the Fool is out, a space may be filled with the bottom card of
  the pack (`fill t2`). `fooliana_spaces=waste`: with the top card of the waste instead.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from bot.games.errors import IllegalAction
from bot.games.options import Option
from bot.games.patience.engine import RANK_OF, RANK_TEXT, Build, Ctx, Kind, Layout, Zone
from bot.games.patience.games._first_card_base import ROUND_FAMILIES, FirstCardBase
from bot.games.rules_text import rules_page

CHANGED, IDLE = 1, 2
"""Marks after the base rank: whether this round through the pack used a card, and how
many rounds before it in a row used none."""


class Fooliana(FirstCardBase):
    """Fooliana."""

    key = "fooliana"
    title = "Fooliana"
    source = "Cheney, Patience (3rd ed., 1894), p. 113"
    summary = "A thirteen-card Fool, families from the first card, a row in alternating colours."
    rules = rules_page(__package__, "fooliana.md")
    zones = (
        Zone("s", Kind.STOCK, label="the pack"),
        Zone("w", Kind.WASTE, label="the waste"),
        Zone("r", Kind.RESERVE, label="the Fool", hidden=True),
        ROUND_FAMILIES,
        Zone("t", Kind.TABLEAU, count=4, label="row", build=Build(suit="alt"), unit="run"),
    )
    deal_count = 3
    redeals = 1000
    marks: tuple[int, ...] = (0, 0, 0)
    options = (
        Option(
            "fooliana_spaces",
            "pack-bottom",
            "What fills a space once the Fool is out: the bottom card of the pack (the book), "
            "or the top card of the waste.",
            choices=("pack-bottom", "waste"),
        ),
    )

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """Thirteen to the Fool, one to the first family, four to the row; then the pack."""
        layout = self.start(self.empty(), deck[13])
        row = {self.index[f"t{k + 1}"]: (deck[14 + k],) for k in range(4)}
        layout = layout.put({self.index["r"]: tuple(deck[:13]), **row}, {})
        return self.with_stock(layout, deck[18:])

    def settle(self, layout: Layout, ctx: Ctx) -> Layout:
        """A space in the row is filled at once from the Fool."""
        layout = super().settle(layout, ctx)
        r = self.index["r"]
        fool = layout.piles[r]
        gaps = [t for t in self.of_kind[Kind.TABLEAU] if not layout.piles[t]]
        if not fool or not gaps:
            return layout
        take = min(len(fool), len(gaps))
        changes = {t: (fool[-1 - k],) for k, t in enumerate(gaps[:take])}
        return layout.put({r: fool[: len(fool) - take], **changes}, {})

    def fits_empty(
        self, layout: Layout, src: int, cards: tuple[str, ...], dst: int, ctx: Ctx
    ) -> str | None:
        """Spaces come from the Fool by themselves; then from the pack (or by the option,
        the waste)."""
        by_waste = ctx.options.get("fooliana_spaces") == "waste"
        if by_waste and self.zone_of[src].name == "w" and len(cards) == 1:
            return None
        if by_waste:
            return "Now that the Fool is out, a space is filled from the top of the waste."
        return "Now that the Fool is out, a space is filled from the bottom of the pack: fill t2."

    def card_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """The moves the rules allow, found directly (the general search is slow here)."""
        piles, ids, out = layout.piles, self.ids, []
        singles = [i for i in (self.index["w"], self.index["r"]) if piles[i]]
        homes = self.wants(layout)
        for src in [*singles, *self.of_kind[Kind.TABLEAU]]:
            if piles[src]:
                out += [f"move {ids[src]} {ids[f]}" for f in homes(piles[src][-1])]
        # what could be laid, by (rank, red): single cards, and runs by their lowest card
        starts: dict[tuple[int, bool], list[str]] = {}
        for i in singles:
            card = piles[i][-1]
            starts.setdefault((RANK_OF[card[:-1]], card[-1] in "HD"), []).append(ids[i])
        for t in self.of_kind[Kind.TABLEAU]:
            pile = piles[t]
            for n in range(1, len(pile) + 1):
                if n > 1 and not _under(pile[-n + 1], pile[-n]):
                    break
                card = pile[-n]
                key = (RANK_OF[card[:-1]], card[-1] in "HD")
                starts.setdefault(key, []).append(ids[t] + (f" {n}" if n > 1 else ""))
        by_waste = ctx.options.get("fooliana_spaces") == "waste"
        for t in self.of_kind[Kind.TABLEAU]:
            if not piles[t]:
                if by_waste and singles and singles[0] == self.index["w"]:
                    out.append(f"move w {ids[t]}")
                continue
            top = piles[t][-1]
            for start in starts.get((RANK_OF[top[:-1]] - 1, top[-1] not in "HD"), ()):
                pid, _, count = start.partition(" ")
                if pid != ids[t]:
                    out.append(f"move {pid} {ids[t]}" + (f" {count}" if count else ""))
        return out

    def homes(self, layout: Layout, card: str) -> list[int]:
        """The families a card fits (the quick form of `fits_foundation`)."""
        return self.wants(layout)(card)

    def wants(self, layout: Layout) -> Callable[[str], list[int]]:
        """Which families each card fits, worked out once for the layout."""
        exact: dict[str, list[int]] = {}
        empty: list[int] = []
        for f in self.of_kind[Kind.FOUNDATION]:
            pile = layout.piles[f]
            if not pile:
                empty.append(f)
            elif len(pile) < 13:
                top = pile[-1]
                following = RANK_TEXT[RANK_OF[top[:-1]] % 13 + 1] + top[-1]
                exact.setdefault(following, []).append(f)
        base = RANK_TEXT[layout.marks[0]]

        def fits(card: str) -> list[int]:
            return exact.get(card, []) + (empty if card[:-1] == base else [])

        return fits

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """A move within the row helps when it empties a place (the Fool fills it) or
        uncovers a card that can go home; found directly, the general look-ahead being
        dear here."""
        words = move.split(" ")
        if words[0] != "move" or words[1][0] != "t" or words[2][0] != "t":
            return None
        pile = layout.piles[self.index[words[1]]]
        left = len(pile) - (int(words[3]) if len(words) == 4 else 1)
        if left == 0:
            return 20
        return 30 if self.homes(layout, pile[left - 1]) else 0

    def apply_move(self, layout: Layout, words: list[str], ctx: Ctx) -> Layout:
        """Move cards, and note that this round through the pack used one."""
        return super().apply_move(layout, words, ctx).mark(CHANGED, 1)

    def extra_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """`fill tN` from the bottom of the pack, once the Fool is out."""
        if not self._may_fill(layout, ctx):
            return []
        return [f"fill {self.ids[t]}" for t in self.of_kind[Kind.TABLEAU] if not layout.piles[t]]

    def _may_fill(self, layout: Layout, ctx: Ctx) -> bool:
        if ctx.options.get("fooliana_spaces") == "waste" or layout.piles[self.index["r"]]:
            return False
        return bool(layout.piles[self.index["s"]])

    def apply_extra(self, layout: Layout, action: str, ctx: Ctx) -> Layout:
        """`fill t2`: the bottom card of the pack into an empty place of the row."""
        words = action.split(" ")
        if words[0] != "fill" or len(words) != 2:
            raise IllegalAction(self.usage() + " Fill a space with 'fill t2'.")
        dst = self._pile(words[1])
        if self.zone_of[dst].name != "t" or layout.piles[dst]:
            raise IllegalAction("Fill names an empty place of the row, such as 'fill t2'.")
        if not self._may_fill(layout, ctx):
            raise IllegalAction(
                "A space is filled from the bottom of the pack only when the Fool is out and "
                "the pack has cards (or, by the option, from the waste)."
            )
        s = self.index["s"]
        stock = layout.piles[s]
        after = layout.put({s: stock[1:], dst: stock[:1]}, {s: len(stock) - 1, dst: 0})
        return after.mark(CHANGED, 1)

    def can_redeal(self, layout: Layout, ctx: Ctx) -> bool:
        """When the pack is out, while the rounds through it still use cards."""
        if layout.piles[self.index["s"]] or not layout.piles[self.index["w"]]:
            return False
        return bool(layout.marks[CHANGED]) or layout.marks[IDLE] == 0

    def do_redeal(self, layout: Layout, ctx: Ctx) -> Layout:
        """Turn the waste over as the pack (its first card dealt comes first again),
        counting rounds that used nothing."""
        w = self.index["w"]
        turned = self.with_stock(layout.put({w: ()}, {}), layout.piles[w])
        idle = 0 if layout.marks[CHANGED] else layout.marks[IDLE] + 1
        return replace(turned, passes=layout.passes + 1, marks=(layout.marks[0], 0, idle))

    def no_redeal(self, layout: Layout) -> str:
        """Why the waste may not be turned."""
        if layout.piles[self.index["s"]]:
            return "Deal out the pack first; then you may turn the waste."
        return "Your last two rounds through the pack used no card: the game has failed."

    def describe(self, action: str) -> str:
        """The fill in words."""
        words = action.split(" ")
        if words[0] == "fill" and len(words) == 2:
            return f"Fill {words[1]} from the bottom of the pack"
        return super().describe(action)


def _under(card: str, host: str) -> bool:
    """Whether `card` may lie on `host` in the row: one lower, the other colour."""
    return RANK_OF[card[:-1]] + 1 == RANK_OF[host[:-1]] and (card[-1] in "HD") != (host[-1] in "HD")


SPECS = (Fooliana,)
