"""A move made on the web against the same move made in Discord, through the in-repo fake
Discord with the bot and its web in this process (issue 33: "a move made on the web,
click to table updated on every page, against the same move in Discord: <= 0.5x").

alice plays Tilters from her signed-in page, bob from Discord; carol watches the page.
A web move is timed from alice's click (the move sent on her socket) until every page
open (hers, bob's and carol's) has the table after it; a Discord move from bob's select
(the interaction in) until the table message in Discord is edited to show it. Each
is timed with the Discord presenter's own pacing (edits at most once a second, as in
production) and without it. Exits non-zero when the web's median is over half
Discord's with its pacing.

Run: .venv/bin/python bench/bench_web_play.py [--moves N] [--write]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench._results import write_section  # noqa: E402
from bot.tables import Event, Table  # noqa: E402
from cogs.table import presenter_of  # noqa: E402
from tests.web.bots import World, answer, key_of, start_world, stop_world, table_message  # noqa: E402
from tests.web.pages import Page, moves_of  # noqa: E402
from web import sockets  # noqa: E402

TARGET = 0.5


async def new_table(world: World) -> Table:
    """A Tilters table of alice and bob, dealt from Discord."""
    fake = world.fake
    await fake.slash("table start", {"game": "tilters"}, by=world.alice)
    message = table_message(fake)
    await fake.click(message, label="Join", by=world.bob)
    await fake.click(message, label="Start", by=world.alice)
    assert world.bot is not None
    table = world.bot.tables.in_channel(fake.channel_id)
    assert table is not None
    return table


async def quiet(world: World, table: Table) -> None:
    """Until Discord's table message shows the table as it stands (no edit on its way)."""
    assert world.bot is not None
    update = world.bot.tables.snapshot(table, Event.RESUMED)
    wanted, _, _ = await presenter_of(world.bot).message_parts(update)
    await world.fake.until(lambda: table_message(world.fake).content == wanted)


async def web_move(table: Table, pages: list[Page]) -> float:
    """alice's move from her page: seconds until every page has the table after it."""
    mine, version = pages[0], table.version
    hand = await mine.until(lambda p: p.my_turn(version) and p.hand)
    start = time.perf_counter()
    await mine.ws.send_json({"type": "act", "version": version, "action": moves_of(hand)[0]})
    for page in pages:
        await page.until(lambda p: p.table.get("version", 0) > version)
    return time.perf_counter() - start


async def discord_move(world: World, table: Table) -> float:
    """bob's move from his private select: seconds until the table message shows it."""
    fake = world.fake
    hand = answer(await fake.click(table_message(fake), label="My hand", by=world.bob))
    await quiet(world, table)
    version, edits = table.version, len(table_message(fake).versions)
    start = time.perf_counter()
    await fake.select(hand, [hand.selects[0]["options"][0]["value"]], by=world.bob, settle=False)
    # the first edit after the move shows it: none was on its way (`quiet`)
    await fake.until(lambda: table.version > version and len(table_message(fake).versions) > edits)
    elapsed = time.perf_counter() - start
    await fake.settle()
    return elapsed


async def measure(world: World, moves: int, interval_s: float) -> tuple[list[float], list[float]]:
    """`moves` web moves and as many Discord ones, the presenter pacing at `interval_s`."""
    assert world.bot is not None
    presenter_of(world.bot).min_interval_s = interval_s
    web: list[float] = []
    discord: list[float] = []
    while len(web) < moves or len(discord) < moves:
        table = await new_table(world)
        key = await key_of(world)
        pages = [await world.page(u, key) for u in (world.alice, world.bob)]
        pages.append(await world.page(world.carol, key, sign_in=False))
        while world.bot.tables.registry.get(table.id) is not None:
            if table.seat_of(world.alice.id) in table.game.awaiting(table.state):
                web.append(await web_move(table, pages))
            else:
                discord.append(await discord_move(world, table))
            if len(web) >= moves and len(discord) >= moves:
                await world.bot.tables.stop(table.id, world.alice.id)
        for page in pages:
            await page.close()
    return web[:moves], discord[:moves]


def line(label: str, web: list[float], discord: list[float]) -> tuple[str, float]:
    """A table row and the ratio of the medians."""
    ms = lambda xs, q: statistics.quantiles(xs, n=100)[q - 1] * 1000  # noqa: E731
    ratio = statistics.median(web) / statistics.median(discord)
    return (
        f"| {label} | {ms(web, 50):.1f} / {ms(web, 99):.1f} | {ms(discord, 50):.1f} /"
        f" {ms(discord, 99):.1f} | {ratio:.3f}x |",
        ratio,
    )


async def main(moves: int, write: bool) -> int:
    """Measure both pacings; print (and with `write`, keep) the table."""
    sockets.RATE_MESSAGES = 10**6  # the bench clicks faster than anyone
    with tempfile.TemporaryDirectory() as where:
        world = await start_world(Path(where) / "bench.db")
        paced = await measure(world, moves, 1.0)
        unpaced = await measure(world, moves, 0.0)
        await stop_world(world)
    rows = [line("Discord edits paced (1 s)", *paced), line("Discord edits unpaced", *unpaced)]
    lines = [
        f"Tilters, alice on the web and bob in Discord, {moves} moves each way; every page:",
        "alice's and bob's signed-in pages and carol's as a spectator. ms, p50 / p99.",
        "",
        "| run | web: click to every page | Discord: select to table message | web/Discord (p50) |",
        "| --- | --- | --- | --- |",
        *[row for row, _ in rows],
    ]
    print("\n".join(lines))
    if write:
        write_section("Web table: a move on the page against the same in Discord", lines)
    return 0 if rows[0][1] <= TARGET else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--write", action="store_true")
    arguments = parser.parse_args()
    sys.exit(asyncio.run(main(arguments.moves, arguments.write)))
