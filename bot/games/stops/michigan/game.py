"""Michigan (`michigan`): Boodle or Stops, the American successor of Newmarket, for chips.

Source: rules.md (RULES.md §12, the chip policy §18). Aces high; the boodles A♥ K♣ Q♦ J♠;
the dealer puts 2 chips on each boodle and every other player 1; an extra (dead) hand
dealt first, on the dealer's left; the dealer may exchange his hand for it unseen, or
keep his and auction it (one round of rising bids from his left, the buyer paying him);
after a stop the next lead must be of a different suit, the turn passing left when the
stopper has none; 1 chip a card left to the first out. Options holding our choices:
`michigan_plain_spare` (the extra hand simply unused, as pagat's basic rules),
`michigan_kitty` (1 chip a player to a kitty won by the first out) and `rounds`. Board
chips left when the game ends are shared evenly among the seats still at the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.base import GameInfo
from bot.games.cards import Pack
from bot.games.options import Option, OptionValue
from bot.games.rules_text import rules_page
from bot.games.stops.game import StopsGame
from bot.games.stops.options import ROUNDS, max_actions
from bot.games.stops.page import FIRST, Dressing, Place, StopsRules

PAGE = StopsRules(
    places=(Place("AH"), Place("KC"), Place("QD"), Place("JS")),
    dressing=Dressing(at_will=False, stake=1, dealer_times=2),
    aces_high=True,
    spare_at=FIRST,
    per_card=True,
    switch_suit=True,
    widow=True,
)
"""§12: aces high; the boodles A♥ K♣ Q♦ J♠, each won by its match; every player lays 1
chip on each and the dealer 2, at his deal; the extra hand dealt first, on the dealer's
left; the widow; a new suit after each stop; paid per card."""


class Michigan(StopsGame):
    """Michigan with the Hoyle/Bicycle widow."""

    def settings(self, opts: Mapping[str, OptionValue]) -> dict[str, Any]:
        """The widow (or the plain spare) and the kitty."""
        return {
            "rounds": opts["rounds"],
            "widow": not opts["michigan_plain_spare"],
            "kitty": 1 if opts["michigan_kitty"] else 0,
        }


GAME = Michigan(
    PAGE,
    GameInfo(
        key="michigan",
        title="Michigan",
        family="chips",
        chips=True,
        min_seats=3,
        max_seats=8,
        options=(
            Option(
                "michigan_plain_spare",
                False,
                "Leave the extra hand unused: no exchange and no auction.",
            ),
            Option(
                "michigan_kitty",
                False,
                "Each player also puts 1 chip in a kitty, won by the first out.",
            ),
            ROUNDS,
        ),
        source="Hoyle and the Bicycle rules of Michigan; pagat.com",
        summary="Ante on the boodles, play runs up each suit to the ace, buy the widow, go out.",
        rules=rules_page(__package__),
        pack=Pack.FRENCH,
        max_actions=max_actions(8),
    ),
)
