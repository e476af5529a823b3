"""The extension loaded first: what every other cog relies on.

It routes every slash command's error through one handler (cogs/_base.py) and asks the
bot to shut the render workers down once Discord is closed, so `bot/client.py` needs to
know nothing of the cogs but their names.
"""

from __future__ import annotations

from bot.client import ParlourBot
from cogs import _render
from cogs._base import install_error_handler

RENDER_WORKERS = "render workers"
"""The name under which the render workers' shutdown is registered with the bot."""


async def setup(bot: ParlourBot) -> None:
    """Install the slash command error handler and register the render shutdown."""
    install_error_handler(bot.tree)
    bot.after_close[RENDER_WORKERS] = _render.shutdown
