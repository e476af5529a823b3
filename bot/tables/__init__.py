"""The table service: one game per channel, seats, turns, AI seats, stakes and recovery."""

from bot.tables.events import Event
from bot.tables.models import Actor, Seat, Status, Table, TableError
from bot.tables.recovery import RecoveryReport
from bot.tables.service import ServiceSettings, TableService
from bot.tables.settings import TableLimits
from bot.tables.updates import Presenter, RecordingPresenter, TableFacts, Update
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
    "TableFacts",
    "TableLimits",
    "TableService",
    "Update",
    "WatchKeys",
]
