"""The patience engine's words (see engine.py): piles and zones named for the player,
actions described, and the refusals of moves, deals and redeals. The second layer of a
`Spec` (see spec_data.py).
"""

from __future__ import annotations

from bot.games.errors import IllegalAction
from bot.games.patience.model import Kind, Layout
from bot.games.patience.spec_data import SpecData


class Words(SpecData):
    """A patience game's words: names, descriptions and refusals."""

    def zones_words(self, names: str) -> str:
        """Zone names joined by '+' in words: 'w+s' -> 'the waste or the pack'."""
        words = []
        for zname in names.split("+"):
            zone = next((z for z in self.zones if z.name == zname), None)
            if zone is None:
                words.append(zname)
            elif zone.count == 1:
                words.append(self.label(self.index[zone.name]))
            else:
                words.append(f"the {zone.label or zone.kind.value} piles")
        return " or ".join(words)

    def describe(self, action: str) -> str:
        """A game's own action in words (moves are described by the game object)."""
        return {
            "deal": "Deal",
            "redeal": "Redeal",
            "undo": "Undo",
            "redo": "Redo",
            "hint": "Hint",
            "auto": "Auto",
            "resign": "Give up",
        }.get(action, action.capitalize())

    def label(self, index: int) -> str:
        """A pile's name in words: 'pile t3', 'the waste'."""
        labels = self.__dict__.get("_labels")
        if labels is None:
            labels = self.__dict__["_labels"] = [self._label(i) for i in range(len(self.ids))]
        return str(labels[index])

    def _label(self, index: int) -> str:
        pid, zone = self.ids[index], self.zone_of[index]
        if zone.label and zone.count == 1:
            return zone.label
        words = {
            Kind.STOCK: "the pack",
            Kind.WASTE: "the waste",
            Kind.FOUNDATION: "family",
            Kind.TABLEAU: "pile",
            Kind.RESERVE: "reserve",
            Kind.CELL: "place",
            Kind.INDICATOR: "indicator",
            Kind.DISCARD: "the discards",
        }
        base = zone.label or words[zone.kind]
        return base if zone.count == 1 else f"{base} {pid}"

    def usage(self) -> str:
        """How to write a move, for refusals of unknown actions."""
        return (
            "Write a move as 'move t3 f1' (pile t3 to family f1) or 'move t3 t5 2' (two "
            "cards), or deal, redeal, undo, redo, hint, auto, resign."
        )

    def no_take(self, layout: Layout, src: int, n: int) -> str:
        """Why n cards cannot be taken from a pile."""
        zone, pile = self.zone_of[src], layout.piles[src]
        if not pile:
            return f"{self.label(src).capitalize()} is empty."
        if zone.kind is Kind.STOCK:
            return "Cards come from the pack only by dealing."
        if zone.kind is Kind.FOUNDATION:
            return "A card on a family stays there."
        if zone.kind in (Kind.INDICATOR, Kind.DISCARD):
            return f"The cards of {self.label(src)} never move."
        if layout.down[src] >= len(pile):
            return f"The top card of {self.label(src)} is face down."
        if n > 1:
            return f"You cannot move {n} cards together from {self.label(src)}."
        return f"That card of {self.label(src)} is not free."

    def no_deal(self, layout: Layout) -> str:
        """Why `deal` is refused."""
        if not self.deal_to or "s" not in self.index:
            return "This game has no dealing: every card is already laid out."
        return "The pack is used up." + (" You may redeal." if self.redeals else "")

    def no_redeal(self, layout: Layout) -> str:
        """Why `redeal` is refused."""
        if not self.redeals:
            return "This game allows no redeal."
        if layout.passes >= self.redeals:
            return f"You have used all {self.redeals} redeals."
        return "Deal out the pack first; you may redeal when it is used up."

    def _pile(self, pid: str) -> int:
        index = self.index.get(pid)
        if index is None:
            raise IllegalAction(f"There is no pile '{pid}'. The piles are {', '.join(self.ids)}.")
        return index
