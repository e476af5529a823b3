"""Tournaments, the pure core: Swiss and knockout pairing, standings with their
tie-breaks, and prize splitting. Plain data and functions, no I/O and no Discord; the
tournament service (rounds, escrow, restarts) and the `/tournament` commands come next
and stand on this.
"""

from bot.tournaments.pairing import (
    Round,
    Table,
    advance,
    bracket,
    knockout_round,
    meetings,
    repeated_meetings,
    swiss_order,
    swiss_round,
)
from bot.tournaments.prizes import DEFAULT_SHARES, PrizeStructure, pay, place_prizes
from bot.tournaments.standings import (
    Standing,
    TableResult,
    bye_points,
    match_points,
    standings,
)

__all__ = [
    "DEFAULT_SHARES",
    "PrizeStructure",
    "Round",
    "Standing",
    "Table",
    "TableResult",
    "advance",
    "bracket",
    "bye_points",
    "knockout_round",
    "match_points",
    "meetings",
    "pay",
    "place_prizes",
    "repeated_meetings",
    "standings",
    "swiss_order",
    "swiss_round",
]
