"""The table service: one game per channel, seats, turns, AI seats, stakes and recovery."""

from bot.tables.models import (
    Actor,
    Event,
    Presenter,
    RecordingPresenter,
    Seat,
    Status,
    Table,
    TableError,
    Update,
)
from bot.tables.recovery import RecoveryReport
from bot.tables.service import ServiceSettings, TableService
from bot.tables.settings import TableLimits
from bot.tables.watch import WatchKeys

__all__ = [
    "Actor",
    "Event",
    "Presenter",
    "RecordingPresenter",
    "RecoveryReport",
    "Seat",
    "ServiceSettings",
    "Status",
    "Table",
    "TableError",
    "TableLimits",
    "TableService",
    "Update",
    "WatchKeys",
]
