"""`/table replay table:<id> [public]`: one message that steps through a table's game,
its picture, the move that led there in words, "step N of M", and ⏮ ◀ ▶ ⏭ with a select
of the deals or tricks to jump to, and a "Hand history" button (the text as a file).

Every control is a `DynamicItem` whose custom_id carries the table, the step it goes
to and whose view the message is: `rp:{table}:{step}:{viewer}:{how}` (how: f ⏮, p ◀,
n ▶, l ⏭; o opens a new private replay, the history list's button), the select
`rc:{table}:{viewer}` (its values are steps), and `rh:{table}:{viewer}`. So an old
replay's buttons work after a restart: the replay is rebuilt from storage.

Whose view: a private replay (ephemeral) is its asker's, `viewer` their user id, and
shows their own cards when they sat at the table; only they can click it, and a forged
click by anyone else is refused. A public replay (`public:true`) has viewer 0, shows
only what was public, and anyone in the channel may step it: the message is shared, as
a table's message is. Every hand of finished deals is shown, in both, only when the
table is closed and the server's `replay_reveal` is on.
"""

from __future__ import annotations

import io
import re
from typing import Any

import discord

from bot.tables.history import history_text
from bot.tables.replay import Replay
from cogs._base import (
    Interaction,
    Refusal,
    bot_of,
    dynamic_view,
    guarded,
    guild_id_of,
    on_its_message,
)
from cogs._replay_message import replay_parts

MAX_OPTIONS = 25
"""Discord's most options in one select."""

_ARROWS = {"f": "⏮", "p": "◀", "n": "▶", "l": "⏭"}
_NO_PINGS = discord.AllowedMentions.none()


async def open_replay(interaction: Interaction, table_id: int) -> Replay:
    """The replay of one of this server's tables (refused in words otherwise)."""
    guild_id = guild_id_of(interaction)
    return await bot_of(interaction).tables.replays.open(table_id, guild_id)


def reveals(interaction: Interaction, replay: Replay) -> bool:
    """Whether this server lets replays of its closed tables show every hand."""
    settings = bot_of(interaction).guild_settings.get(guild_id_of(interaction))
    return replay.closed and settings.replay_reveal


def replay_view(replay: Replay, step: int, viewer: int) -> discord.ui.View:
    """⏮ ◀ ▶ ⏭, the chapters to jump to, and "Hand history"."""
    view = dynamic_view()
    targets = {"f": 0, "p": max(step - 1, 0), "n": min(step + 1, replay.last), "l": replay.last}
    for how, target in targets.items():
        stuck = (how in "fp" and step == 0) or (how in "nl" and step == replay.last)
        view.add_item(StepButton(replay.table_id, target, viewer, how, disabled=stuck))
    chapters = chapter_options(replay, step)
    if chapters:
        view.add_item(ChapterSelect(replay.table_id, viewer, chapters))
    view.add_item(HistoryButton(replay.table_id, viewer))
    return view


def chapter_options(replay: Replay, step: int) -> list[discord.SelectOption]:
    """The deals or tricks to jump to (at most 25, around the current one)."""
    chapters = replay.chapters
    if len(chapters) < 2:
        return []
    here = max((i for i, c in enumerate(chapters) if c.opens <= step), default=0)
    first = min(max(here - MAX_OPTIONS // 2, 0), max(len(chapters) - MAX_OPTIONS, 0))
    return [
        discord.SelectOption(
            label=c.title, value=str(c.opens), default=i == here, description=f"step {c.opens}"
        )
        for i, c in enumerate(chapters[first : first + MAX_OPTIONS], start=first)
    ]


async def show_replay(interaction: Interaction, table_id: int, public: bool) -> None:
    """Answer /table replay (or a history's Replay button) at step 0: privately, or
    posted for the channel."""
    replay = await open_replay(interaction, table_id)
    viewer = 0 if public else interaction.user.id
    await interaction.response.defer(ephemeral=not public, thinking=True)
    seat = None if public else replay.seat_of(viewer)
    content, file = await replay_parts(replay, 0, seat, reveals(interaction, replay))
    await interaction.followup.send(
        content,
        file=file,
        view=replay_view(replay, 0, viewer),
        ephemeral=not public,
        allowed_mentions=_NO_PINGS,
    )


async def step_replay(interaction: Interaction, table_id: int, step: int, viewer: int) -> None:
    """Show another step of a replay message, editing it in place."""
    if viewer and viewer != interaction.user.id:
        raise Refusal("This replay is someone else's; open your own with /table replay.")
    replay = await open_replay(interaction, table_id)
    step = min(step, replay.last)
    await interaction.response.defer()
    seat = replay.seat_of(viewer) if viewer else None
    content, file = await replay_parts(replay, step, seat, reveals(interaction, replay))
    await interaction.edit_original_response(
        content=content,
        attachments=[file],
        view=replay_view(replay, step, viewer),
        allowed_mentions=_NO_PINGS,
    )


async def send_history(interaction: Interaction, table_id: int) -> None:
    """Answer privately with the table's hand history as a text file."""
    replay = await open_replay(interaction, table_id)
    text = history_text(replay).encode()
    file = discord.File(io.BytesIO(text), filename=f"table-{table_id}-history.txt")
    await interaction.response.send_message(
        f"The hand history of table #{table_id}.", file=file, ephemeral=True
    )


class StepButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=(
        r"rp:(?P<table>[0-9]{1,19}):(?P<step>[0-9]{1,7}):(?P<viewer>[0-9]{1,20}):(?P<how>[fpnlo])"
    ),
):
    """⏮ ◀ ▶ ⏭ on a replay message (edits it), or "Replay" on a history page (opens one)."""

    def __init__(
        self, table_id: int, step: int, viewer: int, how: str, disabled: bool = False
    ) -> None:
        label = _ARROWS.get(how, f"Replay #{table_id}")
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"rp:{table_id}:{step}:{viewer}:{how}",
                disabled=disabled,
            )
        )
        self.table_id, self.step, self.viewer, self.how = table_id, step, viewer, how

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> StepButton:
        """Rebuild the button from its custom_id."""
        return cls(int(match["table"]), int(match["step"]), int(match["viewer"]), match["how"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Step the replay, or open one privately for the clicker."""
        if not on_its_message(interaction, self):
            return  # forged: cogs._strays answers it
        if self.how == "o":
            await guarded(interaction, show_replay(interaction, self.table_id, public=False))
            return
        work = step_replay(interaction, self.table_id, self.step, self.viewer)
        await guarded(interaction, work)


class ChapterSelect(
    discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
    template=r"rc:(?P<table>[0-9]{1,19}):(?P<viewer>[0-9]{1,20})",
):
    """The deals or tricks of a replay, to jump to the table just before one."""

    def __init__(
        self, table_id: int, viewer: int, options: list[discord.SelectOption] | None = None
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"rc:{table_id}:{viewer}",
                placeholder="Jump to a deal or trick",
                options=options or [discord.SelectOption(label="-", value="0")],
            )
        )
        self.table_id, self.viewer = table_id, viewer

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChapterSelect:
        """Rebuild the select from its custom_id (the step chosen is its value)."""
        return cls(int(match["table"]), int(match["viewer"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Jump to the chosen chapter."""
        if not on_its_message(interaction, self):
            return
        value = self.item.values[0] if self.item.values else "0"
        step = int(value) if value.isdigit() else 0
        await guarded(interaction, step_replay(interaction, self.table_id, step, self.viewer))


class HistoryButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"rh:(?P<table>[0-9]{1,19}):(?P<viewer>[0-9]{1,20})",
):
    """The "Hand history" button: the table's hand history as a text file, privately."""

    def __init__(self, table_id: int, viewer: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Hand history",
                style=discord.ButtonStyle.secondary,
                custom_id=f"rh:{table_id}:{viewer}",
            )
        )
        self.table_id, self.viewer = table_id, viewer

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HistoryButton:
        """Rebuild the button from its custom_id."""
        return cls(int(match["table"]), int(match["viewer"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Send the hand history privately (it holds only what was announced)."""
        if not on_its_message(interaction, self):
            return
        await guarded(interaction, send_history(interaction, self.table_id))


REPLAY_ITEMS = (StepButton, ChapterSelect, HistoryButton)
"""The replay message's persistent controls (and the history list's Replay button)."""
