"""A fourth Stops game made of data alone, for the tests: a page that proves a new game of
the family needs no family code of its own (issue 22, item 5).

"Saratoga Stops" is our own invention: three named places marked by cards of a second
pack, one of them (the Queen) won by playing the Q♥ though the Q♠ marks it; the 2♣
stripped, so the A♣ always stops; each player antes 1 to the pool and spreads 4 over the
places at will, the dealer no more; the spare hand dealt last; the first out takes the
pool and a chip a card. Only the family's public API is used: `StopsRules`, `Place`,
`Dressing`, `StopsGame`, the shared options and `max_actions`.
"""

from bot.games.base import GameInfo
from bot.games.cards import Pack
from bot.games.stops.game import StopsGame
from bot.games.stops.options import ROUNDS, max_actions
from bot.games.stops.page import LAST, Dressing, Place, StopsRules

PAGE = StopsRules(
    places=(Place("9D", name="Pope"), Place("KH", name="King"), Place("QS", "Queen", "QH")),
    dressing=Dressing(at_will=True, stake=4, dealer_times=1, pool=1),
    without=("2C",),
    fixed_stops=("AC",),
    spare_at=LAST,
    per_card=True,
)

GAME = StopsGame(
    PAGE,
    GameInfo(
        key="saratoga-stops",
        title="Saratoga Stops",
        family="chips",
        chips=True,
        staking=True,
        min_seats=3,
        max_seats=5,
        options=(ROUNDS,),
        source="Parlour's tests: a fourth Stops page",
        summary="Spread 4 over the Pope, the King and the Queen; runs up each suit; go out.",
        rules="A test page of the Stops family: play runs up each suit; first out wins.",
        pack=Pack.FRENCH,
        max_actions=max_actions(5),
    ),
)
