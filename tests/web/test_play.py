"""Playing from the page, through the web server and the table service: a signed-in
player's own socket carries their hand as the seam gives it and takes their moves; no
other socket carries it; a move is checked as Discord's controls check it (the version,
the turn, the seat, the rules) and every refusal goes to the refused socket alone, in
the table service's own words; a Stops stake is spread from the page, a patience is
played with its piles, undo, redo and hint."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.games import registry
from bot.tables import TableError
from bot.tables.seams import hand_of
from tests.fakediscord import FakeUser
from tests.web.conftest import Site
from tests.web.pages import Page, moves_of
from web.sockets import SIGN_IN_FIRST


async def signed_in_page(site: Site, user: FakeUser, key: str) -> Page:
    """A page of the table, in its own browser, signed in as `user`."""
    browser = await site.browser()
    answer = await site.sign_in(user, f"/t/{key}", browser)
    assert answer.status == 303
    return await Page.open(browser, key)


async def test_each_player_s_socket_carries_their_own_hand_only(site: Site) -> None:
    bob = next(u for u in site.discord.world.users.values() if u.name == "bob")
    table = await site.table("tilters", 2, players=[bob])
    key = await site.key(table)
    alice_page, bob_page = (
        await signed_in_page(site, site.alice, key),
        await signed_in_page(site, bob, key),
    )
    spectator = await Page.open(site.client, key)
    for seat, page in enumerate((alice_page, bob_page)):
        hand = await page.until(lambda p: p.hand)
        wanted = hand_of(table, table.seats[seat].user_id or 0)
        assert hand["seat"] == seat and hand["cards"] == list(wanted.cards)
        assert hand["turn"] == wanted.turn and hand["version"] == table.version
        assert [m["action"] for m in hand["moves"]] == wanted.actions
        assert hand["title"] == f"{table.seats[seat].name}'s hand"
    await spectator.until(lambda p: p.table)
    assert spectator.private_frames() == []
    mine = set(alice_page.hand["cards"])
    theirs = set(bob_page.hand["cards"])
    assert mine and theirs and not mine & theirs
    assert not theirs & {c for f in alice_page.seen for c in f.get("cards", [])}
    for page in (alice_page, bob_page, spectator):
        await page.close()


async def test_a_move_from_the_page_is_played_and_every_page_follows(site: Site) -> None:
    table = await site.table("tilters", 2)
    key = await site.key(table)
    page = await signed_in_page(site, site.alice, key)
    spectator = await Page.open(site.client, key)
    rng = random.Random(4)
    for _ in range(6):
        version = table.version
        await page.until(lambda p, v=version: p.my_turn(v))
        assert page.hand is not None
        action = rng.choice(moves_of(page.hand))
        answer = await page.act(action)
        assert answer["type"] == "done" and answer["words"].startswith("You played: ")
        assert table.version > version  # played, and the AI answered
        await spectator.until(lambda p, v=table.version: p.table.get("version") == v)
        assert spectator.table["said"]
    assert spectator.private_frames() == []
    await page.close()
    await spectator.close()


async def test_refusals_are_the_table_s_own_words_and_go_to_the_refused_socket_only(
    site: Site,
) -> None:
    users = {u.name: u for u in site.discord.world.users.values()}
    table = await site.table("tilters", 2, players=[users["bob"]])
    key = await site.key(table)
    pages = {name: await signed_in_page(site, users[name], key) for name in users}
    spectator = await Page.open(site.client, key)
    for page in (*pages.values(), spectator):
        await page.until(lambda p: p.table and (p is spectator or p.hand))
    (seat,) = table.game.awaiting(table.state)
    mover, waiter = ("alice", "bob") if seat == 0 else ("bob", "alice")
    legal = table.game.legal_actions(table.state, seat)
    cases = [
        (mover, table.version - 1, legal[0]),  # a stale version
        (waiter, table.version, legal[0]),  # out of turn
        ("carol", table.version, legal[0]),  # not seated
        (mover, table.version, "play 99Z"),  # not a move of the game
    ]
    for name, version, action in cases:
        user_id = users[name].id
        with pytest.raises(TableError) as direct:
            await site.service.act(table.id, user_id, version, action)
        answer = await pages[name].act(action, version)
        assert answer == {"type": "refused", "words": direct.value.reason}
    answer = await spectator.act(legal[0], table.version)
    assert answer == {"type": "refused", "words": SIGN_IN_FIRST}
    assert [a["words"] for a in pages["carol"].answers] == [
        "You are not seated at this table; you can watch."
    ]
    # nobody else heard of any refusal
    assert [len(pages[n].answers) for n in (mover, waiter)] == [2, 1]
    assert pages["carol"].hand == {"type": "hand", "seat": None}
    bad = await pages[mover].send({"type": "act", "version": "1", "action": legal[0]})
    assert bad == {"type": "error", "words": "That message is not one the table understands."}
    for page in (*pages.values(), spectator):
        await page.close()


async def test_a_stops_stake_is_spread_from_the_page(site: Site) -> None:
    table = await site.table("newmarket", 3)
    key = await site.key(table)
    page = await signed_in_page(site, site.alice, key)
    while 0 not in table.game.awaiting(table.state) or "staking" not in table.game.view(
        table.state, 0
    ):
        assert 0 not in table.game.awaiting(table.state), "the deal never came to a stake"
        await site.move(table, random.Random(1))
    hand = await page.until(lambda p, v=table.version: p.my_turn(v) and p.hand)
    stake = hand["stake"]
    assert stake is not None and hand["moves"] == []
    assert stake["words"].startswith(f"Your stake: spread {stake['total']} chip")
    assert sum(stake["even"]) == stake["total"] and len(stake["names"]) == len(stake["cards"])
    assert all(s["action"].startswith("spread ") and s["detail"] for s in stake["spreads"])
    too_much = " ".join(str(stake["total"]) for _ in stake["cards"])
    refused = await page.act(f"spread {too_much}")
    assert refused["type"] == "refused" and str(stake["total"]) in refused["words"]
    assert table.game.view(table.state, 0).get("staking")  # nothing changed
    done = await page.act("spread " + " ".join(map(str, stake["even"])))
    assert done["type"] == "done" and done["words"].startswith("You played: Spread")
    await page.close()


async def test_a_patience_is_played_from_the_page_with_undo_redo_and_hint(site: Site) -> None:
    game = registry.get("clock")
    table = await site.table("clock", 1)
    key = await site.key(table)
    page = await signed_in_page(site, site.alice, key)
    hand = await page.until(lambda p, v=table.version: p.my_turn(v) and p.hand)
    assert hand["prompt"] == game.info.sources_prompt and hand["moves"] == []
    words = {c["action"]: c["words"] for c in hand["controls"]}
    assert words["hint"] == "Hint" and words["resign"] == "Give up"
    hinted = await page.act("hint")
    assert hinted["type"] == "done" and hinted["words"].startswith("Hint: ")
    first = (
        next(m["action"] for p in hand["piles"] for m in p["moves"]) if hand["piles"] else "next"
    )
    before = table.state
    assert (await page.act(first, table.version))["type"] == "done"
    await page.until(lambda p, v=table.version: p.my_turn(v))
    assert page.hand is not None and "undo" in moves_of(page.hand)
    assert (await page.act("undo"))["type"] == "done"
    assert game.view(table.state, None)["zones"] == game.view(before, None)["zones"]
    await page.until(lambda p, v=table.version: p.my_turn(v))
    assert page.hand is not None and "redo" in moves_of(page.hand)
    assert (await page.act("redo"))["type"] == "done"
    await page.close()


async def test_can_i_still_win_is_asked_from_the_page_and_answered_to_the_asker(
    site: Site,
) -> None:
    table = await site.table("clock", 0)
    key = await site.key(table)
    page = await signed_in_page(site, site.alice, key)
    hand = await page.until(lambda p, v=table.version: p.my_turn(v) and p.hand)
    words = {c["action"]: c["words"] for c in hand["controls"]}
    assert words["still"] == "Can I still win? (assisted)"
    try:
        told = await page.act("still")
    finally:
        await asyncio.to_thread(site.service.close)
    assert told["type"] == "done" and "knowing every card" in told["words"]
    assert told["words"].startswith(("Yes: this game can still be won", "No: this game"))
    assert "assisted" in told["words"] and table.state.assists == 1
    await page.close()


async def test_an_optional_move_out_of_turn_is_offered_and_passed_on(site: Site) -> None:
    users = {u.name: u for u in site.discord.world.users.values()}
    table = await site.table("pip-pip", 3, players=[users["bob"], users["carol"]])
    key = await site.key(table)
    pages = [await signed_in_page(site, users[s.name], key) for s in table.seats]
    rng = random.Random(0)
    for _ in range(400):
        awaiting = table.game.awaiting(table.state)
        offered = [
            s for s in range(3) if s not in awaiting and table.game.optional_actions(table.state, s)
        ]
        if offered:
            break
        seat = min(awaiting)
        action = rng.choice(table.game.legal_actions(table.state, seat))
        await site.service.act(table.id, table.seats[seat].user_id or 0, table.version, action)
    seat, page = offered[0], pages[offered[0]]
    hand = await page.until(lambda p, v=table.version: p.hand and p.hand["version"] == v and p.hand)
    assert not hand["turn"] and hand["decline"] == "No call"
    assert hand["words"] == "It is not your turn, but you may do this now if you wish."
    assert [m["action"] for m in hand["moves"]] == table.game.optional_actions(table.state, seat)
    stale = await page.send({"type": "decline", "version": table.version - 1})
    assert stale == {
        "type": "refused",
        "words": "The table has moved on since then. Look again and choose anew.",
    }
    done = await page.send({"type": "decline", "version": table.version})
    assert done == {"type": "done", "words": "No call: play goes on."}
    for other in pages:
        if other is not page:
            assert other.answers == []
        await other.close()
