"""Newmarket, 1885 (`newmarket-1885`): the Stops game of the 1885 American Hoyle, for chips.

Source: rules.md (RULES.md §10, the chip policy §18). The 51-card pack without the 8♦
(so the 7♦ always stops), the staking board A♠ K♥ Q♣ J♦, each player's stake spread as
he likes and the dealer's doubled, the spare hand dealt just before the dealer's card,
played cards turned down at each stop, 1 chip a card to the first out. Options holding
our choices: `stake` (4), `show_history` (off: only the sequence shows), `split_board`
(off: board chips left at the end go by lot), `stake_after_deal` (off: stakes are spread
before the cards are seen, as written) and `rounds` (each seat deals once a round).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.base import GameInfo
from bot.games.cards import Pack
from bot.games.options import Option, OptionValue
from bot.games.rules_text import rules_page
from bot.games.stops.game import StopsGame
from bot.games.stops.options import ROUNDS, STAKE_AFTER_DEAL, max_actions
from bot.games.stops.page import BEFORE_DEALER, Dressing, Place, StopsRules

PAGE = StopsRules(
    places=(Place("AS"), Place("KH"), Place("QC"), Place("JD")),
    dressing=Dressing(at_will=True, stake=4, dealer_times=2),
    without=("8D",),
    fixed_stops=("7D",),
    spare_at=BEFORE_DEALER,
    per_card=True,
    turn_down=True,
)
"""§10: the 8♦ is stripped, so the 7♦ is always a stop; the staking board A♠ K♥ Q♣ J♦,
each won by its match; each player spreads his stake as he likes, the dealer's doubled;
the spare hand is dealt just before the dealer; the first out is paid per card; played
cards go face down at each stop."""


class Newmarket1885(StopsGame):
    """Newmarket as the 1885 American Hoyle has it."""

    def settings(self, opts: Mapping[str, OptionValue]) -> dict[str, Any]:
        """The stake, the history shown, the board's end and when stakes are spread."""
        return {
            "rounds": opts["rounds"],
            "stake": opts["stake"],
            "history": opts["show_history"],
            "lot": not opts["split_board"],
            "after_deal": opts["stake_after_deal"],
        }


GAME = Newmarket1885(
    PAGE,
    GameInfo(
        key="newmarket-1885",
        title="Newmarket (1885)",
        family="chips",
        chips=True,
        staking=True,
        min_seats=3,
        max_seats=10,
        options=(
            Option(
                "stake",
                4,
                "Chips each player spreads over the board cards every deal (the dealer doubles).",
                minimum=1,
                maximum=10,
            ),
            Option(
                "show_history",
                False,
                "Keep played cards face up instead of turning them down at each stop.",
            ),
            Option(
                "split_board", False, "Share board chips left at the end evenly instead of by lot."
            ),
            STAKE_AFTER_DEAL,
            ROUNDS,
        ),
        source="The American Hoyle (1885), Newmarket",
        summary="Play runs up each suit, sweep the board cards' chips, and go out first.",
        rules=rules_page(__package__),
        pack=Pack.FRENCH,
        max_actions=max_actions(10),
    ),
)
