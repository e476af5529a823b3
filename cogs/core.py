"""The extension loaded first: what every other cog relies on.

It routes every slash command's error through one handler (cogs/_base.py), lets go of
each answered command's interaction (`let_go`), answers every button, menu or form that
no control takes (cogs/_strays.py), and asks the bot to shut
the render workers down once Discord is closed, so `bot/client.py` needs to
know nothing of the cogs but their names. Benchmarks reach the render workers here.
"""

from __future__ import annotations

from bot.client import ParlourBot
from cogs import _render
from cogs._base import command_done, install_error_handler
from cogs._strays import on_interaction

RENDER_WORKERS = "render workers"
"""The name under which the render workers' shutdown is registered with the bot."""
RENDER_PROFILE_ENV = _render.PROFILE_ENV
"""For benchmarks: the environment variable naming a folder where each render worker
writes a cProfile of its work when it ends."""
render_worker_pids = _render.worker_pids
"""For benchmarks: the render workers' process ids."""
RENDER_POOL = _render.POOL
"""For benchmarks: the process's render pool, whose drawings bench/_trace.py times."""


async def setup(bot: ParlourBot) -> None:
    """Install the slash command error handler and the answer to strays, start the
    render workers and register their shutdown, and show the render queue among the
    web's metrics."""
    install_error_handler(bot.tree)
    bot.add_listener(on_interaction, "on_interaction")
    bot.add_listener(command_done, "on_app_command_completion")
    bot.after_close[RENDER_WORKERS] = _render.shutdown
    _render.start()
    if bot.web.on:
        bot.web.metrics.gauge(
            "parlour_render_queue",
            "Pictures waiting for a render worker.",
            lambda: _render.POOL.queued,
        )


async def teardown(bot: ParlourBot) -> None:
    """Take the answer to strays away again, so a reloaded extension answers once."""
    bot.remove_listener(on_interaction, "on_interaction")
    bot.remove_listener(command_done, "on_app_command_completion")
