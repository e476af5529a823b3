"""The Stops family for chips (Newmarket 1885, Newmarket 2011, Michigan), on one machinery.

RULES.md §10-§12. `page` is how a game is declared: a `StopsRules` page of data (the
pack, the board's places and how each is won, who dresses the board, where the spare
hand is dealt, how a deal is settled, what happens after a stop); `rules` holds the pure
rules every page shares; `flow` and `play` the state and the deal; `game` the game object
every member is; `view` and `facts` the table and its typed view; `ai` the player, which
reads facts and pages, never game keys. Each game is a folder holding its own page, its
options and its rules; a fourth game is another page.
"""
