"""The command tree of Parlour's bot: discord.py's, but its global sync keeps the
application's Entry Point command.

Discord makes that command ("Launch", type PRIMARY_ENTRY_POINT, handled by Discord,
which launches the Activity itself) when Activities are switched on in the Developer
Portal. discord.py cannot express it, and Discord refuses a bulk overwrite of the
global commands that leaves it out (error 50240), which would stop every command sync:
so it is read back and sent again as Discord made it, beside Parlour's own."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

ENTRY_POINT = 4
"""PRIMARY_ENTRY_POINT: the application command type of an Activity's entry point."""


class EntryPointTree(app_commands.CommandTree[Any]):
    """discord.py's command tree, whose global sync keeps the application's Entry Point
    command (Discord's, made with Activities) in the bulk overwrite."""

    async def sync(
        self, *, guild: discord.abc.Snowflake | None = None
    ) -> list[app_commands.AppCommand]:
        """Sync as discord.py does; globally, with Discord's Entry Point command kept."""
        app_id = self.client.application_id
        if guild is not None or app_id is None:
            return await super().sync(guild=guild)
        had = await self._http.get_global_commands(app_id)
        # as Discord gave it, but what Discord sets itself
        kept = [
            {k: v for k, v in c.items() if k not in ("application_id", "version")}
            for c in had
            if c.get("type") == ENTRY_POINT
        ]
        if not kept:
            return await super().sync()
        translator = self.translator  # the command picker's words, as discord.py's sync sends them
        ours = [
            await command.get_translated_payload(self, translator)
            if translator is not None
            else command.to_dict(self)
            for command in self._get_all_commands()
        ]
        data = await self._http.bulk_upsert_global_commands(app_id, payload=ours + kept)
        synced = [d for d in data if d.get("type") != ENTRY_POINT]
        return [app_commands.AppCommand(data=d, state=self._state) for d in synced]
