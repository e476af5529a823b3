"""Little Lots (Cheney p. 49; its rules page beside it), with the 32-card Euchre pack.

Eight lots of four cards (t1-t8), the top card of each face up. Two top cards of the same
rank are taken off together (`remove t1 t5`) and the cards beneath turned up. One
privilege (`turn t3`): a lot of exactly two cards may have its lower card turned up, and
if the two match they are taken off. Won when every card is off the table. The game is
chance with one small choice: which two of three matching top cards to pair.
[OUR CHOICE] If the two cards of a turned lot do not match, the privilege is spent and
both stay, the lower one now face up beneath the other.
"""

from __future__ import annotations

from itertools import combinations

from bot.games.errors import IllegalAction
from bot.games.patience.engine import Ctx, Kind, Layout, Spec, Zone, name, rank
from bot.games.rules_text import rules_page

LOTS = 8


class LittleLots(Spec):
    """Little Lots."""

    key = "little-lots"
    title = "Little Lots"
    source = "Cheney, Patience (1869), p. 49"
    summary = "Euchre pack: eight lots of four; take off pairs of the same rank from the tops."
    rules = rules_page(__package__, "little-lots.md")
    piquet = True
    zones = (
        Zone("t", Kind.TABLEAU, count=LOTS, label="lot", empty="none"),
        Zone("x", Kind.DISCARD, label="the pairs taken off"),
    )
    deal_to = ""
    privileges = (("turn up a two-card lot", 1),)

    def deal(self, deck: tuple[str, ...], ctx: Ctx) -> Layout:
        """Lots of four from the top of the pack, the top card face up."""
        lots = {
            self.index[f"t{k + 1}"]: tuple(reversed(deck[4 * k : 4 * k + 4])) for k in range(LOTS)
        }
        return self.empty().put(lots, dict.fromkeys(lots, 3))

    def card_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """Nothing is moved from lot to lot."""
        return []

    def tops(self, layout: Layout) -> list[int]:
        """The lots with a face-up top card."""
        return [
            t
            for t in self.of_kind[Kind.TABLEAU]
            if layout.piles[t] and layout.down[t] < len(layout.piles[t])
        ]

    def extra_moves(self, layout: Layout, ctx: Ctx) -> list[str]:
        """Pairs of matching top cards, and the privilege."""
        out = [
            f"remove {self.ids[a]} {self.ids[b]}"
            for a, b in combinations(self.tops(layout), 2)
            if rank(layout.piles[a][-1]) == rank(layout.piles[b][-1])
        ]
        if not layout.used[0]:
            out += [f"turn {self.ids[t]}" for t in self.two_card_lots(layout)]
        return out

    def two_card_lots(self, layout: Layout) -> list[int]:
        """Lots of exactly two cards, the lower one face down."""
        return [
            t for t in self.of_kind[Kind.TABLEAU] if len(layout.piles[t]) == 2 and layout.down[t]
        ]

    def apply_extra(self, layout: Layout, action: str, ctx: Ctx) -> Layout:
        """`remove t1 t5` or `turn t3`."""
        words = action.split(" ")
        lots = [self.index.get(w, -1) for w in words[1:]]
        if any(i < 0 or self.zone_of[i].kind is not Kind.TABLEAU for i in lots):
            raise IllegalAction(self.usage())
        if words[0] == "remove" and len(lots) == 2:
            a, b = lots
            if a == b or a not in self.tops(layout) or b not in self.tops(layout):
                raise IllegalAction("Choose two different lots whose top cards are face up.")
            ca, cb = layout.piles[a][-1], layout.piles[b][-1]
            if rank(ca) != rank(cb):
                raise IllegalAction(f"{name(ca).capitalize()} and {name(cb)} do not match.")
            return self.take_off(layout, [(a, 1), (b, 1)])
        if words[0] == "turn" and len(lots) == 1:
            (t,) = lots
            if layout.used[0]:
                raise IllegalAction("You have used your privilege.")
            if t not in self.two_card_lots(layout):
                raise IllegalAction("Only a lot of just two cards may be turned up.")
            pile = layout.piles[t]
            turned = layout.put({}, {t: 0}).spend(0)
            return self.take_off(turned, [(t, 2)]) if rank(pile[0]) == rank(pile[1]) else turned
        raise IllegalAction(self.usage())

    def take_off(self, layout: Layout, takes: list[tuple[int, int]]) -> Layout:
        """Move the top cards of some lots to the discards."""
        x = self.index["x"]
        off = layout.piles[x]
        changes: dict[int, tuple[str, ...]] = {}
        for t, n in takes:
            off += layout.piles[t][-n:]
            changes[t] = layout.piles[t][:-n]
        return layout.put({**changes, x: off}, {})

    def won(self, layout: Layout) -> bool:
        """Every card taken off."""
        return self.score(layout) == len(self.pack())

    def score(self, layout: Layout) -> int:
        """Cards taken off."""
        return len(layout.piles[self.index["x"]])

    def result_words(self, layout: Layout, won: bool) -> str:
        """The result in a sentence."""
        if won:
            return "Won: every card is matched and off the table."
        return f"{self.score(layout)} of 32 cards were matched."

    def usage(self) -> str:
        """How to write a move."""
        return (
            "Write 'remove t1 t5' (two matching top cards), 'turn t3' (the privilege), undo, "
            "redo, hint, resign."
        )

    def safe(self, layout: Layout, move: str, ctx: Ctx) -> bool:
        """A pair is safe to take off when no third card of its rank shows."""
        words = move.split(" ")
        if words[0] != "remove":
            return False
        r = rank(layout.piles[self.index[words[1]]][-1])
        return sum(rank(layout.piles[t][-1]) == r for t in self.tops(layout)) in (2, 4)

    def weigh(self, layout: Layout, move: str, ctx: Ctx) -> int | None:
        """Pairs first; the privilege last."""
        return 100 if move.startswith("remove") else 1

    def describe(self, action: str) -> str:
        """A removal or the privilege in words."""
        words = action.split(" ")
        if words[0] == "remove" and len(words) == 3:
            return f"Take off the tops of lots {words[1]} and {words[2]}"
        if words[0] == "turn" and len(words) == 2:
            return f"Turn up lot {words[1]} (the privilege)"
        return super().describe(action)


SPECS = (LittleLots,)
