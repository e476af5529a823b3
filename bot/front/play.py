"""What a player is told when they play, the same in every front end: a move they made,
optional moves passed on, a patience's hint, and who may play a patience; and the words of
a stake spread over the board's cards (the Stops games). Discord's hand controls
(`cogs._play`, `cogs._staking`, `cogs._patience_controls`) and the web's desk both say
these, so a player reads the same sentence wherever they play."""

from __future__ import annotations

from collections.abc import Sequence

from bot.front.seats import named
from bot.front.still import STILL_LABEL
from bot.games import english
from bot.games.cards import french_short
from bot.games.stakes import chips
from bot.tables import Event, Table, TableError, TableService
from bot.tables.seams import Hand, Stake
from bot.tables.still import STILL
from bot.tables.updates import NO_HINT

SORRY = "Something went wrong on our side; nothing you did was lost. Please try again."
"""What a player is told when their request failed on our side (a bug, logged)."""

CONTROL_WORDS = {
    "deal": "Deal",
    "redeal": "Redeal",
    "grace": "Grace card",
    "auto": "Auto",
    "hint": "Hint",
    "undo": "Undo",
    "redo": "Redo",
    "resign": "Give up",
    STILL: STILL_LABEL,
}
"""A patience's one-word actions as their controls are labelled (others: capitalised)."""


def control_words(action: str) -> str:
    """The label of a patience's one-word action: 'Give up' for resign, 'Next' for next."""
    return CONTROL_WORDS.get(action, action.capitalize())


def turn_words(hand: Hand) -> str:
    """What a player's hand says of their turn: 'Your move.' (from the dummy's hand, when
    so), or out of turn whether they may do something now."""
    if hand.turn:
        return "Your move, from the dummy's hand." if hand.dummy else "Your move."
    if hand.moves:
        return "It is not your turn, but you may do this now if you wish."
    return "It is not your turn yet."


def played(table: Table, action: str) -> str:
    """'You played: Lead the 7♠.' (seats named)."""
    return f"You played: {named(table, english(table.describe(action)))}."


def declined(decline_words: str) -> str:
    """'Not now: play goes on.', in the game's own words for passing."""
    return f"{decline_words}: play goes on."


def hint(tables: TableService, table: Table) -> str:
    """A patience's hint once asked for: 'Hint: move t3 to f1.', or that none helps."""
    return hint_said(english(tables.snapshot(table, Event.RESUMED).hint or NO_HINT))


def hint_said(words: str) -> str:
    """A hint's words as a player is told them: 'Hint: move t3 to f1.'"""
    return f"Hint: {words}."


def require_player(table: Table, user_id: int) -> None:
    """TableError unless the user plays this patience: 'Only alice is playing this game;
    you can watch and advise.'"""
    seat = table.seat_of(user_id)
    if seat is not None and not table.seats[seat].left:
        return
    names = [s.name for s in table.humans()]
    who = " and ".join(names) or "someone else"
    verb = "are" if len(names) > 1 else "is"
    raise TableError(f"Only {who} {verb} playing this game; you can watch and advise.")


def listed(words: Sequence[str]) -> str:
    """'A♠', 'A♠ and J♦', 'A♠, K♥, Q♣ and J♦'."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def spread_words(amounts: Sequence[int], cards: Sequence[str]) -> str:
    """What a spread puts where: '1 on each of A♠, K♥, Q♣ and J♦', or '2 on the A♠ and
    2 on the J♦, none on the others'."""
    names = [french_short(c) for c in cards]
    if len(set(amounts)) == 1 and amounts[0]:
        return f"{amounts[0]} on each of {listed(names)}"
    placed = [f"{n} on the {card}" for n, card in zip(amounts, names, strict=True) if n]
    rest = ", none on the others" if 0 in amounts else ""
    return listed(placed) + rest if placed else "nothing"


def even_spread(total: int, places: int) -> list[int]:
    """The stake spread as evenly as it goes, the odd chips on the first cards."""
    each, odd = divmod(total, places)
    return [each + (1 if i < odd else 0) for i in range(places)]


def stake_words(stake: Stake) -> str:
    """'Your stake: spread 4 chips over the A♠, K♥, Q♣ and J♦.', and the dealer's double."""
    total, cards = stake.total, [french_short(c) for c in stake.cards]
    text = f"Your stake: spread {chips(total)} over the {listed(cards)}."
    if stake.double:
        text += f" As the dealer you put down double what you spread, {chips(2 * total)} in all."
    return text


def amounts_of(action: str) -> list[int]:
    """'spread 2 0 0 2' -> [2, 0, 0, 2]."""
    return [int(w) for w in action.split()[1:]]
