"""The Stops games in Discord: Newmarket (1885), Newmarket (2011) and Michigan, each played
to the end for chips through the fake, one player and two AIs.

The player stakes with the select of common spreads and with the "Spread my own..." box
(one field per board card, prefilled evenly), and a spread that does not add up is refused
to her alone and changes nothing; she leads from the select; in Michigan she decides on the
widow with its buttons as dealer and bids from the select. The status line announces the
stops and the deals' ends by name; every picture shows each board card with its chips, the
spare hand only as backs, and no channel message names a card of the spare hand except one
the game declared dead; her hand picture is her hand; her buy-in goes home at the end.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import cogs._presenter
from bot.client import ParlourBot
from bot.front.seats import named
from bot.games.cards import french_short
from bot.games.stops.game import StopsGame
from bot.tables import Table, Update
from cogs._presenter import presenter_of
from cogs._render import hand_picture as drawn
from cogs._table_words import status_line
from tests.cogs.test_chip_games import finish, open_game, table_of
from tests.cogs.test_table import START, start_bot, table_message, world  # noqa: F401
from tests.fakediscord import FakeDiscord
from tests.games.stops.helpers import fourth  # noqa: F401


@dataclass
class Seen:
    """What the test saw: each update's status line, scene and spare hand, each hand
    picture's cards, and how the player moved."""

    updates: list[tuple[str, dict[str, Any], frozenset[str], tuple[int, ...]]] = field(
        default_factory=list
    )
    hand_pictures: list[list[str]] = field(default_factory=list)
    moves: dict[str, int] = field(default_factory=dict)

    def did(self, kind: str) -> None:
        self.moves[kind] = self.moves.get(kind, 0) + 1


def watch(bot: ParlourBot, monkeypatch: pytest.MonkeyPatch) -> Seen:
    """Record every update the Discord presenter is told of, and every hand picture."""
    seen = Seen()
    presenter = presenter_of(bot)
    told = presenter.table_updated

    async def table_updated(update: Update) -> None:
        if update.public is not None and "scene" in update.public:
            state = update.moment.state
            spare = frozenset(state.spare)
            seen.updates.append(
                (status_line(update), dict(update.public["scene"]), spare, tuple(state.board))
            )
        await told(update)

    monkeypatch.setattr(presenter, "table_updated", table_updated)

    async def hand_picture(cards: Any, pack: str, title: str, *, urgent: bool) -> Any:
        seen.hand_pictures.append(list(cards))
        return await drawn(cards, pack, title, urgent=urgent)

    monkeypatch.setattr(cogs._presenter, "hand_picture", hand_picture)
    return seen


def staking_of(table: Table) -> dict[str, Any]:
    """The player's staking choices, which her view carries on her turn to stake."""
    staking = table.game.view(table.state, 0).get("staking")
    assert staking is not None
    return staking


async def stake_quick(fake: FakeDiscord, private: Any, table: Table, alice: Any) -> None:
    """Stake with the select of common spreads: 'one on each' or the first offered."""
    staking = staking_of(table)
    (select,) = private.selects
    options = select["options"]
    values = [o["value"] for o in options]
    assert set(values) <= set(table.game.legal_actions(table.state, 0))
    assert [o["label"][0].lower() + o["label"][1:] for o in options] == list(staking["quick"])
    assert str(staking["total"]) in select["placeholder"]
    if staking["double"]:
        assert "doubled as dealer" in select["placeholder"] and "double" in private.content
    if "one on each" in staking["quick"]:
        first = options[0]
        cards = " ".join(french_short(c) for c in staking["cards"])
        assert first["label"] == "One on each" and first["value"] == "spread 1 1 1 1"
        assert first["description"].replace(",", "").replace(" and", "") == (
            f"1 on each of {cards}"
        )
    done = await fake.select(private, [values[0]], by=alice)
    said = f"You played: {table.game.describe_action(values[0])}."
    assert done.messages[-1].ephemeral and done.messages[-1].content.startswith(said)


async def stake_own(fake: FakeDiscord, private: Any, table: Table, alice: Any, bob: Any) -> None:
    """Stake with "Spread my own...": a stranger is refused, a spread that does not add
    up is refused to her alone and changes nothing, then her own spread is played."""
    staking = staking_of(table)
    total, cards = staking["total"], staking["cards"]
    stolen = await fake.click(private, label="Spread my own...", by=bob)
    assert stolen.response.ephemeral and "not seated" in stolen.messages[-1].content
    opened = await fake.click(private, label="Spread my own...", by=alice)
    assert opened.response.kind == "modal"
    fields = [c for c in _walk(opened.response.data["components"]) if c.get("type") == 4]
    labels = [_label_of(opened.response.data["components"], f["custom_id"]) for f in fields]
    assert labels == [f"Chips on the {french_short(c)}" for c in cards]
    prefilled = [int(f["value"]) for f in fields]
    assert sum(prefilled) == total and max(prefilled) - min(prefilled) <= 1
    version, stacks, board = table.version, table.state.stacks, table.state.board
    public = [(m.id, m.content) for m in fake.channel_messages()]
    wrong = {
        f["custom_id"]: str(n + (1 if i == 0 else 0))
        for i, (f, n) in enumerate(zip(fields, prefilled, strict=True))
    }
    refused = await fake.submit_modal(opened, wrong, by=alice)
    said = refused.messages[-1]
    assert said.ephemeral
    assert said.content == f"Your spread adds up to {total + 1}; it must add up to {total}."
    assert (table.version, table.state.stacks, table.state.board) == (version, stacks, board)
    assert [(m.id, m.content) for m in fake.channel_messages()] == public
    again = await fake.click(private, label="Spread my own...", by=alice)
    mine = [total - 1, 0, 1] + [0] * (len(cards) - 3)
    typed = {f["custom_id"]: f"0{n}" for f, n in zip(fields, mine, strict=True)}
    played = await fake.submit_modal(again, typed, by=alice)
    words = ", ".join(f"{n} on the {french_short(c)}" for n, c in zip(mine, cards, strict=True))
    assert played.messages[-1].content.startswith(f"You played: Spread {words}.")
    assert table.version > version
    stale = await fake.click(private, label="Spread my own...", by=alice)
    assert stale.response.ephemeral and "moved on" in stale.messages[-1].content
    forged = f"pso:{table.id}:{table.version}"  # a button that is not on her message
    tried = await fake.click(private, custom_id=forged, by=alice, check=False)
    assert tried.messages[-1].ephemeral and "not on this message" in tried.messages[-1].content


def _walk(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found = []
    for c in components:
        found.append(c)
        found += _walk(c.get("components", []))
        if "component" in c:
            found += _walk([c["component"]])
    return found


def _label_of(components: list[dict[str, Any]], custom_id: str) -> str:
    """A text field's label: on the field, or on the Label component around it."""
    for c in _walk(components):
        inner = c.get("component")
        if inner and inner.get("custom_id") == custom_id:
            return str(c["label"])
        if c.get("custom_id") == custom_id and c.get("label"):
            return str(c["label"])
    raise LookupError(custom_id)


async def decide(fake: FakeDiscord, private: Any, table: Table, alice: Any, seen: Seen) -> None:
    """A turn without staking: the dealer's deal, the widow's buttons, a bid or a pass, or
    a lead."""
    legal = table.game.legal_actions(table.state, 0)
    if legal == ["deal"]:  # Michigan's dealer puts his ante down and deals
        assert [b["label"] for b in private.buttons] == ["Deal"] and not private.selects
        assert not table.game.view(table.state, 0)["hand"]
        await fake.click(private, label="Deal", by=alice)
        seen.did("deal")
        return
    if legal == ["exchange", "keep"]:
        labels = sorted(b["label"] for b in private.buttons)
        assert labels == ["Exchange for the widow", "Keep my hand"] and not private.selects
        await fake.click(private, label="Exchange for the widow", by=alice)
        seen.did("widow")
        return
    (select,) = private.selects
    values = [o["value"] for o in select["options"]]
    assert set(values) <= set(legal)
    if "pass" in legal:
        pick = "bid 1" if "bid 1" in values and not seen.moves.get("bid") else "pass"
        seen.did("bid" if pick != "pass" else "pass")
    else:
        leads = table.game.view(table.state, 0)["leads"]
        assert sorted(values) == sorted(f"play {c}" for c in leads)
        pick = values[-1]
        seen.did("lead")
    await fake.select(private, [pick], by=alice)


def check_pictures(seen: Seen, table: Table) -> None:
    """Every table picture: each board place as its page says (its card, its name where
    it has one, its chips), the spare hand as backs; no status line or picture line names
    a spare card; stops and deal ends announced."""
    assert isinstance(table.game, StopsGame)
    places = table.game.rules.places
    names = [s.name for s in table.seats]
    for line, scene, spare, board in seen.updates:
        piles = scene["groups"][: len(places)]  # the board places come first, in order
        assert [g["cards"] for g in piles] == [[p.card] for p in places]
        for pile, place, chips in zip(piles, places, board, strict=True):
            # 'Pope: 4 chips', or '9 (5 carried)' when some came over from earlier deals
            name = f"{re.escape(place.name)}: " if place.name else ""
            assert re.fullmatch(rf"{name}{chips} (chips?|\(\d+ carried\))", pile["label"])
        shown = [c for s in scene["seats"] for c in s["cards"]]
        shown += [c for g in scene["groups"] if g not in piles for c in g["cards"]]
        assert not spare & set(shown)
        dead = [g for g in scene["groups"] if g["label"] == "Dead hand"]
        assert len(dead) == (1 if spare else 0)
        assert not dead or (dead[0]["cards"] == [] and dead[0]["backs"] == len(spare))
        told = " ".join([line, *scene.get("lines", [])])
        assert not [c for c in spare if french_short(c) in told]
        assert not re.search(r"\b[Ss]eat \d", line)
    lines = [line for line, *_ in seen.updates]
    assert any("\nStop: " in line for line in lines)
    assert any(" is out!" in line and "Seat " not in line for line in lines)
    assert any(f"{n} is out!" in line for line in lines for n in names)


@pytest.mark.parametrize("game", ["newmarket-1885", "newmarket", "michigan"])
async def test_a_stops_table_plays_to_the_end_for_chips(
    world: Any,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
) -> None:
    await play_to_the_end(world, tmp_path, monkeypatch, game)


async def test_a_fourth_stops_page_plays_to_the_end_for_chips(
    world: Any,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    fourth: StopsGame,  # noqa: F811
) -> None:
    # A page made of data alone, registered for this test: named places, a pool, 3 places.
    await play_to_the_end(world, tmp_path, monkeypatch, fourth.info.key)


async def play_to_the_end(
    seated: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    """One player and two AIs play a Stops game to the end through the fake, checked."""
    fake, alice, bob, _ = seated
    bot = await start_bot(fake, tmp_path)
    seen = watch(bot, monkeypatch)
    await open_game(fake, alice, game, ais=2)
    table = table_of(bot, fake)
    stops_told = 0

    async def choose(private: Any, table: Table) -> None:
        nonlocal stops_told
        view = table.game.view(table.state, 0)
        assert seen.hand_pictures[-1] == view["hand"]  # her hand, not her played cards
        news = table.game.view(table.state, None).get("news")
        if news and news.startswith("Stop:"):
            assert named(table, news) in table_message(fake).content
            stops_told += 1
        if "staking" in view:
            before_deal = "The cards are dealt once every stake is down." in private.content
            assert before_deal == (not view["hand"])
            if staking_of(table)["double"]:  # the 1885 dealer's stake goes down doubled
                assert "As the dealer you put down double" in private.content
                seen.did("double")
            if seen.moves.get("quick", 0) <= seen.moves.get("own", 0):
                await stake_quick(fake, private, table, alice)
                seen.did("quick")
            else:
                await stake_own(fake, private, table, alice, bob)
                seen.did("own")
            return
        await decide(fake, private, table, alice, seen)

    await finish(bot, fake, alice, choose)
    final = table_message(fake)
    assert "game over" in final.content and "chips" in final.content
    if game == "michigan":  # the board is laid for everyone; the dealer has the widow
        assert seen.moves.get("widow") == 1 and "quick" not in seen.moves
        assert seen.moves.get("deal") == 1
    else:
        assert seen.moves.get("quick", 0) >= 1 and seen.moves.get("own", 0) >= 1
        assert seen.moves.get("double", 0) == (1 if game == "newmarket-1885" else 0)
    assert seen.moves.get("lead", 0) >= 1 and stops_told >= 1
    check_pictures(seen, table)
    outcome = table.game.outcome(table.state)
    assert outcome is not None and sum(outcome.points) == 0
    assert await bot.ledger.purse(fake.guild_id, alice.id) == START + outcome.points[0]
    assert await bot.ledger.check() == []
