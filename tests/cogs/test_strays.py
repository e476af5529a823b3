"""Strays (cogs/_strays.py): a button, menu or form that no control of Parlour's takes is
refused once, privately, in plain words, and changes nothing; well-formed ones still work.

The families are read from the bot itself: every `DynamicItem` template registered in
discord.py's view store and every `Form`, so a family added later is garbled here too.
A sample id is made from each template, then garbled: the prefix alone, a field made
`~`, a field too few or too many, and the sample sent as the wrong kind of component.
"""

from __future__ import annotations

import copy
import dataclasses
import importlib
import pkgutil
import re
import typing
from re import _constants as sre
from re import _parser
from typing import Any

import discord

import cogs
from bot.client import ParlourBot
from bot.config import Settings
from bot.tables import Table
from cogs._base import Form
from cogs._presenter import presenter_of
from cogs._strays import forms
from tests.cogs.test_chip_games import my_turn, open_game
from tests.fakediscord import FakeDiscord, FakeInteraction, FakeMessage, FakeUser
from tests.fakediscord.records import Callback

OLD_BUTTON = "That button is out of date or not one of Parlour's, so nothing was done."
OLD_MENU = "That menu is out of date or not one of Parlour's, so nothing was done."
OLD_FORM = "That form is out of date or not one of Parlour's, so nothing was done."
NOT_HERE = "That {} is not on this message; nothing was done."
BUTTON, SELECT = 2, 3


# -- ids from templates ---------------------------------------------------------------------


def sample_of(template: str) -> str:
    """The simplest id a template fullmatches (its first choice of each part)."""
    sample = _sample(_parser.parse(template))
    assert re.fullmatch(template, sample), (template, sample)
    return sample


def _sample(parts: Any) -> str:
    out = []
    for op, arg in parts:
        if op is sre.LITERAL:
            out.append(chr(arg))
        elif op is sre.SUBPATTERN:
            out.append(_sample(arg[-1]))
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT):
            low, _, part = arg
            out.append(_sample(part) * max(low, 1))
        elif op is sre.IN:
            out.append(_first_of(arg))
        elif op is sre.BRANCH:
            out.append(_sample(arg[1][0]))
        else:
            raise AssertionError(f"teach sample_of the template part {op}")
    return "".join(out)


def _first_of(choices: Any) -> str:
    op, arg = choices[0]
    assert op is not sre.NEGATE, "teach sample_of a negated set"
    if op is sre.RANGE:
        return chr(arg[0])
    if op is sre.LITERAL:
        return chr(arg)
    return {sre.CATEGORY_DIGIT: "1", sre.CATEGORY_WORD: "a"}[arg]


def garbled(sample: str, taken: list[re.Pattern[str]]) -> list[str]:
    """Ids near a well-formed one that no template takes: the prefix alone, each field
    made `~` or left out, and a field too many."""
    head, *fields = sample.split(":")
    near = [f"{head}:", f"{sample}:~"]
    for i in range(len(fields)):
        near.append(":".join([head, *fields[:i], "~", *fields[i + 1 :]]))
        near.append(":".join([head, *fields[:i], *fields[i + 1 :]]))
    stray = [g for g in dict.fromkeys(near) if not any(p.fullmatch(g) for p in taken)]
    assert len(stray) >= 2, (sample, near)
    return stray


def dynamic_items(bot: ParlourBot) -> dict[re.Pattern[str], type[Any]]:
    """Every DynamicItem class the bot registered, by its template."""
    return dict(bot._connection._view_store._dynamic_items)


def kind_of(item: type[Any]) -> int:
    """The component type of a DynamicItem class: a button or a select."""
    for klass in item.__mro__:
        for base in getattr(klass, "__orig_bases__", ()):
            if typing.get_origin(base) is discord.ui.DynamicItem:
                inner = typing.get_origin(typing.get_args(base)[0])
                return BUTTON if inner is discord.ui.Button else SELECT
    raise AssertionError(f"{item} is not a DynamicItem")


# -- sending them -----------------------------------------------------------------------


def old_message(fake: FakeDiscord, like: FakeMessage, custom_id: str, kind: int) -> FakeMessage:
    """A private message of the bot's carrying one component with that id, as a message
    of an older release (or of a tampering client) would."""
    if kind == BUTTON:
        component = {"type": 2, "style": 2, "label": "Old", "custom_id": custom_id}
    else:
        options = [{"label": "a", "value": "a"}]
        component = {"type": kind, "custom_id": custom_id, "options": options}
    data = copy.deepcopy(like.data)
    message_id = fake.world.ids()
    data |= {"id": str(message_id), "flags": 64, "attachments": []}
    data["components"] = [{"type": 1, "components": [component]}]
    message = FakeMessage(message_id, like.channel_id, [data], [[]])
    fake.api.messages[message_id] = message
    return message


async def use(
    fake: FakeDiscord, message: FakeMessage, custom_id: str, kind: int, by: FakeUser
) -> FakeInteraction:
    """Click or pick the component with that id, sent as `kind` whatever the message has."""
    check = any(c.get("custom_id") == custom_id and c["type"] == kind for c in message.components)
    if kind == BUTTON:
        return await fake.click(message, custom_id=custom_id, by=by, check=check)
    return await fake.select(message, ["a"], custom_id=custom_id, by=by, check=check)


async def submit_form(
    fake: FakeDiscord, custom_id: str, like: FakeInteraction, by: FakeUser
) -> FakeInteraction:
    """Submit a form with that custom_id and one field, as if the bot had opened it."""
    field = {"type": 4, "custom_id": "move", "label": "Move", "style": 1, "value": "pass"}
    form = {
        "custom_id": custom_id,
        "title": "Old",
        "components": [{"type": 1, "components": [field]}],
    }
    opened = dataclasses.replace(like, callbacks=[Callback(9, form, [])], message_id=None)
    return await fake.submit_modal(opened, {}, by=by)


def refused_once(interaction: FakeInteraction, words: str) -> None:
    """The interaction got exactly one answer: `words`, privately, and nothing after."""
    assert [c.kind for c in interaction.callbacks] == ["message"], interaction
    assert interaction.response.ephemeral and interaction.response.content == words
    assert interaction.followups == []


def answered_once(interaction: FakeInteraction) -> None:
    """One answer, from the control itself: no stray's refusal in any of its messages."""
    assert len(interaction.callbacks) == 1, interaction
    words = [interaction.response.content, *(m.content for m in interaction.followups)]
    strays = (OLD_BUTTON, OLD_MENU, OLD_FORM, NOT_HERE.format("button"), NOT_HERE.format("menu"))
    assert not any(w in strays for w in words), words


# -- the tests --------------------------------------------------------------------------


def table_message(fake: FakeDiscord) -> FakeMessage:
    """The table's message in #parlour: the one with a picture."""
    return [m for m in fake.channel_messages() if m.attachments][-1]


async def started_table(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> Table:
    """Black Joke with alice and bob seated (their buy-ins in escrow), one move played,
    each control answered once."""
    await fake.slash("table start", {"game": "black-joke"}, by=alice)
    answered_once(await fake.click(table_message(fake), label="Join", by=bob))
    answered_once(await fake.click(table_message(fake), label="Start", by=alice))
    table = bot.tables.in_channel(fake.channel_id)
    assert table is not None and table.seat_of(bob.id) is not None
    (seat,) = table.game.awaiting(table.state)
    player = (alice, bob)[seat]
    hand = await fake.click(table_message(fake), label="My hand", by=player)
    answered_once(hand)
    private, version = hand.followups[-1], table.version
    if private.selects:
        moved = await fake.select(private, [private.selects[0]["options"][0]["value"]], by=player)
    else:
        moved = await fake.click(private, custom_id=private.buttons[0]["custom_id"], by=player)
    answered_once(moved)
    assert table.version > version  # the well-formed move was played
    return table


async def what_is(bot: ParlourBot, fake: FakeDiscord, table: Table, users: list[FakeUser]) -> Any:
    """What a stray must not change: the table, its escrow, the purses, the channel."""
    guild = fake.guild_id
    purses = [await bot.ledger.purse(guild, u.id) for u in users]
    escrow = await bot.ledger.escrow(guild, table.id)
    public = [(m.id, len(m.versions)) for m in fake.channel_messages()]
    return table.version, table.game.dump(table.state), escrow, purses, public


async def test_garbled_ids_of_every_family_are_refused_once_and_change_nothing(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> None:
    table = await started_table(fake, bot, alice, bob)
    before = await what_is(bot, fake, table, [alice, bob])
    items = dynamic_items(bot)
    samples = {sample_of(p.pattern): kind_of(item) for p, item in items.items()}
    heads = {s.split(":")[0] for s in samples}
    assert {"pt", "pb", "pa", "pp", "pso", "rp", "rc", "rh", "th", "tj", "chips"} <= heads
    sent = [
        (f"rp:1:x:{alice.id}:n", BUTTON, OLD_BUTTON),  # the testers' four, as they sent them
        (f"rp:1:3:{alice.id}:z", BUTTON, OLD_BUTTON),
        ("rp:", BUTTON, OLD_BUTTON),
        (f"rc:1:{alice.id}:junk", SELECT, OLD_MENU),
        ("zz:1", BUTTON, OLD_BUTTON),  # no family's prefix at all
        ("zz:1", SELECT, OLD_MENU),
    ]
    for sample, kind in samples.items():
        words = OLD_BUTTON if kind == BUTTON else OLD_MENU
        sent += [(g, kind, words) for g in garbled(sample, list(items))]
    like = table_message(fake)
    for custom_id, kind, words in sent:
        refused_once(
            await use(fake, old_message(fake, like, custom_id, kind), custom_id, kind, alice), words
        )
    for sample, kind in samples.items():  # well formed, but not the component the message shows
        other, words = (SELECT, "menu") if kind == BUTTON else (BUTTON, "button")
        message = old_message(fake, like, sample, kind)
        refused_once(await use(fake, message, sample, other, alice), NOT_HERE.format(words))
    await fake.settle()
    assert all(len(fake.interaction(i).callbacks) == 1 for i in fake.api.interactions)
    assert await what_is(bot, fake, table, [alice, bob]) == before


async def test_garbled_forms_are_refused_once_and_change_nothing(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> None:
    table = await started_table(fake, bot, alice, bob)
    before = await what_is(bot, fake, table, [alice, bob])
    kinds = forms()
    samples = [sample_of(k.template.pattern) for k in kinds]
    assert {s.split(":")[0] for s in samples} >= {"pmodal", "psm"}
    like = await fake.slash("chips balance", by=alice)
    taken = [k.template for k in kinds]
    for custom_id in ["pmodal:", "zz:1"] + [g for s in samples for g in garbled(s, taken)]:
        refused_once(await submit_form(fake, custom_id, like, alice), OLD_FORM)
    assert await what_is(bot, fake, table, [alice, bob]) == before


def test_every_modal_parlour_opens_is_a_form_and_no_view_is_kept() -> None:
    for module in pkgutil.iter_modules(cogs.__path__):
        importlib.import_module(f"cogs.{module.name}")
    todo, modals = [discord.ui.Modal], []
    while todo:
        todo += (found := todo.pop()).__subclasses__()
        modals += [found] if found.__module__.startswith("cogs.") else []
    assert modals and all(issubclass(m, Form) for m in modals), modals
    assert set(forms()) >= {m for m in modals if m is not Form}


async def test_a_form_opened_before_a_restart_is_played_after_it(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, settings: Settings
) -> None:
    await open_game(fake, alice, "newmarket-1885", ais=2)
    private = await my_turn(bot, fake, alice)
    assert private is not None and "Spread my own..." in [b["label"] for b in private.buttons]
    opened = await fake.click(private, label="Spread my own...", by=alice)
    assert opened.response.kind == "modal"
    await fake.close()
    restarted = ParlourBot(settings)
    await fake.start(restarted)
    presenter_of(restarted).mailer.interval_s = 0.0  # as the `bot` fixture does
    table = restarted.tables.in_channel(fake.channel_id)
    assert table is not None
    version = table.version
    played = await fake.submit_modal(opened, {}, by=alice)  # the spread it prefills
    answered_once(played)
    assert played.messages[-1].content.startswith("You played: Spread ")
    assert table.version > version
    store = restarted._connection._view_store
    assert store._modals == {} and store._views == {}  # nothing kept: every id is dispatched
