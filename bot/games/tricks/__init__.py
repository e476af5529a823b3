"""The trick-game base shared by every family's trick games (Yankee Notion and French).

`rules` holds the trick rules as parameters (seating, dealing, trump, following, the trick
winner, partnerships), for any pack; `base` holds what a trick game object does alike
(parsing and checking a card play with a refusal naming what to do instead, the scene of a
trick table, the AI's view, dump and load of a frozen state); `state` holds the fields
every trick game's state shares, as a dataclass its state class derives from.
"""
