"""The games of the 1856 Yankee Notion deck and what they share: the deck's trick
rules (`tricks`) and the fifteens of Bunkum and Jockey Club (`fifteens`). Their table
stakes are shared with the Stops family, in `bot/games/stakes.py`. Each game has a folder
of its own."""
