"""The words and the picture of a replay message (`/table replay`) at one step.

The picture is the table as its message drew it then, from the moment's PUBLIC view
only, with seats named, drawn as the presenter draws a table (`render_table`,
`render_sympathy` or `render_patience` by the game's picture). The asking seat's own
cards at that moment are told in words under it, never anyone else's; every seat's
cards are told only when the replay module revealed them (`Moment.revealed`: a closed
table whose server turned `replay_reveal` on, for a finished deal). The message says
whether the log verifies, in words, and never shows a log that does not as verified.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

import discord

from bot.games import english
from bot.games.cards import Pack, card_name, french_short
from bot.tables.names import name_seats
from bot.tables.replay import Moment, Replay
from bot.tables.seams import cards_in
from bot.tables.winnable import CHOSEN
from cogs._presenter import drawn_view
from render import Picture

MAX_CONTENT = 2000
"""Discord's longest message content: the cards' lines are shortened to fit under it."""


def cards_words(cards: Sequence[str], pack: Pack) -> str:
    """Cards in a few words: 'K♥ 10♠' for French cards, names for Yankee Notion's."""
    if not cards:
        return "none"
    if pack is Pack.FRENCH:
        return " ".join(french_short(c) for c in cards)
    return ", ".join(english(card_name(c, pack)) for c in cards)


def proof_line(replay: Replay) -> str:
    """Whether the log verifies, with the fair-shuffle proof when it does (and, for a
    winnable deal, that it was chosen among the proved ones)."""
    chosen = f"\nThe deal was {CHOSEN}." if replay.proof.winnable else ""
    return _proof_words(replay) + chosen


def _proof_words(replay: Replay) -> str:
    """Whether the log verifies, with the fair-shuffle proof when it does."""
    proof = replay.proof
    if not proof.verified:
        return f"This table's log does not verify: {proof.problem}"
    if proof.seed is None:
        return (
            "Verified so far: every step rebuilds from the log; the seed behind the hash "
            f"shown at the start (`{proof.commitment}`) is revealed when the table closes."
        )
    if not proof.seed_matches:  # the rebuild agreed, yet the seed is not the one promised
        return f"This table's log does not verify: its seed does not hash to `{proof.commitment}`."
    return (
        "Verified: the deals match the seed hash shown at the start "
        f"(`{proof.commitment}` <- `{proof.seed}`)"
    )


def move_line(replay: Replay, moment: Moment) -> str:
    """The move that led to this step, seats named; or the table as dealt."""
    if moment.move is None:
        return "The table as dealt, before the first move."
    mover = replay.names[moment.move.seat]
    return f"**{mover}**: {name_seats(english(moment.move.words), replay.names)}"


def chapter_of(replay: Replay, step: int) -> str | None:
    """The title of the deal or trick a step is in, for the heading."""
    found = None
    for chapter in replay.chapters:
        if chapter.opens <= step:
            found = chapter.title
    return found


def cards_lines(replay: Replay, moment: Moment, seat: int | None) -> list[str]:
    """The asking seat's own cards then, and every seat's when revealed."""
    pack = replay.pack
    lines = []
    if moment.own is not None and seat is not None and not replay.solitary:
        lines.append(f"Your cards then: {cards_words(cards_in(moment.own, seat), pack)}")
    if moment.revealed is not None and not replay.solitary:
        hands = [
            f"{name}: {cards_words(cards, pack)}"
            for name, cards in zip(replay.names, moment.revealed, strict=True)
        ]
        lines.append("Every hand (this deal is over): " + "; ".join(hands))
    return lines


def replay_text(replay: Replay, moment: Moment, seat: int | None) -> str:
    """The message's words: heading, step, the move, the cards the asker may see, proof."""
    where = chapter_of(replay, moment.step)
    at = f" · {where}" if where else ""
    head = [
        f"**Replay of table #{replay.table_id} · {replay.title}** · "
        f"step {moment.step} of {replay.last}{at}",
        move_line(replay, moment),
    ]
    tail = [end_line(replay)] if moment.step == replay.last else []
    tail.append(proof_line(replay))
    # the proof and the move always show; only the cards' lines give way to the limit
    room = MAX_CONTENT - len("\n".join(head + tail)) - 1
    cards = "\n".join(cards_lines(replay, moment, seat))
    if len(cards) > room:
        cards = cards[: max(room - 1, 0)] + "…"
    return "\n".join(head + ([cards] if cards else []) + tail)


def end_line(replay: Replay) -> str:
    """What the last step says: how the game came out, or why it has no result."""
    outcome = replay.outcome()
    if outcome is not None:
        return "Game over. " + name_seats(english(outcome.summary), replay.names)
    if not replay.verified:
        return "The replay stops here, where the log stopped rebuilding."
    return "The table was closed here, before the game's end." if replay.closed else "Still played."


async def replay_picture(replay: Replay, moment: Moment) -> Picture:
    """The table at that moment as its message drew it: the public view, seats named."""
    names = list(replay.names)
    return await drawn_view(replay.picture, moment.public, names, names, urgent=True)


async def replay_parts(
    replay: Replay, step: int, seat: int | None, reveal: bool
) -> tuple[str, discord.File]:
    """The content and picture of a replay message at `step` for `seat` (None: public)."""
    moment = replay.view_at(step, seat, reveal=reveal)
    picture = await replay_picture(replay, moment)
    file = discord.File(io.BytesIO(picture.data), filename=picture.filename)
    return replay_text(replay, moment, seat), file
