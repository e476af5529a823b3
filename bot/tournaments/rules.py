"""The tournament rules in words: what `/rules tournament` and `parlour rules tournament`
show.

Every number in the text comes from the code that applies it: the match points from
`standings` (WIN, DRAW, LOSS and the placement scale, worked through `match_points` and
`bye_points`), the default prize structure and the worked prize examples from `prizes`.
Change a rule there and this text follows.
"""

from __future__ import annotations

from bot.tournaments.prizes import DEFAULT_SHARES, PrizeStructure, pay
from bot.tournaments.standings import DRAW, LOSS, WIN, TableResult, bye_points, match_points

TITLE = "Tournaments"
"""What the rules are headed by where a front end shows a title."""
KEY = "tournament"
"""What `/rules` and `parlour rules` take, in a game's place, for these rules."""
EXAMPLE_POT = 101
"""The pot the prize examples split: odd, so that an odd chip shows."""


def names_tournaments(text: str) -> bool:
    """Whether a name typed where a game is asked for means the tournament rules."""
    return text.strip().casefold() in (KEY, TITLE.casefold())


def _listed(numbers: tuple[int, ...]) -> str:
    """Numbers in words: '3, 2, 1 and 0'."""
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _shares(shares: tuple[int, ...]) -> str:
    """A prize structure as it is written at creation: '50/30/20'."""
    return "/".join(str(s) for s in shares)


def _formats() -> str:
    """Swiss and knockout, as the pairing does them."""
    return (
        "Formats. Swiss: a set number of rounds (by default enough for one player to win "
        "them all: 1 for two players, 2 for up to 4, 3 for up to 8, and so on). Before each "
        "round the players are ranked "
        "by match points and seated in that order, each table taking the best-ranked "
        "player still to seat with the nearest-ranked players who have not met them: no "
        "two players meet twice while it can be avoided, and when it cannot (few players, "
        "big tables) the repeated meetings are as few as they can be. When the players do "
        "not fill the tables exactly: at tables of two, the player left over gets a bye "
        "(the lowest-ranked who has not had one yet, or had the fewest); at tables of three "
        "or more, the last tables are short, the players spread as evenly as they can be "
        "and the empty seats filled with AI seats.\n\n"
        "Knockout: the players are seeded in the order they joined, the first to join "
        "being seed 1. Seed 1 meets the lowest seed, and when the field does not fill the "
        "bracket the byes go to the top seeds. Each table's winner advances, round after "
        "round, until one player is left: the winner."
    )


def _match_points() -> str:
    """The points a table pays, with the examples worked by the standings' own code."""
    four = match_points(TableResult(seats=(1, 2, 3, 4), places=(1, 2, 3, 4)))
    tied = match_points(TableResult(seats=(1, 2, 3, 4), places=(1, 1, 3, 4)))
    return (
        "Match points. At a table of two: a win scores "
        f"{WIN}, a draw {DRAW}, a loss {LOSS}. At a table of three or more seats, places "
        "score: a table of N seats pays N-1 for first, N-2 for second, and so on down to 0 "
        f"for last; at four seats, {_listed(four)}. Players tied for a place each score "
        f"that place's points: two tied first of four take {tied[0]} each, and the next "
        f"is third with {tied[2]}. AI seats take their places at the table but score "
        "nothing, never rank and never win a prize. A bye scores as a win: "
        f"{bye_points(2)} at tables of two, N-1 at tables of N ({bye_points(3)} at three).\n\n"
        "Tie-breaks. Players equal on match points are ranked by, in this order: "
        "1. Buchholz, the sum of the match points of every human opponent they met at a "
        "table (byes and AI seats add nothing); 2. game points, the sum of their own "
        "scores in their games; 3. a draw from the tournament's seed. Players equal on "
        "everything but the draw share a place (1, 1, 3); the draw only orders them "
        "within it."
    )


def _tables() -> str:
    """What one table of a round is."""
    return (
        "Tables. Each round seats the players at tables of the game's size, each table in "
        "a thread of its own, so the tables of a round play at once. A table is one game "
        "of the game's usual length, played with the options set when the tournament was "
        "created. Chip games are played from equal stacks lent by the bank for the table: "
        "the chips won or lost there are the game points. Purses are never touched at a "
        "table. A round ends when its last table ends, and the next is seated by itself."
    )


def _chips() -> str:
    """Buy-ins, escrow and prizes, with the examples worked by the prize code."""
    default = PrizeStructure()
    odd = pay(EXAMPLE_POT, default, (1, 2, 3))
    shared = pay(EXAMPLE_POT, default, (1, 1, 3))
    return (
        "Chips. A tournament may have a buy-in: each player's goes from their purse into "
        "the tournament's own escrow, and the prizes are paid from it at the end by the "
        f"structure set at creation, by default {_shares(DEFAULT_SHARES)} (percentages "
        "for first, second, third, ...). Prizes are whole chips: each place takes its "
        "share rounded down, and the odd chips go one each to the higher places, starting "
        f"with first; a pot of {EXAMPLE_POT} pays {_listed(odd)}. With fewer finishers than "
        "paid places, the shares of the places nobody reached are spread over the others "
        "in proportion. Players who share a place pool the prizes of the places they span "
        f"and split them evenly: two sharing first of a pot of {EXAMPLE_POT} take "
        f"{_listed(shared[:2])}, the odd chip to the better by the draw, and third "
        f"{shared[2]}. The escrow is always paid out to the last chip. A cancelled "
        "tournament returns every buy-in. A tournament with no buy-in is played for "
        "points alone."
    )


def _people() -> str:
    """Leavers, no-shows and stopped tables."""
    return (
        "People. A player who leaves a running tournament, or their table, withdraws: an "
        "AI seat plays their seat to the end of that table, which goes on as dealt, and "
        "they are dropped from the pairing. A withdrawn player ranks below every player "
        "who did not withdraw, at that table and in the standings, whatever their chips "
        "or points, and is never paid a prize: the prizes go to the best of those who "
        "stayed (to the withdrawn, in their order, only if everyone withdrew). A player "
        "knocked out of a knockout cannot withdraw: their place stands. A player who "
        "never comes, handed to the AI by the turn clock "
        "without having made a move at their table, forfeits it: they take last place "
        "there and are dropped. A table stopped by a moderator before its end places those "
        "who left last and the rest as a tie; in a knockout, that tie goes to the better "
        "seed."
    )


def tournament_rules() -> str:
    """The tournament rules as paragraphs separated by blank lines, every number taken
    from the code that applies it."""
    intro = (
        "A tournament is many tables of one game, organised in rounds: Swiss or knockout, "
        "played for chips or for points. A moderator creates it; players join until it "
        "starts, and the standings are posted after every round."
    )
    return "\n\n".join((intro, _formats(), _match_points(), _tables(), _chips(), _people()))
