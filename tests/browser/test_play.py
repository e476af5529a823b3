"""Whole games played from the page in headless Chromium: at Black Joke, Newmarket (1885)
and Pip-Pip! two people (alice and bob), each signed in with Discord in a browser of their
own, play with an AI to the end purely by clicking what their page offers when it says
they may (a move button, the list of many moves and its Play button, a Stops spread, the
button that passes on an optional call), while a third browser watches by the table's
link. At the end every page shows the same results and that the table closed; the
spectator's page never had a hand drawn in it, nor was its socket sent a card that only
one seat could see then; every refusal a player met was only that the table had moved
on (both clicked at once, as people do); and the chips are all where the ledger says.

Set PARLOUR_TEST_SHOTS to a folder to keep a screenshot of alice's page mid-game there."""

from __future__ import annotations

import asyncio
import os
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page, expect

from bot.client import ParlourBot
from bot.tables import Table, Update
from tests.browser.conftest import BUY_IN, START_CHIPS, Browser, Seen
from tests.browser.test_spectator import spectator_key, table_message
from tests.fakediscord import FakeDiscord, FakeUser
from web import sockets

MOST_MOVES = 400
"""More clicks than one player makes in any of these games at their shortest: a bug beyond."""
SHOT_AT = 6
"""alice's page is kept (PARLOUR_TEST_SHOTS) as offered her seventh move."""
MOVED_ON = "The table has moved on since then. Look again and choose anew."
CHOICES = ", ".join(
    f"#hand [data-testid={testid}]:enabled" for testid in ("move", "decline", "spread")
)
"""What the page offers a player to click: a move, passing on an optional call, a spread."""
OFFERED = f"""([pick, listed]) => {{
  if (document.querySelector("#felt .closed")) return "closed";
  const list = document.querySelector("#hand [data-testid=move-select]:enabled");
  if (list) {{
    list.selectedIndex = Math.floor(listed * list.options.length);
    return document.querySelector("#hand [data-testid=move-play]:enabled");
  }}
  const offered = document.querySelectorAll("{CHOICES}");
  return offered.length ? offered[Math.floor(pick * offered.length)] : null;
}}"""
"""In the page: what to click now, one of the offers by `pick` in [0, 1) (a list of many
moves: one of them chosen by `listed`, and its Play button); "closed" once the table's
closed notice shows; nothing yet while neither."""
HAND_WATCH = """
window.handsDrawn = [];
new MutationObserver(() => {
  const hand = document.getElementById("hand");
  const drawn = document.querySelector(
    "[data-testid=hand-cards], [data-testid=hand-title], [data-testid=moves]");
  if ((hand && (!hand.hidden || hand.childElementCount)) || drawn) {
    window.handsDrawn.push(hand ? hand.textContent : drawn.textContent);
  }
}).observe(document, { subtree: true, childList: true, attributes: true });
"""
"""Kept in the spectator's page from its first moment: whatever a hand area ever showed."""


@pytest.fixture(autouse=True)
def clicks_faster_than_people(monkeypatch: pytest.MonkeyPatch) -> None:
    """These players click as fast as the page redraws: the flood limit is tested apart."""
    monkeypatch.setattr(sockets, "RATE_MESSAGES", 10_000)


@dataclass
class Secrets:
    """Every card only one seat could see at each version of each table, as the table
    service told its presenters (first of them, before any other could let a move in)."""

    at: dict[tuple[int, int], frozenset[str]] = field(default_factory=dict)

    async def table_updated(self, update: Update) -> None:
        """Keep the cards hidden at the table's version now."""
        game, state = update.moment.game, update.moment.state
        if state is not None:
            seats = range(len(update.table.seats))
            cards = frozenset().union(*(game.private_cards(state, s) for s in seats))
            self.at[(update.table.id, update.table.version)] = cards


def cards_in(part: Any) -> Iterator[str]:
    """Every card code a frame (or a part of it) holds face up, wherever it is."""
    if isinstance(part, dict):
        for key, value in part.items():
            if key == "cards" and isinstance(value, list):
                yield from (c for c in value if isinstance(c, str))
            else:
                yield from cards_in(value)
    elif isinstance(part, list):
        for item in part:
            yield from cards_in(item)


async def open_table(fake: FakeDiscord, game: str, alice: FakeUser, bob: FakeUser) -> None:
    """A table of alice (the host), bob and an AI, dealt from Discord."""
    await fake.slash("table start", {"game": game}, by=alice)
    await fake.click(table_message(fake), label="Join", by=bob)
    await fake.click(table_message(fake), label="Add AI", by=alice)
    await fake.click(table_message(fake), label="Start", by=alice)


async def choose(page: Page, rng: random.Random, shot: Path | None = None) -> bool | None:
    """Wait until the page offers something to click, and click it (one of the offers,
    at random); whether it was clicked (False: the page was redrawn under the click, as
    the table moved on, and nothing was sent), or None once the table has closed.
    `shot`: where to keep the page as it offered the move."""
    picks = [rng.random(), rng.random()]
    found = (await page.wait_for_function(OFFERED, arg=picks)).as_element()
    if found is None:
        return None
    if shot is not None:
        await page.screenshot(path=shot, full_page=True)
    try:
        await found.click()
    except PlaywrightError as exc:
        if "not attached" in str(exc) or "detached" in str(exc):
            return False
        raise
    return True


async def play_out(seen: Seen, rng: random.Random, shot: Path | None) -> int:
    """Play a seat from its page until the table closes: whenever the page offers
    something to click, click it. How many clicks it made."""
    made = 0
    for _ in range(MOST_MOVES):
        clicked = await choose(seen.page, rng, shot if made == SHOT_AT else None)
        if clicked is None:
            return made
        made += clicked
    raise AssertionError(f"the game did not end in {MOST_MOVES} moves of one player")


def actions(seen: Seen) -> list[str]:
    """Every move the page sent."""
    return [m["action"] for m in seen.sent if m["type"] == "act"]


async def closing_frame(seen: Seen) -> dict[str, Any]:
    """The frame that closed the table, once the page shows it closed (a round trip to
    the page after, so every frame its socket had by then has reached the test)."""
    await expect(seen.page.locator("#felt .closed")).to_be_visible()
    await seen.page.evaluate("1")
    final = next(f for f in reversed(seen.frames) if f["type"] == "table")
    assert final["status"] == "closed" and final["results"], final
    return final


def refusals(seen: Seen) -> list[str]:
    """The words of every refusal the page was answered with."""
    return [f["words"] for f in seen.frames if f["type"] in ("refused", "error")]


def shot_path(game: str) -> Path | None:
    """Where alice's page is kept mid-game, if PARLOUR_TEST_SHOTS names a folder."""
    folder = os.environ.get("PARLOUR_TEST_SHOTS")
    return Path(folder) / f"{game}-alice.png" if folder else None


WANTED = {"black-joke": "buy ", "newmarket-1885": "spread ", "pip-pip": "play "}
"""How some move each player sent begins: Black Joke's order (one of the many in a list),
a Newmarket stake spread from the page, a card played at Pip-Pip!."""


@pytest.mark.parametrize("game", sorted(WANTED))
async def test_two_people_and_an_ai_play_a_whole_game_from_their_pages(
    fake: FakeDiscord,
    web_bot: ParlourBot,
    alice: FakeUser,
    bob: FakeUser,
    browser: Browser,
    game: str,
) -> None:
    bot, secrets = web_bot, Secrets()
    bot.tables.presenters.insert(0, secrets)
    await open_table(fake, game, alice, bob)
    table = bot.tables.in_channel(fake.channel_id)
    assert table is not None
    path = spectator_key((await fake.slash("table watch", by=bob)).response.content)
    spectator = await watch(browser, path)
    players = [await browser.signed_in(user, path, fake) for user in (alice, bob)]
    for seen, user in zip(players, (alice, bob), strict=True):
        title = seen.page.locator("[data-testid=hand-title]")
        await expect(title).to_have_text(f"{user.name}'s hand")
    await asyncio.gather(
        play_out(players[0], random.Random(1), shot_path(game)),
        play_out(players[1], random.Random(2), None),
    )
    for seen in players:
        assert any(a.startswith(WANTED[game]) for a in actions(seen)), actions(seen)
    for seen in players:
        assert set(refusals(seen)) <= {MOVED_ON}, refusals(seen)
    final = await same_end(players, spectator)
    assert "alice" in final["results"] and "bob" in final["results"]
    await saw_no_hand(spectator, secrets, table)
    await chips_kept(bot, fake, table)


async def watch(browser: Browser, path: str) -> Seen:
    """A spectator's page at `path`, in a browser of its own, keeping in `handsDrawn`
    whatever a hand area of the page ever showed."""
    page = await (await browser.user("spectator")).new_page()
    await page.add_init_script(HAND_WATCH)
    seen = Seen(page)
    page.on("websocket", seen._watch)
    await page.goto(path)
    return seen


async def same_end(players: list[Seen], spectator: Seen) -> dict[str, Any]:
    """Check every page shows the table closed, the same results (the closing frame's)
    and no hand any more; that closing frame."""
    final = await closing_frame(spectator)
    for seen in (*players, spectator):
        await expect(seen.page.locator("#felt .closed")).to_have_text("The table is closed.")
        await expect(seen.page.locator("#results")).to_have_text(final["results"])
        await expect(seen.page.locator("#hand")).to_be_hidden()
    return final


async def saw_no_hand(spectator: Seen, secrets: Secrets, table: Table) -> None:
    """Check the spectator's page never drew a hand (nor a move), was never sent one,
    and was never sent a card that only one seat could see at the frame's version."""
    assert await spectator.page.evaluate("window.handsDrawn") == []
    assert [f for f in spectator.frames if f["type"] == "hand" and f.get("seat") is not None] == []
    shown = [f for f in spectator.frames if f["type"] == "table"]
    assert len(shown) > 10  # it followed the game
    for frame in shown:
        secret = secrets.at[(table.id, frame["version"])]
        assert not set(cards_in(frame.get("scene") or frame.get("view"))) & secret, frame
    footer = spectator.page.locator("#footer")
    await expect(footer).to_have_text(
        "Watching as a spectator: you see what everyone at the table sees."
    )


async def chips_kept(bot: ParlourBot, fake: FakeDiscord, table: Table) -> None:
    """Check the chips are all accounted for: the table's escrow empty, and each
    person's purse moved by exactly what their seat won or lost (at a chip game, the
    seats' stacks adding up to what they brought; at another, nothing moved)."""
    guild = fake.guild_id
    assert sum((await bot.ledger.escrow(guild, table.id)).values()) == 0
    stacks = table.game.stacks(table.state) if table.is_chip_game else (BUY_IN,) * 3
    assert sum(stacks) == BUY_IN * len(table.seats)
    for index, seat in enumerate(table.seats):
        if seat.user_id is not None:
            purse = await bot.ledger.purse(guild, seat.user_id)
            assert purse == START_CHIPS - BUY_IN + stacks[index], seat.name
    assert await bot.ledger.check() == []


async def test_a_patience_is_played_from_the_page_to_its_end_with_a_hint_and_an_undo(
    fake: FakeDiscord, web_bot: ParlourBot, alice: FakeUser, browser: Browser
) -> None:
    await fake.slash("patience play", {"game": "clock", "seed": 3}, by=alice)
    thread = fake.threads()[-1]
    table = web_bot.tables.in_channel(thread)
    assert table is not None
    watched = await fake.slash("table watch", by=alice, channel=thread)
    seen = await browser.signed_in(alice, spectator_key(watched.response.content), fake)
    page = seen.page
    control = "#hand [data-testid=control][data-action={}]:enabled".format
    await page.locator(control("hint")).click()
    await expect(page.locator("#answer")).to_contain_text("Hint: ")
    zones = page.locator("#felt .zones")
    before = await zones.inner_html()
    await page.locator(control("next")).click()
    await expect(zones).not_to_have_js_property("innerHTML", before)
    # what was played is said until the next decision's hand comes, then cleared
    await expect(page.locator("#answer")).not_to_contain_text("You played")
    await page.locator(control("undo")).click()
    await expect(zones).to_have_js_property("innerHTML", before)  # the card put back
    await expect(page.locator(control("redo"))).to_be_visible()
    for _ in range(60):  # The Clock takes up 52 cards at the most
        await page.locator(f"{control('next')}, #felt .closed").first.wait_for()
        if await page.locator("#felt .closed").count():
            break
        await page.locator(control("next")).click()
    else:
        raise AssertionError("The Clock did not end")
    final = await closing_frame(seen)
    await expect(page.locator("#results")).to_have_text(final["results"])
    await expect(page.locator("#hand")).to_be_hidden()
    assert await web_bot.ledger.check() == []
