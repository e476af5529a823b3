"""Newmarket, 2011 (`newmarket`): the modern rules (Arnold, 2011), for chips.

Source: rules.md (RULES.md §11, the chip policy §18). The 52-card pack, aces low; the
boodles 10♥ J♦ Q♣ K♠ (our choice of suits); an ante of 5 chips, 1 to the pool and 4 over
the boodles in any combination; the spare hand dealt last and never touched; played cards
face up in front of their players; the first out sweeps the pool. Options holding our
choices: `stake_after_deal` (off: the 4 chips are spread before the deal, as written) and
`rounds` (each seat deals once a round). Board chips left when the game ends are shared
evenly among the seats still at the table (the chip policy).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.base import GameInfo
from bot.games.cards import Pack
from bot.games.options import OptionValue
from bot.games.rules_text import rules_page
from bot.games.stops.game import StopsGame
from bot.games.stops.options import ROUNDS, STAKE_AFTER_DEAL, max_actions
from bot.games.stops.page import LAST, Dressing, Place, StopsRules

PAGE = StopsRules(
    places=(Place("10H"), Place("JD"), Place("QC"), Place("KS")),
    dressing=Dressing(at_will=True, stake=4, dealer_times=1, pool=1),
    spare_at=LAST,
    per_card=False,
)
"""§11: the full pack; the boodles 10♥ J♦ Q♣ K♠ (our choice of suits), each won by its
match; each player antes 1 to the pool and spreads 4 over the boodles, the dealer no
more; the spare hand dealt last; the first out sweeps the pool."""


class Newmarket2011(StopsGame):
    """Newmarket as Arnold (2011) has it."""

    def settings(self, opts: Mapping[str, OptionValue]) -> dict[str, Any]:
        """The rounds and when the 4 chips are spread."""
        return {"rounds": opts["rounds"], "after_deal": opts["stake_after_deal"]}


GAME = Newmarket2011(
    PAGE,
    GameInfo(
        key="newmarket",
        title="Newmarket (2011)",
        family="chips",
        chips=True,
        staking=True,
        min_seats=3,
        max_seats=10,
        options=(STAKE_AFTER_DEAL, ROUNDS),
        source="Arnold, The Complete Book of Card Games (2011), Newmarket",
        summary="Ante 1 to the pool and 4 on the boodles; play runs up each suit; first out wins.",
        rules=rules_page(__package__),
        pack=Pack.FRENCH,
        max_actions=max_actions(10),
    ),
)
