"""The Stops family for chips (Newmarket 1885, Newmarket 2011, Michigan), on one machinery.

RULES.md §10-§12. `rules` holds the pure rules as a `StopsRules` page of parameters (the
pack, the boodle cards, the stakes, where the spare hand is dealt, how a deal is settled,
what happens after a stop); `flow` and `play` the state and the deal; `game` the game
object every member is; `view` the table; `ai` the player. Each game is a folder with its
page, its options and its rules; a fourth game is another page.
"""
