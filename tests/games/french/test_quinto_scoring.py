"""Quinto's scoring (bot/games/french/quinto/rules.md; RULES.md §13): stacked-deck
scenarios for 5 a trick (10 doubled, 20 redoubled), quints by suit not multiplied (a five
anywhere in a won trick; an ace and four, a two and three in one trick and not across
tricks), the joker's 25, the cachette to the winner of the last trick with its quints,
the game at 250 checked at the end of a hand (both sides over), the rubber and its
bonus, and one game by option."""

from __future__ import annotations

from bot.games.cards import JOKER
from bot.games.french.quinto.flow import QuintoState, evolve
from bot.games.french.quinto.game import GAME
from tests.games.french.test_quinto import PASSES, new
from tests.helpers import moves_of

play, refusal = moves_of(GAME)


def test_ace_and_four_and_two_and_three_in_one_trick() -> None:
    """Seat 1's ace of hearts takes the 4, 2 and 3: 5 for the trick, 20 and 20 in quints."""
    hands = {1: ("AH",), 2: ("4H",), 3: ("2H",), 0: ("3H",)}
    st = play(new(hands), *PASSES, (1, "play AH"), (2, "play 4H"), (3, "play 2H"), (0, "play 3H"))
    assert st.points == (0, 5 + 20 + 20)


def test_ace_and_four_taken_in_different_tricks_make_no_quint() -> None:
    """Side 1 takes the ace of hearts in one trick and the 4 in the next: no quint."""
    hands = {1: ("AH", "4H"), 2: ("6H", "9H"), 3: ("7H", "KH"), 0: ("8H", "10H")}
    st = play(new(hands), *PASSES, (1, "play AH"), (2, "play 6H"), (3, "play 7H"), (0, "play 8H"))
    st = play(st, (1, "play 4H"), (2, "play 9H"), (3, "play KH"), (0, "play 10H"))
    assert st.last_winner == 3 and st.points == (0, 10)


def test_a_five_scores_to_whoever_takes_the_trick() -> None:
    """Seat 2, out of diamonds, throws the 5 of clubs; seat 3's diamond takes it: 5 + 10."""
    clubs = ("AC", "KC", "QC", "JC", "10C", "9C", "8C", "7C", "6C", "5C", "4C", "3C")
    hands = {1: ("2D",), 2: clubs, 3: ("KD",), 0: ("7D",)}
    st = play(new(hands), *PASSES, (1, "play 2D"), (2, "play 5C"), (3, "play KD"), (0, "play 7D"))
    assert st.last_winner == 3 and st.points == (0, 5 + 10)


def test_doubling_multiplies_tricks_but_not_quints() -> None:
    """Redoubled, a trick with the 5 of hearts is worth 20 + 20; doubled, a bare one 10."""
    hands = {1: ("5H", "6S"), 2: ("6H", "7S"), 3: ("7H", "9S"), 0: ("8H", "8S")}
    st = play(new(hands), (1, "double"), (2, "redouble"))
    st = play(st, (1, "play 5H"), (2, "play 6H"), (3, "play 7H"), (0, "play 8H"))
    assert st.points == (20 + 20, 0)
    st = play(new(hands), (1, "pass"), (2, "double"), (3, "pass"), (0, "pass"), (1, "pass"))
    st = play(st, (1, "play 6S"), (2, "play 7S"), (3, "play 9S"), (0, "play 8S"))
    assert st.points == (0, 10)


def last_trick(cachette: tuple[str, ...], **fields: object) -> QuintoState:
    """A stacked hand cut down to its last trick (seat 1 leads the 9 of spades, seat 0's
    queen takes it), with this cachette and any other fields given."""
    st = play(new({1: ("9S",), 2: ("10S",), 3: ("JS",), 0: ("QS",)}, cachette), *PASSES)
    hands = (("QS",), ("9S",), ("10S",), ("JS",))
    return evolve(st, hands=hands, **fields)


def finish(st: QuintoState) -> QuintoState:
    """The last trick played."""
    return play(st, (1, "play 9S"), (2, "play 10S"), (3, "play JS"), (0, "play QS"))


def test_the_cachette_goes_to_the_last_trick_with_its_quints() -> None:
    """Seat 0 takes the last trick and the cachette: the trick 5, the cachette 5 and its
    quints (the 5 of hearts 20, ace and four of diamonds 15, two and three of clubs 10)."""
    st = finish(last_trick(("5H", "AD", "4D", "2C", "3C"), points=(30, 40)))
    assert st.last_deal == (30 + 5 + 5 + 20 + 15 + 10, 40)
    assert st.scores == st.last_deal
    assert st.last_cachette == (0, 5 + 20 + 15 + 10)
    assert st.deal == 2 and st.dealer == 1 and st.bidding
    lines = GAME.view(st, None)["scene"]["lines"]
    assert "Seat 0's side took the last cachette, worth 50." in lines


def test_the_joker_in_the_cachette_scores_its_25() -> None:
    """The joker lying in the cachette goes with it."""
    st = finish(last_trick(("6H", JOKER, "7D", "8C", "9C")))
    assert st.last_cachette == (0, 5 + 25)


def test_the_game_is_checked_only_at_the_end_of_a_hand() -> None:
    """Points past 250 during a hand end nothing; both sides past at its end, the higher
    wins the game, the scores start again and the rubber goes on."""
    st = play(new({1: ("AH",), 2: ("4H",), 3: ("2H",), 0: ("3H",)}), *PASSES)
    st = play(evolve(st, scores=(240, 240)), (1, "play AH"), (2, "play 4H"))
    st = play(st, (3, "play 2H"), (0, "play 3H"))
    assert st.scores == (240, 240) and GAME.outcome(st) is None and st.deal == 1
    st = finish(last_trick(("6H", "7H", "7D", "8C", "9C"), scores=(200, 240), points=(60, 20)))
    assert st.games == (1, 0) and st.totals == (200 + 70, 260)
    assert st.scores == (0, 0) and not st.winners and st.deal == 2


def test_level_sides_past_250_play_another_hand() -> None:
    """Both past 250 and level: no game yet."""
    st = finish(last_trick(("6H", "7H", "7D", "8C", "9C"), scores=(200, 270), points=(60, 0)))
    assert st.scores == (270, 270) and st.games == (0, 0) and st.deal == 2


def test_the_rubber_goes_to_two_games_with_its_100() -> None:
    """Side 0, a game up, wins another: the rubber is over, 100 more to its total."""
    st = last_trick(
        ("6H", "7H", "7D", "8C", "9C"), scores=(245, 100), games=(1, 1), totals=(300, 280)
    )
    st = finish(st)
    assert st.winners == (0,) and st.games == (2, 1)
    out = GAME.outcome(st)
    assert out is not None and out.winners == (0, 2)
    assert out.points == (300 + 255 + 100, 280 + 100, 300 + 255 + 100, 280 + 100)
    assert out.summary == "Seat 0 & seat 2 won the rubber with 655."
    assert GAME.awaiting(st) == frozenset()
    assert refusal(st, 0, "pass") == "The game is over: no more cards are played."


def test_one_game_by_option_has_no_rubber_bonus() -> None:
    """With quinto_games 1 the first game ends the match."""
    hands = {1: ("9S",), 2: ("10S",), 3: ("JS",), 0: ("QS",)}
    st = play(new(hands, ("6H", "7H", "7D", "8C", "9C"), quinto_games=1), *PASSES)
    st = evolve(st, hands=(("QS",), ("9S",), ("10S",), ("JS",)), scores=(0, 250), points=(0, 5))
    st = finish(st)
    assert st.winners == (1,)
    out = GAME.outcome(st)
    assert out is not None and out.points == (10, 255, 10, 255)
    assert out.summary == "Seat 1 & seat 3 won the game with 255."
