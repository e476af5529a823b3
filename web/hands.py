"""A seated player's private frame: their part of the table as the seam's `Hand` gives it
(`bot.tables.seams`), in JSON for their own page, sent on their own signed-in socket and
nowhere else. It holds their cards, whether it is their turn, their moves with their
words (seats named), the stake they spread at a Stops game with its common spreads, and
at a patience the piles that have a move and its one-word actions (undo, redo, hint...).
The words are those of the Discord hand (`bot.front.play`)."""

from __future__ import annotations

from typing import Any

from bot.front.play import (
    amounts_of,
    control_words,
    even_spread,
    spread_words,
    stake_words,
    turn_words,
)
from bot.front.seats import named
from bot.games import english
from bot.games.cards import french_short
from bot.tables import Table
from bot.tables.moves import Move
from bot.tables.seams import Hand, Stake, hand_controls


def hand_frame(table: Table, hand: Hand) -> dict[str, Any]:
    """The player's private frame now."""
    frame: dict[str, Any] = {
        "type": "hand",
        "version": hand.version,
        "seat": hand.seat,
        "pack": hand.pack,
        "title": named(table, hand.title),
        "cards": list(hand.cards),
        "turn": hand.turn,
        "dummy": hand.dummy,
        "words": turn_words(hand),
        "moves": [],
        "decline": None if hand.turn or not hand.moves else hand.decline_words,
        "stake": None,
    }
    if hand.stake is not None:
        frame["stake"] = stake_frame(hand.stake, dealt=bool(hand.cards))
    elif table.info.solitary:
        frame |= patience_part(table, hand)
    else:
        frame["moves"] = moves_of(table, hand.moves)
    return frame


def moves_of(table: Table, moves: tuple[Move, ...]) -> list[dict[str, str]]:
    """Moves as the page offers them: what a control sends back, and its words."""
    return [{"action": m.action, "words": named(table, english(m.words))} for m in moves]


def stake_frame(stake: Stake, *, dealt: bool) -> dict[str, Any]:
    """A stake to spread: its words, the board cards, an even spread to start from, and
    the common spreads with what each puts on each card."""
    words = stake_words(stake)
    if not dealt:
        words += " The cards are dealt once every stake is down."
    return {
        "words": words,
        "total": stake.total,
        "double": stake.double,
        "cards": list(stake.cards),
        "names": [french_short(c) for c in stake.cards],
        "even": even_spread(stake.total, len(stake.cards)),
        "spreads": [
            {
                "action": s.action,
                "words": english(s.words)[:1].upper() + english(s.words)[1:],
                "detail": spread_words(amounts_of(s.action), stake.cards),
            }
            for s in stake.spreads
        ],
    }


def patience_part(table: Table, hand: Hand) -> dict[str, Any]:
    """A patience's moves as its table message offers them: the piles that have a move
    (under the game's prompt), each with its moves, and the one-word actions."""
    controls = hand_controls(table, hand)
    return {
        "prompt": controls.prompt,
        "piles": [
            {"source": p.source, "label": p.label, "moves": moves_of(table, p.moves)}
            for p in controls.piles
        ],
        "controls": [{"action": w, "words": control_words(w)} for w in controls.words],
    }
