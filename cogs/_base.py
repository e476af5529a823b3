"""What every cog shares: the bot's services, plain-word refusals, one error handler.

A player's mistake (a TableError, an IllegalAction, a ledger refusal) is answered
ephemerally with its sentence. Anything else is logged with its traceback and answered
with an apology, so no interaction is left unanswered.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Self

import discord
from discord import app_commands

from bot.front.play import SORRY
from bot.games import IllegalAction, Message, message
from bot.i18n import message_of, translate
from bot.ledger import LedgerError
from bot.tables import TableError
from cogs._words import reader_of

if TYPE_CHECKING:
    from bot.client import ParlourBot

    Interaction = discord.Interaction[ParlourBot]
    """An interaction with Parlour's bot: `interaction.client` is a ParlourBot."""
else:  # discord.py reads command annotations at run time, where the class will do
    Interaction = discord.Interaction

log = logging.getLogger(__name__)


class Refusal(Exception):
    """A request a cog refuses: the sentence is shown to the user as it is, and a
    `Message` in the user's language."""

    def __init__(self, reason: str | Message) -> None:
        self.message = reason if isinstance(reason, Message) else None
        super().__init__(reason.text() if isinstance(reason, Message) else reason)


def bot_of(interaction: Interaction) -> ParlourBot:
    """The Parlour bot handling an interaction."""
    return interaction.client


def guild_id_of(interaction: Interaction) -> int:
    """The server an interaction came from; refuses interactions from DMs."""
    if interaction.guild_id is None:
        raise Refusal(
            message(
                "refusal.not-in-a-server",
                "Parlour's tables and chips live in servers; use this in a server channel.",
            )
        )
    return interaction.guild_id


def reason_of(error: BaseException, locale: str | None = None) -> str | None:
    """The sentence to show for an error a user caused (in `locale`, where the error
    carries a message), or None for a bug."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    found = message_of(error)
    if found is not None:
        return translate(found, locale)
    if isinstance(error, TableError | IllegalAction | LedgerError):
        return error.reason
    if isinstance(error, Refusal):
        return str(error)
    if isinstance(error, app_commands.CheckFailure):
        return str(error) or "You can't use this command here."
    return None


def is_moderator(interaction: Interaction) -> bool:
    """Whether the user moderates Parlour here (may stop any table, run tournaments):
    Manage Server, or the server's moderator role."""
    perms = getattr(interaction.user, "guild_permissions", None)
    if perms is not None and perms.manage_guild:
        return True
    settings = bot_of(interaction).guild_settings.get(guild_id_of(interaction))
    return settings.is_moderator(r.id for r in getattr(interaction.user, "roles", []))


async def tell(interaction: Interaction, text: str) -> None:
    """Answer ephemerally, whether or not the interaction was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def handle_error(interaction: Interaction, error: BaseException) -> None:
    """Answer any failure of a command or component in plain words, logging bugs."""
    original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    reason = reason_of(original, reader_of(interaction))
    if reason is None:
        log.error("unexpected error in an interaction", exc_info=original)
        reason = SORRY
    try:
        await tell(interaction, reason)
    except discord.HTTPException:
        log.warning("could not tell the user about an error", exc_info=True)


def install_error_handler(tree: app_commands.CommandTree[Any]) -> None:
    """Route every slash command error through handle_error."""

    async def on_error(interaction: Interaction, error: app_commands.AppCommandError) -> None:
        try:
            await handle_error(interaction, error)
        finally:
            let_go(interaction)

    tree.on_error = on_error  # type: ignore[method-assign]


async def guarded(interaction: Interaction, work: Awaitable[object]) -> None:
    """Await a component callback's work, answering any failure through handle_error
    (discord.py only logs errors raised by DynamicItem callbacks)."""
    try:
        await work
    except Exception as exc:
        await handle_error(interaction, exc)
    finally:
        let_go(interaction)


async def command_done(interaction: Interaction, command: object) -> None:
    """A slash command has answered (discord.py's `app_command_completion`): let go of
    its interaction."""
    let_go(interaction)


def let_go(interaction: Interaction) -> None:
    """Break the cycle an answered interaction is: discord.py's `InteractionResponse`
    and the interaction point at each other, so the interaction, the message it came
    from (a hand's select of 25 moves) and its member waited for the collector, some 50
    objects a click. Once its callback's work is done nothing answers it again (a
    follow-up goes through `interaction.followup`, which keeps no way back to it)."""
    response = getattr(interaction, "_cs_response", None)
    if response is not None:
        response._parent = None


def on_its_message(interaction: Interaction, item: discord.ui.Item[Any] | None = None) -> bool:
    """Whether the used component, its custom_id and its type, is on the message it came
    from, as discord.py requires before it dispatches a `DynamicItem`. A forged one is
    not: `cogs._strays` answers it, and the component's own callback must do nothing.

    Given the `item` clicked, it also lets go of the view discord.py built from the
    message for this one click: the view and its items point at each other, so left as
    they are they wait for the collector (a hand's select of 25 moves is some 40
    objects a click), where let go of they go with the click."""
    if item is not None and item.view is not None:
        item.view.clear_items()
    data: Mapping[str, object] = dict(interaction.data or {})
    used = (data.get("component_type"), str(data.get("custom_id", "")))
    return used in components_of(interaction.message)


def components_of(message: discord.Message | None) -> set[tuple[int, str]]:
    """The type and custom_id of every component on a message that has a custom_id."""
    found: set[tuple[int, str]] = set()
    if message is None:
        return found
    for row in message.components:
        for child in getattr(row, "children", [row]):
            custom_id = getattr(child, "custom_id", None)
            if custom_id:
                found.add((child.type.value, custom_id))
    return found


class SentView(discord.ui.View):
    """A view of `DynamicItem`s, which discord.py dispatches by custom_id alone, made into
    components once and then letting go of its items.

    It is stopped before it is sent, so discord.py neither keeps it nor runs a timer for
    it: an ephemeral answer's view was otherwise kept for 15 minutes, and with 200 tables
    in play those thousands of views and timers made the event loop stall in collection.
    A view and its items point at each other, so a sent view was garbage that only the
    collector could free: a hand's select of 25 moves left some 36 objects a message, and
    at 400 tables young collections of 10,000 objects took 15-35 ms. Once its components
    are made (discord.py asks while building the request) the view drops its items, and
    reference counting frees them with the request; asked again (a retry) it gives the
    same components."""

    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.stop()
        self._made: list[dict[str, Any]] | None = None

    def to_components(self) -> list[dict[str, Any]]:
        """The view's components, made once; the items are let go of after."""
        if self._made is None:
            self._made = super().to_components()
            self.clear_items()
        return self._made


def dynamic_view() -> discord.ui.View:
    """An empty `SentView`, to add `DynamicItem`s to."""
    return SentView()


class Form(discord.ui.Modal):
    """A modal answered, like a `DynamicItem`, from its custom_id and what was typed, not
    from an object kept in memory: discord.py keeps a modal by custom_id alone (two boxes
    opened at one version replace each other) and forgets it at a restart, so a form is
    stopped as it is made and `cogs._strays` finds its submit by `template`. A subclass
    gives `template` and `submitted`; its fields need fixed custom_ids."""

    template: ClassVar[re.Pattern[str]]

    def __init__(self, *, custom_id: str, title: str = discord.utils.MISSING) -> None:
        super().__init__(title=title, custom_id=custom_id)
        self.stop()  # never kept by discord.py: the submit is answered from its custom_id

    @classmethod
    async def submitted(
        cls, interaction: Interaction, match: re.Match[str], values: Mapping[str, str]
    ) -> None:
        """Do what the submitted form says (`values`: what each field holds, by custom_id)."""
        raise NotImplementedError


class NotHere(app_commands.CheckFailure):
    """A Parlour command used in a channel the server has not allowed (`message`: the
    refusal in any language)."""

    message: Message | None = None


def check_channel(interaction: Interaction) -> None:
    """Refuse a command outside the channels the server allows Parlour in."""
    if interaction.guild_id is None:
        return
    settings = bot_of(interaction).guild_settings.get(interaction.guild_id)
    parent_id = getattr(interaction.channel, "parent_id", None)
    if not settings.allows(interaction.channel_id, parent_id):
        places = ", ".join(f"<#{c}>" for c in sorted(settings.allowed_channels))
        words = message(
            "refusal.not-here",
            "Parlour is played in {places} on this server; use it there.",
            places=places,
        )
        refused = NotHere(words.text())
        refused.message = words
        raise refused


class VersionedSelect(
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
    template=r"(?!)",  # the base matches nothing; each subclass names its own prefix
):
    """A select of one table's choices, tied to the state version its chooser saw: its
    custom_id is `{prefix}:{table}:{version}`. A subclass gives its own template and sets
    `prefix`, `placeholder` and `act`, the coroutine function a choice runs as
    `act(interaction, table_id, version, value)`."""

    prefix: ClassVar[str] = ""
    placeholder: ClassVar[str] = ""
    act: ClassVar[staticmethod[[Interaction, int, int, str], Awaitable[None]]]

    def __init__(
        self,
        table_id: int,
        version: int,
        options: list[discord.SelectOption],
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"{self.prefix}:{table_id}:{version}",
                placeholder=placeholder or self.placeholder,
                options=options or [discord.SelectOption(label="-", value="-")],
            )
        )
        self.table_id, self.version = table_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        """Rebuild the select from its custom_id (the choice is checked when made)."""
        return cls(int(match["table"]), int(match["version"]), [])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Do what the choice says, answering any refusal in plain words; a forged id
        does nothing here (`cogs._strays` answers it)."""
        if not on_its_message(interaction, self):
            return
        value = self.item.values[0] if self.item.values else ""
        await guarded(interaction, type(self).act(interaction, self.table_id, self.version, value))
