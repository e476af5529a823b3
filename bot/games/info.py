"""What a game is (`GameInfo`): its name, seats and options, and its capabilities.

The capabilities are what generic code (the table service, the front ends, the
simulator) needs to know of a game, declared once in the game's (or its family's)
`GameInfo`, in the spirit of OpenSpiel's GameType. Generic code asks these, never a
game's key or family: `family` is a plain description, shown in words only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.games.cards import Pack
from bot.games.messages import Text
from bot.games.options import Option

Family = Literal["trick", "chips", "patience"]

Picture = Literal["table", "patience", "sympathy"]
"""How a game's table is drawn: seats round a table from the view's `scene` ("table"),
a patience's own layout from its `zones` ("patience"), or two players' piles side by
side from its `players` ("sympathy")."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a game is: its permanent key, title, family, seat counts, options, source,
    and the capabilities generic code reads instead of the family."""

    key: str
    title: Text
    family: Family
    """The game's kind, in words (a description: no generic code branches on it)."""
    min_seats: int
    max_seats: int
    options: tuple[Option, ...]
    source: str
    summary: Text
    rules: str
    pack: Pack
    max_actions: int
    """An upper bound on the actions of one whole game at default options (conformance),
    optional actions included."""
    out_of_turn: bool = False
    """Whether the game offers seats it does not await optional actions
    (`Game.optional_actions`): front ends then show them and the table service takes
    them outside a seat's turn. Generic code asks this, never a game's name or family."""
    decline_words: Text = "Not now"
    """The words with which a player passes on their optional actions (a button's label
    in Discord), in the game's own terms."""
    chips: bool = False
    """Whether the game is played for chips at table stakes (a `ChipGame`): seats buy in
    from their purses, the ledger records every transfer, results are chips won or lost
    and its leaderboard is net winnings."""
    solitary: bool = False
    """Whether the game is a patience, played in a thread of its own (Discord's
    `/patience`) rather than at a channel's table: it has the patience controls, its
    finished games keep statistics (`Game.stats`) and its leaderboard is the patience
    board."""
    at_leisure: bool = False
    """Whether the game is played at leisure: no turn clock runs, since nobody waits on
    the player but the cards."""
    together: bool = False
    """Whether the seats play together, the game won or lost by all alike rather than by
    one seat against the others (the simulator counts games won, not seats' wins)."""
    dummy: bool = False
    """Whether a seat may play an exposed dummy hand: its view then carries the dummy's
    cards (`dummy`) and, on the dummy's turn, `from_dummy`."""
    staking: bool = False
    """Whether a deal may open with stakes spread over the board's cards: the staking
    seat's view then carries `staking` (the cards and the common spreads)."""
    picture: Picture = "table"
    """How the front ends draw the table (see `Picture`)."""
    sources_prompt: Text = "Move from..."
    """The prompt of the menu of piles a patience player acts from, in the game's terms."""
    piles: tuple[str, ...] = ()
    """A patience's pile ids: front ends group its moves by the pile they start from (an
    action whose first word after the verb is no pile stands alone)."""
    odds: Text = ""
    """A patience's odds, how many of its deals can be won, in a sentence with how it was
    measured (bot/games/patience/odds.py): its rules text ends with it."""
    odds_short: Text = ""
    """The same in a footer's few words: the patience picture's status band and the
    terminal's patience screen show it."""

    def seat_range(self) -> str:
        """The seat counts in words: '2-8 players' or '4 players'."""
        if self.min_seats == self.max_seats:
            return f"{self.min_seats} player" + ("s" if self.min_seats != 1 else "")
        return f"{self.min_seats}-{self.max_seats} players"
