"""Parlour in the players' languages through the fake Discord, on its first slice:
`/parlour language`, `/parlour config language` and `/chips`: private answers in the
reader's language, the gift's public message in the server's, refusals, the Discord
locale remembered for DMs, and the command picker's words uploaded by a sync."""

from __future__ import annotations

from bot.client import ParlourBot
from tests.fakediscord import FakeDiscord, FakeInteraction, FakeUser

NB = "\u00a0"


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


async def test_a_private_answer_is_in_each_reader_s_discord_language(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser, carol: FakeUser
) -> None:
    alice.locale, bob.locale, carol.locale = "fr", "de", "es-419"
    assert said(await fake.slash("chips balance", by=alice)) == "Vous avez 1\u202f000 jetons."
    asked = await fake.slash("chips balance", {"user": alice}, by=bob)
    assert said(asked) == f"<@{alice.id}> hat 1.000 Chips." and private(asked)
    assert said(await fake.slash("chips balance", by=carol)) == "Tienes 1.000 fichas."
    mona = next(u for u in fake.world.users.values() if u.name == "mona")
    mona.locale = "ja"
    assert said(await fake.slash("chips balance", by=mona)) == "You have 1,000 chips."


async def test_refusals_are_in_the_reader_s_language(
    fake: FakeDiscord, bot: ParlourBot, bob: FakeUser
) -> None:
    bob.locale = "de"
    yourself = await fake.slash("chips give", {"user": bob, "amount": 5}, by=bob)
    assert said(yourself) == "Du kannst dir nicht selbst Chips schenken." and private(yourself)
    bot_user = fake.world.bot_user
    to_bot = await fake.slash("chips give", {"user": bot_user, "amount": 5}, by=bob)
    assert said(to_bot) == "Bots haben keine Geldbörse; schenk deine Chips einem Spieler."
    bob.locale = "pt-BR"
    await fake.slash("chips daily", by=bob)
    again = await fake.slash("chips daily", by=bob)
    assert said(again).startswith("Suas fichas diárias já foram resgatadas.")
    assert said(again).endswith("em 19 h 59 min.") or said(again).endswith("em 20 h 0 min.")
    assert fake.channel_messages() == []


async def test_a_member_chooses_their_own_language_and_goes_back_to_discord_s(
    fake: FakeDiscord, bot: ParlourBot, bob: FakeUser
) -> None:
    bob.locale = "ja"  # a language Parlour lacks: English
    shown = await fake.slash("parlour language", by=bob)
    assert said(shown).startswith("Parlour answers you in English: it does not speak")
    assert private(shown)
    chose = await fake.slash("parlour language", {"language": "fr"}, by=bob)
    assert said(chose) == "C'est noté, Parlour vous répondra désormais en Français."
    assert said(await fake.slash("chips balance", by=bob)) == "Vous avez 1\u202f000 jetons."
    assert said(await fake.slash("parlour language", by=bob)).startswith(
        "Parlour vous répond en Français, comme vous l'avez choisi."
    )
    bob.locale = "de"
    back = await fake.slash("parlour language", {"language": "discord"}, by=bob)
    assert said(back) == "Parlour antwortet dir auf Deutsch, deiner Discord-Sprache."
    assert bot.languages.chosen(bob.id) is None


async def test_the_gift_s_public_message_is_in_the_server_s_language(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> None:
    fake.guild(fake.guild_id).locale = "pt-BR"  # the server's Discord preferred locale
    bob.locale = "de"
    asked = await fake.slash("chips give", {"user": alice, "amount": 5}, by=bob)
    offer = asked.messages[0]
    assert not offer.ephemeral
    assert (
        offer.content
        == f"<@{bob.id}> está dando 5 fichas para <@{alice.id}>. Só <@{bob.id}> pode confirmar."
    )
    assert [b["label"] for b in offer.buttons] == ["Confirmar", "Cancelar"]

    set_by_admin = await fake.slash("parlour config", {"language": "es"}, by=alice)
    assert said(set_by_admin) == "Saved: tables on this server are now in Español."
    refused = await fake.click(offer, label="Confirmar", by=alice)
    assert refused.response.content == "Only the giver can confirm or cancel this gift."
    await fake.click(offer, label="Confirmar", by=bob)
    assert offer.content == f"<@{bob.id}> le ha dado 5 fichas a <@{alice.id}>."


async def test_config_language_answers_the_admin_in_their_language_and_refuses_members(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> None:
    alice.locale, bob.locale = "de", "fr"
    fake.guild(fake.guild_id).locale = "fr"
    shown = await fake.slash("parlour config", by=alice)
    assert said(shown).split("\n")[-1] == (
        "Sprache der Tische: Français (die Discord-Sprache des Servers)"
    )
    done = await fake.slash("parlour config", {"language": "pt_BR", "daily_chips": 7}, by=alice)
    assert said(done).split("\n")[-1] == (
        "Gespeichert: Die Tische auf diesem Server sind jetzt auf Português (Brasil)."
    )
    assert said(done).startswith("Saved.\nDaily chips: 100 chips → 7 chips")
    assert bot.languages.server(fake.guild_id, "fr") == "pt_BR"
    back = await fake.slash("parlour config", {"language": "discord"}, by=alice)
    assert said(back) == (
        "Gespeichert: Die Tische auf diesem Server folgen seiner Discord-Sprache, jetzt Français."
    )
    refused = await fake.slash("parlour config", {"language": "de"}, by=bob)
    assert said(refused) == (
        "Seuls les membres ayant la permission Gérer le serveur peuvent modifier ces réglages."
    )
    assert bot.languages.server_choice(fake.guild_id) is None


async def test_history_is_in_the_reader_s_language_with_its_buttons(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, bob: FakeUser
) -> None:
    for amount in range(1, 12):
        await bot.ledger.gift(fake.guild_id, alice.id, bob.id, amount, f"gift:t:{amount}")
    alice.locale = "fr"
    first = await fake.slash("chips history", by=alice)
    page = first.messages[0]
    header, *lines = page.content.split("\n")
    assert header == "**Vos jetons, page 1** (les plus récents d'abord)"
    assert lines[0].endswith(f"**-11** don à <@{bob.id}>")
    assert [b["label"] for b in page.buttons] == ["Précédent", "Suivant"]
    await fake.click(page, label="Suivant", by=alice)
    assert page.content.split("\n")[-1].endswith("**+1\u202f000** jetons de départ")


async def test_the_discord_locale_of_the_latest_interaction_is_remembered_for_dms(
    fake: FakeDiscord, bot: ParlourBot, bob: FakeUser
) -> None:
    assert bot.languages.dm(bob.id) == "en"
    bob.locale = "es-ES"
    await fake.slash("chips balance", by=bob)
    assert bot.languages.dm(bob.id) == "es"
    bob.locale = "de"
    await fake.slash("chips balance", by=bob)
    assert bot.languages.dm(bob.id) == "de"


async def test_a_sync_uploads_the_command_picker_s_words_in_every_language(
    fake: FakeDiscord, bot: ParlourBot
) -> None:
    await bot.tree.sync()
    uploaded = {c["name"]: c for c in fake.api.commands[None]}
    chips = uploaded["chips"]
    assert chips["name_localizations"] == {
        "fr": "jetons",
        "de": "chips",
        "es-ES": "fichas",
        "es-419": "fichas",
        "pt-BR": "fichas",
    }
    assert chips["description_localizations"]["de"] == "Deine Chips auf diesem Server"
    give = {o["name"]: o for o in chips["options"]}["give"]
    assert give["name_localizations"]["fr"] == "donner"
    amount = {o["name"]: o for o in give["options"]}["amount"]
    assert amount["name_localizations"]["es-419"] == "cantidad"
    assert amount["description_localizations"]["pt-BR"] == "Quantas fichas dar"

    parlour = {o["name"]: o for o in uploaded["parlour"]["options"]}
    assert parlour["language"]["name_localizations"]["de"] == "sprache"
    (choice_of,) = [o for o in parlour["language"]["options"] if o["name"] == "language"]
    discord_s = next(c for c in choice_of["choices"] if c["value"] == "discord")
    assert discord_s["name_localizations"]["fr"] == "Celle de Discord"
    french = next(c for c in choice_of["choices"] if c["value"] == "fr")
    assert french["name"] == "Français" and not french.get("name_localizations")
    # A command not yet written with keys keeps its English everywhere.
    assert not uploaded["table"].get("name_localizations")
