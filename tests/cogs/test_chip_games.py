"""The Yankee Notion chip games in Discord: amounts offered in a select (never more than
the player can pay, never a bid that is not higher), "Quien sabe" and "I pass" as buttons
to exactly the player whose choice it is, the ledger sound throughout. Every chip game is
also played to the end for chips in tests/cogs/test_every_game.py."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from bot.client import ParlourBot
from bot.tables import Table
from tests.cogs.test_table import START, start_bot, table_message, world  # noqa: F401
from tests.fakediscord import FakeDiscord

BUY_IN = 100


async def open_game(fake: FakeDiscord, by: Any, game: str, ais: int, options: str = "") -> None:
    args = {"game": game, **({"options": options} if options else {})}
    await fake.slash("table start", args, by=by)
    for _ in range(ais):
        await fake.click(table_message(fake), label="Add AI", by=by)
    await fake.click(table_message(fake), label="Start", by=by)


def table_of(bot: ParlourBot, fake: FakeDiscord) -> Table:
    table = bot.tables.in_channel(fake.channel_id)
    assert table is not None
    return table


async def my_turn(bot: ParlourBot, fake: FakeDiscord, player: Any) -> Any:
    """Wait for the player's turn (the AI moves on its clock) and open "My hand"."""

    def due() -> str | None:
        table = bot.tables.in_channel(fake.channel_id)
        if table is None:
            return "over"
        return "turn" if 0 in table.game.awaiting(table.state) else None

    if await fake.until(due) == "over":
        return None
    hand = await fake.click(table_message(fake), label="My hand", by=player)
    return hand.followups[-1]


def amounts(options: list[str], verb: str) -> list[int]:
    return [int(o.split()[1]) for o in options if o.startswith(verb + " ")]


async def deal_if_due(fake: FakeDiscord, private: Any, table: Table, player: Any) -> bool:
    """If the player is the dealer whose deal is awaited, press Deal (the only button; no
    card of the deal is shown yet) and say so."""
    if table.game.legal_actions(table.state, 0) != ["deal"]:
        return False
    assert [b["label"] for b in private.buttons] == ["Deal"] and not private.selects
    assert not table.game.view(table.state, 0).get("hand")
    await fake.click(private, label="Deal", by=player)
    return True


async def finish(bot: ParlourBot, fake: FakeDiscord, player: Any, choose: Any) -> int:
    """Play the player's turns with `choose(private message, table)` to the end."""
    moves = 0
    while (private := await my_turn(bot, fake, player)) is not None:
        await choose(private, table_of(bot, fake))
        moves += 1
        assert moves < 800
    await fake.until(lambda: [b["label"] for b in table_message(fake).buttons] == ["Rematch"])
    assert await bot.ledger.check() == []
    return moves


async def test_quien_sabe_calls_are_buttons_for_the_chooser_only(
    world: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    fake, alice, bob, _ = world
    bot = await start_bot(fake, tmp_path)
    await open_game(fake, alice, "quien-sabe", ais=2)
    seen_buttons = False

    async def choose(private: Any, table: Table) -> None:
        nonlocal seen_buttons
        if await deal_if_due(fake, private, table, alice):
            return
        legal = table.game.legal_actions(table.state, 0)
        if legal == ["call", "pass"]:
            seen_buttons = True
            labels = sorted(b["label"] for b in private.buttons)
            assert labels == ["I pass", "Quien sabe!"] and not private.selects
            ids = [b["custom_id"] for b in private.buttons]
            assert all(re.fullmatch(rf"pb:{table.id}:{table.version}:(call|pass)", i) for i in ids)
            # the button is for the chooser: anyone else pressing it is refused
            stolen = await fake.click(private, label="I pass", by=bob)
            assert stolen.response.ephemeral
            assert "not seated" in stolen.messages[-1].content
            await fake.click(private, label="I pass", by=alice)
        else:
            options = [o["value"] for o in private.selects[0]["options"]]
            assert set(options) <= set(legal)
            await fake.select(private, [options[0]], by=alice)

    await finish(bot, fake, alice, choose)
    assert seen_buttons


async def test_jockey_club_offers_only_affordable_better_offers_and_pass(
    world: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    fake, alice, _, _ = world
    bot = await start_bot(fake, tmp_path)
    await open_game(fake, alice, "jockey-club", ais=2, options="rounds=2")
    checked = 0

    async def choose(private: Any, table: Table) -> None:
        nonlocal checked
        if await deal_if_due(fake, private, table, alice):
            return
        view = table.game.view(table.state, 0)
        legal = table.game.legal_actions(table.state, 0)
        if not private.selects:  # nothing to offer but "pass": one button
            assert legal == ["pass"] and [b["label"] for b in private.buttons] == ["Pass"]
            await fake.click(private, label="Pass", by=alice)
            return
        options = [o["value"] for o in private.selects[0]["options"]]
        assert len(options) <= 25 and set(options) <= set(legal)
        assert "pass" in options
        stack = view["seats"][0]["stack"] if "seats" in view else None
        bids = amounts(options, "bid")
        if bids and stack is not None:
            assert max(bids) <= stack  # never more than the player can pay
            assert max(bids) == max(amounts(legal, "bid"))  # the highest is offered
            checked += 1
        if len(legal) > 25:
            assert [b["label"] for b in private.buttons] == ["Other move..."]
        await fake.select(private, ["pass" if checked % 2 else options[0]], by=alice)

    await finish(bot, fake, alice, choose)
    assert checked
