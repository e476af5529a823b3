"""The games of the 1856 Yankee Notion deck and what they share: the deck's trick
rules (`tricks`), table stakes (`stakes`) and the fifteens of Bunkum and Jockey Club
(`fifteens`). Each game has a folder of its own."""
