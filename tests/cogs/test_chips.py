"""`/chips balance|daily|give|history` through the fake: answers, refusals, double clicks,
claims at the same moment, pagination, and buttons that still work after a restart."""

from __future__ import annotations

import pytest

from bot.client import ParlourBot
from bot.config import Settings
from bot.ledger import DAILY_INTERVAL_S, Account, Reason
from tests.cogs.conftest import START_CHIPS
from tests.fakediscord import FakeDiscord, FakeInteraction, FakeMessage, FakeUser


class Clock:
    """A clock the test moves by hand (the ledger's `clock`)."""

    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


def said(interaction: FakeInteraction) -> str:
    """What the bot last said in answer to an interaction."""
    if interaction.messages:
        return interaction.messages[-1].content
    return interaction.response.content


def private(interaction: FakeInteraction) -> bool:
    """Whether the last answer was ephemeral."""
    if interaction.messages:
        return interaction.messages[-1].ephemeral
    return interaction.response.ephemeral


async def reasons(bot: ParlourBot, fake: FakeDiscord, user: FakeUser) -> list[Reason]:
    """The reasons of a player's transfers, oldest first."""
    entries = await bot.ledger.history(fake.guild_id, user.id, limit=1000)
    return [e.reason for e in reversed(entries)]


@pytest.fixture
def clock(bot: ParlourBot) -> Clock:
    """Set the bot's ledger on a hand-moved clock."""
    clock = Clock()
    bot.ledger.clock = clock
    return clock


# -- balance --------------------------------------------------------------------------


async def test_balance_of_yourself_and_of_another_member(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> None:
    mine = await fake.slash("chips balance", by=alice)
    assert mine.response.kind == "deferred" and mine.response.ephemeral
    assert said(mine) == "You have 1,000 chips." and private(mine)

    theirs = await fake.slash("chips balance", {"user": bob}, by=alice)
    assert said(theirs) == f"<@{bob.id}> has 1,000 chips."

    await bot.ledger.gift(fake.guild_id, alice.id, bob.id, 1, "gift:test")
    assert said(await fake.slash("chips balance", {"user": bob}, by=bob)) == "You have 1,001 chips."
    assert said(await fake.slash("chips balance", by=alice)) == "You have 999 chips."


async def test_the_balance_of_a_bot_is_refused(fake: FakeDiscord, bot: ParlourBot) -> None:
    alice = fake.world.users[fake.world.owner_id]
    asked = await fake.slash("chips balance", {"user": fake.world.bot_user}, by=alice)
    assert said(asked) == "Bots have no chips; ask about a player instead." and private(asked)
    assert await bot.ledger.balance(Account.purse(fake.guild_id, fake.app_id)) == 0
    assert fake.channel_messages() == []


# -- daily ----------------------------------------------------------------------------


async def test_daily_pays_once_then_says_how_long_to_wait(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, clock: Clock
) -> None:
    first = await fake.slash("chips daily", by=alice)
    assert first.response.kind == "deferred" and private(first)
    assert said(first).startswith("You claimed 100 chips and now have 1,100 chips.")

    clock.now += 30
    again = await fake.slash("chips daily", by=alice)
    assert said(again) == (
        "Your daily chips are already claimed. You can claim again in 19 h 59 min."
    )
    assert private(again)

    clock.now += DAILY_INTERVAL_S - 31
    assert said(await fake.slash("chips daily", by=alice)).endswith(
        "You can claim again in under a minute."
    )

    clock.now += 1  # 20 hours after the first claim
    third = await fake.slash("chips daily", by=alice)
    assert said(third).startswith("You claimed 100 chips and now have 1,200 chips.")
    assert await reasons(bot, fake, alice) == [Reason.START, Reason.DAILY, Reason.DAILY]


async def test_two_daily_claims_at_once_pay_once(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, clock: Clock
) -> None:
    claims = [await fake.slash("chips daily", by=alice, settle=False) for _ in range(2)]
    await fake.settle()

    answers = sorted(said(c) for c in claims)
    assert answers[0].startswith("You claimed 100 chips and now have 1,100 chips.")
    assert answers[1].endswith("You can claim again in 20 h 0 min.")
    assert await bot.ledger.purse(fake.guild_id, alice.id) == START_CHIPS + 100
    assert await reasons(bot, fake, alice) == [Reason.START, Reason.DAILY]


async def test_each_player_has_their_own_daily(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser, clock: Clock
) -> None:
    await fake.slash("chips daily", by=alice)
    bobs = await fake.slash("chips daily", by=bob)
    assert said(bobs).startswith("You claimed 100 chips and now have 1,100 chips.")


# -- give -----------------------------------------------------------------------------


async def offer(fake: FakeDiscord, giver: FakeUser, to: FakeUser, amount: int) -> FakeMessage:
    """`/chips give` that the bot accepts: the public message awaiting confirmation."""
    asked = await fake.slash("chips give", {"user": to, "amount": amount}, by=giver)
    assert asked.response.kind == "message" and not asked.response.ephemeral, said(asked)
    message = asked.messages[0]
    assert [b["label"] for b in message.buttons] == ["Confirm", "Cancel"]
    return message


async def test_give_asks_the_giver_to_confirm_on_a_public_message(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> None:
    message = await offer(fake, alice, bob, 250)
    assert message.content == (
        f"<@{alice.id}> is giving <@{bob.id}> 250 chips. Only <@{alice.id}> can confirm."
    )
    assert fake.channel_messages() == [message]
    assert await reasons(bot, fake, alice) == [Reason.START]  # nothing moved yet


@pytest.mark.parametrize(
    ("amount", "refusal"),
    [
        (1001, "You have 1,000 chips, so you can give at most 1,000."),
        (10**12, "You have 1,000 chips, so you can give at most 1,000."),
        (0, "Give a whole number of chips, at least 1."),
        (-5, "Give a whole number of chips, at least 1."),
    ],
)
async def test_give_refuses_an_amount_it_cannot_move(
    fake: FakeDiscord,
    bot: ParlourBot,
    alice: FakeUser,
    bob: FakeUser,
    amount: int,
    refusal: str,
) -> None:
    asked = await fake.slash("chips give", {"user": bob, "amount": amount}, by=alice)
    assert said(asked) == refusal and private(asked)
    assert fake.channel_messages() == []


async def test_give_to_yourself_or_to_a_bot_is_refused(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    to_self = await fake.slash("chips give", {"user": alice, "amount": 5}, by=alice)
    assert said(to_self) == "You cannot give chips to yourself." and private(to_self)
    to_bot = await fake.slash("chips give", {"user": fake.world.bot_user, "amount": 5}, by=alice)
    assert said(to_bot) == "Bots have no purse; give your chips to a player." and private(to_bot)
    assert fake.channel_messages() == []


async def test_a_double_click_on_confirm_gives_once(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> None:
    message = await offer(fake, alice, bob, 250)

    clicks = [await fake.click(message, label="Confirm", by=alice, settle=False) for _ in (1, 2)]
    await fake.settle()

    assert message.content == f"<@{alice.id}> gave <@{bob.id}> 250 chips."
    assert message.buttons == []
    assert [c.response.kind for c in clicks] == ["deferred_update", "deferred_update"]
    (told,) = [m for c in clicks for m in c.followups]
    assert told.ephemeral and told.content == "That gift has already been made."
    assert await bot.ledger.purse(fake.guild_id, alice.id) == 750
    assert await bot.ledger.purse(fake.guild_id, bob.id) == 1250
    assert await reasons(bot, fake, alice) == [Reason.START, Reason.GIFT]


async def test_cancel_moves_nothing_and_removes_the_buttons(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> None:
    message = await offer(fake, alice, bob, 250)
    cancelled = await fake.click(message, label="Cancel", by=alice)
    assert cancelled.response.kind == "update"
    assert message.content == "Gift cancelled; no chips moved." and message.buttons == []
    assert await bot.ledger.purse(fake.guild_id, alice.id) == START_CHIPS
    assert await reasons(bot, fake, alice) == [Reason.START]


async def test_only_the_giver_can_confirm_or_cancel(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser, carol: FakeUser
) -> None:
    message = await offer(fake, alice, bob, 250)
    for label, who in (("Confirm", bob), ("Cancel", carol)):
        click = await fake.click(message, label=label, by=who)
        assert click.response.ephemeral
        assert click.response.content == "Only the giver can confirm or cancel this gift."
    assert [b["label"] for b in message.buttons] == ["Confirm", "Cancel"]
    assert await reasons(bot, fake, alice) == [Reason.START]

    await fake.click(message, label="Confirm", by=alice)
    assert await bot.ledger.purse(fake.guild_id, bob.id) == 1250


async def test_a_gift_the_giver_can_no_longer_afford_is_refused_on_confirm(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser, carol: FakeUser
) -> None:
    to_bob, to_carol = await offer(fake, alice, bob, 600), await offer(fake, alice, carol, 600)
    await fake.click(to_bob, label="Confirm", by=alice)

    click = await fake.click(to_carol, label="Confirm", by=alice)

    (told,) = click.followups
    assert told.ephemeral
    assert told.content == "You have 400 chips now, so the gift of 600 was not made."
    assert [b["label"] for b in to_carol.buttons] == ["Confirm", "Cancel"]  # can still cancel
    assert await bot.ledger.purse(fake.guild_id, alice.id) == 400


async def test_confirm_still_works_after_a_restart(
    fake: FakeDiscord, bot: ParlourBot, settings: Settings, alice: FakeUser, bob: FakeUser
) -> None:
    message = await offer(fake, alice, bob, 250)
    await fake.close()
    restarted = ParlourBot(settings)
    await fake.start(restarted)

    await fake.click(message, label="Confirm", by=alice)

    assert message.content == f"<@{alice.id}> gave <@{bob.id}> 250 chips."
    assert await restarted.ledger.purse(fake.guild_id, bob.id) == 1250


# -- history --------------------------------------------------------------------------


async def test_history_pages_through_transfers_newest_first(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> None:
    for amount in range(1, 25):  # 24 gifts and the starting chips: three pages
        await bot.ledger.gift(fake.guild_id, alice.id, bob.id, amount, f"gift:test:{amount}")

    first = await fake.slash("chips history", by=alice)
    assert first.response.kind == "deferred" and private(first)
    page = first.messages[0]
    header, *lines = page.content.split("\n")
    assert header == "**Your chips, page 1** (newest first)"
    assert len(lines) == 10
    assert lines[0].endswith(f"**-24** gift to <@{bob.id}>") and lines[0].startswith("<t:")
    assert [(b["label"], b.get("disabled", False)) for b in page.buttons] == [
        ("Previous", True),
        ("Next", False),
    ]

    await fake.click(page, label="Next", by=alice)
    assert page.content.split("\n")[1].endswith(f"**-14** gift to <@{bob.id}>")
    turned = await fake.click(page, label="Next", by=alice)
    assert turned.response.kind == "deferred_update"
    header, *lines = page.content.split("\n")
    assert header == "**Your chips, page 3** (newest first)"
    assert len(lines) == 5 and lines[-1].endswith("**+1,000** starting chips")
    assert [b.get("disabled", False) for b in page.buttons] == [False, True]

    await fake.click(page, label="Previous", by=alice)
    assert page.content.startswith("**Your chips, page 2**")

    third = await fake.slash("chips history", {"page": 3}, by=alice)
    assert third.messages[0].content.split("\n")[1:] == lines

    bobs = await fake.click(page, label="Next", by=bob)
    assert bobs.response.ephemeral
    assert bobs.response.content.startswith("Those are someone else's transfers")


async def test_history_past_the_end_and_without_transfers(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> None:
    empty = await fake.slash("chips history", by=bob)
    assert said(empty).endswith("You have no transfers yet.")
    await bot.ledger.purse(fake.guild_id, alice.id)
    far = await fake.slash("chips history", {"page": 9}, by=alice)
    assert said(far).endswith("No transfers this far back.")
    assert [b.get("disabled", False) for b in far.messages[0].buttons] == [False, True]


async def test_history_names_the_table_and_the_game(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    stake = Account.stake(fake.guild_id, 7, 0)
    purse = Account.purse(fake.guild_id, alice.id)
    await bot.ledger.transfer(purse, stake, 100, Reason.BUYIN, "buyin:7:0", game="black-joke")
    await bot.ledger.transfer(stake, purse, 100, Reason.CASHOUT, "cashout:7:0", game="black-joke")

    page = (await fake.slash("chips history", by=alice)).messages[0].content.split("\n")

    assert page[1].endswith("**+100** cash-out at table 7 (Black Joke)")
    assert page[2].endswith("**-100** buy-in at table 7 (Black Joke)")
