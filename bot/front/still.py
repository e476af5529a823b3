"""The words of "Can I still win?", the same in every front end: the control's label,
which says before it is pressed that asking marks the game as assisted, and the answer
as the player is told it, with how the verdict was reached."""

from __future__ import annotations

from collections.abc import Mapping

from bot.front.seats import named
from bot.games import english
from bot.games.patience.assist import LOST, WON
from bot.tables import Table
from bot.tables.still import STILL

__all__ = ["ASSISTED", "STILL", "STILL_LABEL", "still_words"]

STILL_LABEL = "Can I still win? (assisted)"
"""Its label: asking marks the game as assisted in the player's record."""
ASSISTED = "Asking marks this game as assisted: no perfect win, and no streak counted."


def still_words(table: Table, facts: Mapping[str, object]) -> str:
    """The answer (`bot.tables.still.answer_facts`) in words: yes with the next move, no
    with how far back, or can't tell; then how it was decided and what it cost."""
    if facts["result"] == WON:
        nxt = (
            named(table, english(table.describe(str(facts["next"]))))
            if facts["next"]
            else "nothing more"
        )
        head = (
            f"Yes: this game can still be won, in {facts['moves']} moves. "
            f"Next on the winning line: {nxt}. The hint now follows that line."
        )
    elif facts["result"] == LOST:
        head = "No: this game can no longer be won. " + _how_far(facts)
    else:
        head = "Can't tell: the solver ran out of time before it could decide this position."
    cost = f"{facts['positions']:,} positions in {float(str(facts['seconds'])):.1f} s"
    return f"{head}\nDecided {facts['measure']}; {cost}. {ASSISTED}"


def _how_far(facts: Mapping[str, object]) -> str:
    """How far back a lost game was last winnable, in words."""
    back = facts["back"]
    if not facts["looked"]:
        return (
            "This game keeps no history of its turns, so how far back it could be won is not told."
        )
    if facts["from_deal"]:
        return "Not even the deal could be won: no play would have won it."
    if back is None:
        return "How many moves back it was last winnable could not be told in the time."
    if back == 1:
        return "It was last winnable 1 move back: undo once to reach it."
    return f"It was last winnable {back} moves back: undo {back} times to reach it."
