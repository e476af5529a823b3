"""Pictures: a view in, image bytes out (cards, tables, hands, leaderboards,
records, tournament standings).

Pure functions, no asyncio: call them off the event loop. Every picture is an opaque PNG
(see render._picture for why; tables, hands and patience in a fixed palette, see
render._palette) returned as a `Picture`. Card sprites are drawn once per size and cached.
Pillow is imported only in this package; of ours it imports only bot.games.
"""

from render._picture import Picture
from render.hand import render_hand
from render.leaderboard import render_leaderboard
from render.patience import render_patience
from render.sheet import card_sheet
from render.stats import StatsRow, StatsSheet, render_stats
from render.sympathy import render_sympathy
from render.table import render_table
from render.tournament import StandingLine, StandingsSheet, render_standings

__all__ = [
    "Picture",
    "StandingLine",
    "StandingsSheet",
    "StatsRow",
    "StatsSheet",
    "card_sheet",
    "render_hand",
    "render_leaderboard",
    "render_patience",
    "render_standings",
    "render_stats",
    "render_sympathy",
    "render_table",
]
