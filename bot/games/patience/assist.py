"""The answers of "Can I still win?" as the patience games record them: the solver's
answer enters a game's state as an action the table service makes (never a player: the
service refuses one typed), so a replay of the log rebuilds it and a restart keeps it.

The action is `solved` and the answer, in a form a replay reads back exactly:
- `solved won M1;M2;...`: the game can still be won by that line of moves (the game
  replays it to a win before it accepts it);
- `solved lost N`: lost now, last winnable N moves back; `solved lost deal`: lost from
  the deal; `solved lost far`: lost, and how far back it was last winnable could not be
  told; `solved lost`: lost, where the game keeps no history to look back through;
- `solved unknown`: the search ran out of its budget first.
Every such action counts one assist in the state (a game with one is not perfect and
counts in no streak). A known winning line becomes the hint: the next move on it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.games.errors import IllegalAction

VERB = "solved"
WON, LOST, UNKNOWN = "won", "lost", "unknown"
FROM_DEAL, TOO_FAR = "deal", "far"
SEPARATOR = ";"
ASKED = 'Asked "Can I still win?"'
"""An answer's action in words, as the table and a replay tell it: the answer itself
(its line) goes to the asker alone."""


@dataclass(frozen=True, slots=True)
class Told:
    """The answer to "Can I still win?": won (with its line), lost (how far back the game
    was last winnable, when known) or unknown."""

    result: str
    line: tuple[str, ...] = ()
    back: int | None = None
    """For "lost": moves back to the last winnable position (None: not known)."""
    looked: bool = True
    """For "lost": whether the history was searched (False where the game keeps none)."""
    from_deal: bool = False
    """For "lost": whether the deal itself could not be won."""


def written(told: Told) -> str:
    """The answer as its action, which `read` reads back."""
    if told.result == WON:
        return f"{VERB} {WON} {SEPARATOR.join(told.line)}"
    if told.result == LOST:
        if not told.looked:
            return f"{VERB} {LOST}"
        if told.from_deal:
            return f"{VERB} {LOST} {FROM_DEAL}"
        return f"{VERB} {LOST} {TOO_FAR if told.back is None else told.back}"
    return f"{VERB} {UNKNOWN}"


def is_assist(action: object) -> bool:
    """Whether an action is a recorded answer (the service's, never a player's)."""
    return isinstance(action, str) and action.split(" ", 1)[0] == VERB


def read(action: str) -> Told:
    """The answer an action records, or IllegalAction if it is not written as one."""
    words = action.split(" ", 2)
    if len(words) >= 2 and words[0] == VERB:
        rest = words[2] if len(words) == 3 else ""
        if words[1] == WON and rest:
            return Told(WON, tuple(rest.split(SEPARATOR)))
        if words[1] == UNKNOWN and not rest:
            return Told(UNKNOWN)
        if words[1] == LOST:
            return _lost(rest)
    raise IllegalAction("That is not an answer of 'Can I still win?'.")


def _lost(rest: str) -> Told:
    """A "lost" answer from what follows its verb."""
    if not rest:
        return Told(LOST, looked=False)
    if rest == FROM_DEAL:
        return Told(LOST, from_deal=True)
    if rest == TOO_FAR:
        return Told(LOST)
    if rest.isdigit() and int(rest) > 0:
        return Told(LOST, back=int(rest))
    raise IllegalAction("That is not an answer of 'Can I still win?'.")


def checked(told: Told, wins: Callable[[Sequence[str]], bool]) -> Told:
    """The answer, once a "won" line has been seen to win (`wins` plays it through the
    game itself); IllegalAction if it does not."""
    if told.result == WON and not wins(told.line):
        raise IllegalAction("That winning line does not win from this position.")
    return told


def kept(line: tuple[str, ...], played: str, undone: str | None) -> tuple[tuple[str, ...], ...]:
    """The lines that may still win after a move, most likely first: the rest of the line
    when the move was its next one; else the line itself (a move beside it), and after an
    undo the undone move and the line."""
    if not line:
        return ()
    if played == line[0]:
        return (line[1:],)
    if undone is not None:
        return ((undone, *line), line)
    return (line,)


def assisted_words(assists: int) -> str:
    """'Assisted: "Can I still win?" was asked once.' (or N times)."""
    times = "once" if assists == 1 else f"{assists} times"
    return f'Assisted: "Can I still win?" was asked {times}.'
