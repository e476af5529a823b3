"""The tournament service (issue 24): tournaments run round by round over the table
service, with buy-ins in the ledger's escrow, threads from a `TournamentHost`, and
restarts at any instant. The pure pairing, standings and prizes it stands on are
`bot.tournaments`'s."""

from bot.tournaments.service.board import Line, StandingsView
from bot.tournaments.service.models import (
    MAX_PLAYERS,
    Format,
    News,
    NewsKind,
    Phase,
    Player,
    SeatResult,
    Slot,
    Tournament,
    TournamentError,
    TournamentHost,
)
from bot.tournaments.service.requests import TournamentRecord, cancelled_words
from bot.tournaments.service.service import TournamentService, standings_view, summary

__all__ = [
    "MAX_PLAYERS",
    "Format",
    "Line",
    "News",
    "NewsKind",
    "Phase",
    "Player",
    "SeatResult",
    "Slot",
    "StandingsView",
    "Tournament",
    "TournamentError",
    "TournamentHost",
    "TournamentRecord",
    "TournamentService",
    "cancelled_words",
    "standings_view",
    "summary",
]
