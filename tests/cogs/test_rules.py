"""/rules through the fake (the text of `parlour rules`, as embeds within Discord's limits),
and the shared game-name autocomplete."""

from __future__ import annotations

import re
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.client import ParlourBot
from bot.games import GameInfo, registry
from bot.games.rules_text import rules_text
from bot.tournaments.rules import tournament_rules
from cogs._base import Refusal
from cogs.autocomplete import MAX_CHOICES, game_named, matching_games
from cogs.rules import OPTIONS_HINT, rules_embeds, take, text_embeds
from tests.fakediscord import FakeDiscord, FakeUser

JSON = dict[str, Any]
BLACK_JOKE = registry.get("black-joke").info
WORDS = ("lorem", "ipsum", "dolor", "sit", "amet", "elit", "sed", "do", "tempor", "*bold*", "a_b")


def stand_in(monkeypatch: pytest.MonkeyPatch, info: GameInfo) -> GameInfo:
    """Register a stand-in game for this test."""
    registry.all()  # load the real games first: an empty cache would be filled over ours
    monkeypatch.setitem(registry._games, info.key, SimpleNamespace(info=info))
    return info


def long_rules(paragraphs: int, words: int) -> str:
    """Many paragraphs of many words, numbered so that none is lost unnoticed."""
    return "\n\n".join(
        " ".join(f"{WORDS[w % len(WORDS)]}{p}.{w}" for w in range(words)) for p in range(paragraphs)
    )


def check_limits(embed: JSON) -> None:
    """Discord's limits for one embed (and so for a message holding only it)."""
    fields = embed.get("fields", [])
    assert len(embed.get("title", "")) <= 256
    assert len(embed.get("description", "")) <= 4096
    assert len(fields) <= 25
    assert all(0 < len(f["name"]) <= 256 and 0 < len(f["value"]) <= 1024 for f in fields)
    assert len(embed.get("footer", {}).get("text", "")) <= 2048
    total = len(embed.get("title", "")) + len(embed.get("description", ""))
    total += sum(len(f["name"]) + len(f["value"]) for f in fields)
    total += len(embed.get("footer", {}).get("text", ""))
    assert total <= 6000


def text_of(embeds: list[JSON]) -> str:
    """The rules text the embeds carry, markdown escapes removed, in order."""
    parts = []
    for embed in embeds:
        parts.append(embed.get("description", ""))
        parts += [f["value"] for f in embed.get("fields", [])]
    return re.sub(r"\\(.)", r"\1", "\n".join(p for p in parts if p))


# -- splitting the text --------------------------------------------------------------------


def test_take_cuts_at_a_paragraph_then_a_line_then_a_sentence_then_a_space() -> None:
    assert take("short", 10) == ("short", "")
    assert take("aaaa bbbb\n\ncccc dddd", 15) == ("aaaa bbbb", "cccc dddd")
    assert take("aaaa\nbbbb cccc dddd", 15) == ("aaaa\nbbbb cccc", "dddd")
    assert take("Aaaa bb. Cc dd ee ff", 15) == ("Aaaa bb.", "Cc dd ee ff")
    assert take("Aaaa bbbbbbbbb. Cc", 15) == ("Aaaa bbbbbbbbb.", "Cc")  # the stop just fits
    assert take("Aa bb cccccccccccc. Dd", 15) == ("Aa bb", "cccccccccccc. Dd")  # it does not
    assert take("a\n\nbbbbbbbbb cccc", 15) == ("a\n\nbbbbbbbbb", "cccc")  # break too early
    assert take("x" * 20, 15) == ("x" * 15, "x" * 5)
    assert take("x" * 14 + "\\_x", 15) == ("x" * 14, "\\_x")  # an escape stays whole


@pytest.mark.parametrize(("paragraphs", "words"), [(1, 2000), (40, 60), (200, 30), (3, 5)])
def test_long_rules_are_split_within_discords_limits(paragraphs: int, words: int) -> None:
    text = long_rules(paragraphs, words)
    embeds = [e.to_dict() for e in rules_embeds(BLACK_JOKE, text)]
    for embed in embeds:
        check_limits(dict(embed))
    assert text_of([dict(e) for e in embeds]).split() == text.split()
    assert embeds[0]["title"] == "Black Joke"
    assert all(e["title"] == "Black Joke (continued)" for e in embeds[1:])
    if len(text) > 6000:
        assert len(embeds) > 1


def test_every_game_s_page_is_split_only_between_paragraphs() -> None:
    for game in registry.all():
        text = rules_text(game.info, options_hint=OPTIONS_HINT, with_heading=False)
        paragraphs = set(discord.utils.escape_markdown(text).split("\n\n"))
        for embed in rules_embeds(game.info, text):
            parts = [embed.description or ""] + [str(f.value) for f in embed.fields]
            for part in parts:
                assert set(part.split("\n\n")) <= paragraphs, game.info.key


# -- /rules --------------------------------------------------------------------------------


async def test_rules_shows_the_games_rules_and_options_to_the_caller(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    i = await fake.slash("rules", {"game": "black-joke"}, by=alice)

    assert i.response.kind == "message" and i.response.ephemeral
    (embed,) = i.response.embeds
    check_limits(embed)
    assert embed["title"] == "Black Joke"
    footer = embed["footer"]["text"]
    assert "2-10 players" in footer and BLACK_JOKE.source in footer
    expected = rules_text(BLACK_JOKE, options_hint=OPTIONS_HINT, with_heading=False)
    assert text_of([embed]) == expected
    assert "banking game" in embed["description"]
    for option in BLACK_JOKE.options:
        assert option.describe() in text_of([embed])
    assert "/table start" in text_of([embed])
    assert i.followups == []


async def test_rules_can_be_shown_to_the_channel_and_found_by_title(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    i = await fake.slash("rules", {"game": " black JOKE ", "public": True}, by=alice)
    assert i.response.kind == "message" and not i.response.ephemeral
    assert i.response.embeds[0]["title"] == "Black Joke"
    assert fake.channel_messages() == i.messages


async def test_an_unknown_game_is_refused(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    i = await fake.slash("rules", {"game": "whist"}, by=alice)
    assert i.response.ephemeral and i.response.embeds == []
    assert i.response.content == registry.unknown("whist", registry.keys())
    assert f"There are {len(registry.keys())}: `parlour games` lists them" in i.response.content


async def test_rules_too_long_for_one_message_go_on_in_followups(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    info = stand_in(monkeypatch, replace(BLACK_JOKE, key="long-rules", rules=long_rules(60, 90)))
    i = await fake.slash("rules", {"game": "long-rules"}, by=alice)

    messages = [i.response, *i.followups]
    assert len(messages) > 2 and all(m.ephemeral for m in messages)
    embeds = [e for m in messages for e in m.embeds]
    assert [len(m.embeds) for m in messages] == [1] * len(messages)
    for embed in embeds:
        check_limits(embed)
    expected = rules_text(info, options_hint=OPTIONS_HINT, with_heading=False)
    assert text_of(embeds).split() == expected.split()


# -- /rules tournament ----------------------------------------------------------------------

TOURNAMENTS = {"name": "Tournaments", "value": "tournament"}


async def test_rules_tournament_shows_the_tournament_rules(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    i = await fake.slash("rules", {"game": "tournament"}, by=alice)

    assert i.response.kind == "message" and i.response.ephemeral
    embeds = [*i.response.embeds, *(e for m in i.followups for e in m.embeds)]
    for embed in embeds:
        check_limits(embed)
    assert embeds[0]["title"] == "Tournaments" and "footer" not in embeds[0]
    assert all(e["title"] == "Tournaments (continued)" for e in embeds[1:])
    # a text too long for one embed is cut between paragraphs, which `text_of` joins by a line
    assert [p for p in text_of(embeds).split("\n") if p] == tournament_rules().split("\n\n")
    assert "a win scores 3, a draw 1, a loss 0" in text_of(embeds)
    assert "by default 50/30/20" in text_of(embeds)


async def test_rules_tournament_is_found_by_title_and_shared_on_request(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    i = await fake.slash("rules", {"game": " TOURNAMENTS ", "public": True}, by=alice)
    assert i.response.kind == "message" and not i.response.ephemeral
    assert i.response.embeds[0]["title"] == "Tournaments"
    assert fake.channel_messages() == i.messages


async def test_autocomplete_offers_tournaments_when_it_matches(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    for typed in ("tour", "TOURNAMENTS", " tournament "):
        i = await fake.autocomplete("rules", {"game": typed}, focused="game", by=alice)
        assert i.response.choices[0] == TOURNAMENTS
    inside = await fake.autocomplete("rules", {"game": "nament"}, focused="game", by=alice)
    assert inside.response.choices[-1] == TOURNAMENTS
    for typed in ("black", "tourney"):
        i = await fake.autocomplete("rules", {"game": typed}, focused="game", by=alice)
        assert TOURNAMENTS not in i.response.choices
    # /table start offers games only
    table = await fake.autocomplete("table start", {"game": ""}, focused="game", by=alice)
    assert TOURNAMENTS not in table.response.choices


def test_one_splitter_serves_games_and_tournaments() -> None:
    text = long_rules(60, 90)
    embeds = [e.to_dict() for e in text_embeds("Tournaments", text)]
    assert len(embeds) > 1
    for embed in embeds:
        check_limits(dict(embed))
        assert "footer" not in embed
    assert text_of([dict(e) for e in embeds]).split() == text.split()
    game = [dict(e.to_dict()) for e in rules_embeds(BLACK_JOKE, text)]
    assert "key black-joke" in game[0]["footer"]["text"]
    assert all("footer" not in e for e in game[1:])
    assert text_of(game).split() == text.split()


# -- game names ----------------------------------------------------------------------------


async def test_autocomplete_offers_matching_games_by_key_or_title(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    black_joke = {"name": "Black Joke (2-10 players)", "value": "black-joke"}
    everything = await fake.autocomplete("rules", {"game": ""}, focused="game", by=alice)
    # Discord shows 25 choices at most: the tournament rules, then the first games by key
    choices = everything.response.choices
    assert choices[0] == TOURNAMENTS and len(choices) == MAX_CHOICES
    assert [c["value"] for c in choices[1:]] == list(registry.keys())[:24]
    assert black_joke in choices
    for typed in ("k-j", "K J", "black-joke"):
        i = await fake.autocomplete("rules", {"game": typed}, focused="game", by=alice)
        assert i.response.kind == "autocomplete"
        assert i.response.choices == [black_joke]
    none = await fake.autocomplete("rules", {"game": "whist"}, focused="game", by=alice)
    assert none.response.choices == []


def test_matching_puts_games_beginning_with_the_text_first_and_stops_at_25(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for n in range(30):
        stand_in(monkeypatch, replace(BLACK_JOKE, key=f"x-joker-{n:02}", title=f"Joker {n:02}"))
    found = [info.key for info in matching_games("JOKE")]
    assert len(found) == MAX_CHOICES
    assert found[0] == "x-joker-00" and "black-joke" not in found
    assert [info.key for info in matching_games("black")] == ["black-joke"]
    assert [info.key for info in matching_games("jokes")] == []


def test_a_game_is_named_by_key_or_title() -> None:
    assert game_named("black-joke").info.key == "black-joke"
    assert game_named("  Black Joke ").info.key == "black-joke"
    with pytest.raises(Refusal, match=r"^There is no game 'blackjack'\. Did you mean black-joke\?"):
        game_named("blackjack")


async def test_a_patience_s_rules_end_with_its_odds_in_words(
    fake: FakeDiscord, bot: ParlourBot, alice: FakeUser
) -> None:
    clock = registry.get("clock").info
    i = await fake.slash("rules", {"game": "clock"}, by=alice)
    text = text_of(i.response.embeds)
    assert text.endswith(f"Odds: {clock.odds}")
    assert "knowing every card, as the server does" in text
    black_joke = text_of(
        (await fake.slash("rules", {"game": "black-joke"}, by=alice)).response.embeds
    )
    assert "Odds:" not in black_joke
