"""Pip-Pip! calls (rules.md; RULES.md §15): a call before the first trick, the pair laid
face up and played as if in hand, 50 points at once, the trump change from the next lead
(shown while pending), two calls in one suit, each card in one call only, several calls
before one trick under both settings of `pip_pip_first_call_wins`, a call out of turn
right after drawing (until the next lead), and every refusal."""

from __future__ import annotations

from bot.games.french.pip_pip.cards import callable_suits
from bot.games.french.pip_pip.flow import PipPipState
from bot.games.french.pip_pip.game import GAME
from tests.games.french.pip_pip_helpers import THREE, new
from tests.helpers import moves_of

play, refusal = moves_of(GAME)

# Seat 0 deals (spades trumps); seat 1 leads, then seat 2, then seat 0.
CALLER = {
    1: ["KH", "QH", "5D", "4S", "5S", "6S", "7S"],
    2: ["3H", "4C", "5C", "6C", "7C", "8C", "9C"],
    0: ["2S", "AS", "KS", "QS", "JS", "10S", "9S"],
}


def test_a_call_before_the_first_trick_changes_trump_for_it() -> None:
    st = new(3, THREE, CALLER)
    assert GAME.legal_actions(st, 1)[0] == "call H"
    st = play(st, (1, "call H"))
    assert st.scores == (0, 50, 0) and st.exposed[1] == ("KH", "QH")
    assert st.trump == "S" and st.pending == ("H",)
    assert st.hands[1] == tuple(CALLER[1])  # the pair stays in the hand
    assert GAME.awaiting(st) == frozenset({1}) and "call H" not in GAME.legal_actions(st, 1)
    view = GAME.view(st, 2)
    assert view["scene"]["seats"][1]["cards"] == ["KH", "QH"]
    assert view["scene"]["seats"][1]["backs"] == 5 and view["scene"]["seats"][1]["score"] == 50
    assert view["scene"]["counters"][:2] == [
        {"label": "Trump", "value": "spades"},
        {"label": "Next trump", "value": "hearts"},
    ]
    line = "Pip-Pip! by seat 1: hearts trump from the next lead."
    assert line in view["scene"]["lines"]
    assert view["scene"]["seats"][1]["note"] == "elder, called ♥"
    # The lead puts hearts in force: seat 2's 3 of hearts trumps the diamond led, and
    # the 2 of spades, trump no more, is a discard.
    st = play(st, (1, "play 5D"))
    assert st.trump == "H" and st.pending == ()
    st = play(st, (2, "play 3H"), (0, "play 2S"))
    assert st.last_winner == 2


def test_the_laid_cards_are_played_as_if_in_hand_and_seen_by_all() -> None:
    st = new(3, THREE, CALLER)
    st = play(st, (1, "call H"), (1, "play KH"))
    assert st.exposed[1] == ("QH",) and st.trick == ("KH",)
    assert GAME.view(st, 0)["scene"]["seats"][1]["cards"] == ["QH"]
    assert "QH" not in GAME.private_cards(st, 1)
    assert "5D" in GAME.private_cards(st, 1)
    assert "5D" not in str(GAME.view(st, 0)) and "5D" not in str(GAME.view(st, None))


def test_call_refusals() -> None:
    st = new(3, THREE, {**CALLER, 1: ["KS", "QS", "KH", "QH", "KD", "3C", "4C"]})
    assert refusal(st, 1, "call S") == "Spades are trumps: call Pip-Pip! in another suit."
    assert refusal(st, 1, "call D") == (
        "You do not hold the king and queen of diamonds: play a card or call a pair you hold."
    )
    assert refusal(st, 2, "call H") == (
        "It is not your turn: seat 1 plays next. Out of turn, you may call Pip-Pip! only"
        " right after drawing a card, before the next trick is led."
    )
    usage = "Write 'call' and a suit letter, like 'call H' for hearts (C, D, H or S)."
    for bad in ("call X", "call", "call H now", "call h"):
        assert refusal(st, 1, bad) == usage
    st = play(st, (1, "call H"))
    assert refusal(st, 1, "call H") == (
        "Your king or queen of hearts is already laid in a call: a second call in"
        " hearts needs the other king and queen."
    )
    assert GAME.describe_action("call H") == "Calls Pip-Pip! in hearts"


def test_two_calls_in_one_suit_with_both_pairs() -> None:
    st = new(3, THREE, {**CALLER, 1: ["KH", "QH", "KH", "QH", "5D", "4S", "5S"]})
    st = play(st, (1, "call H"), (1, "call H"))
    assert st.scores[1] == 100 and sorted(st.exposed[1]) == ["KH", "KH", "QH", "QH"]
    assert st.calls == ((1, "H"), (1, "H"))
    assert "call H" not in GAME.legal_actions(st, 1)


def test_each_card_serves_in_one_call_only() -> None:
    # A spare queen does not make a second call with the king already laid.
    st = new(3, THREE, {**CALLER, 1: ["KH", "QH", "QH", "5D", "4S", "5S", "6S"]})
    st = play(st, (1, "call H"))
    assert "call H" not in GAME.legal_actions(st, 1)
    st = play(st, (1, "play QH"))  # the laid queen goes first
    assert st.exposed[1] == ("KH",) and st.hands[1].count("QH") == 1
    assert "call H" not in GAME.legal_actions(st, 1)


def test_a_card_held_laid_and_concealed_is_played_from_those_laid() -> None:
    st = new(3, THREE, {**CALLER, 1: ["KH", "QH", "KH", "QH", "5D", "4S", "5S"]})
    st = play(st, (1, "call H"), (1, "play KH"), (2, "play 3H"), (0, "play 2S"))
    assert st.exposed[1] == ("QH",)
    # The concealed king and queen left are both unused: they would make a second call
    # in hearts, were hearts not trumps now.
    assert st.trump == "H" and "call H" not in GAME.legal_actions(st, 1)
    assert callable_suits(st.hands[1], st.exposed[1], "S") == ["H"]


def _two_callers(**opts: object) -> PipPipState:
    """Seat 1 leads the 2 of clubs; seats 2 and 0 call diamonds then hearts in the trick."""
    hands = {
        1: ["2C", "4S", "5S", "6S", "7S", "8S", "9S"],
        2: ["KD", "QD", "3C", "4D", "5D", "6D", "7D"],
        0: ["KH", "QH", "KD", "QD", "4C", "8D", "9D"],
    }
    st = new(3, THREE, hands, (), **opts)
    st = play(st, (1, "play 2C"), (2, "call D"), (2, "play 3C"), (0, "call H"))
    # A pair of the suit pending (called, not yet trump) may still be called.
    assert "call D" in GAME.legal_actions(st, 0)
    return play(st, (0, "play 4C"))


def test_several_calls_before_one_trick_the_last_called_wins() -> None:
    st = _two_callers()
    assert st.scores == (50, 0, 50) and st.pending == ("D", "H") and st.trump == "S"
    lines = GAME.view(st, None)["scene"]["lines"]
    assert (
        lines[0]
        == "Pip-Pip! by seat 2 (diamonds), seat 0 (hearts): hearts trump from the next lead."
    )
    st = play(st, (1, "play 4S"))
    assert st.trump == "H" and st.pending == ()


def test_several_calls_before_one_trick_the_first_called_wins_by_option() -> None:
    st = _two_callers(pip_pip_first_call_wins=True)
    assert "diamonds trump from the next lead" in GAME.view(st, 1)["scene"]["lines"][0]
    st = play(st, (1, "play 4S"))
    assert st.trump == "D" and st.scores == (50, 0, 50)


def test_the_new_trump_cannot_be_called() -> None:
    st = play(_two_callers(), (1, "play 4S"))
    assert st.trump == "H"
    st = play(st, (2, "play 4D"))
    assert "call H" not in GAME.legal_actions(st, 0)
    assert refusal(st, 0, "call H") == "Hearts are trumps: call Pip-Pip! in another suit."


def _drawn_pair() -> PipPipState:
    """Seat 1 leads the 5 of diamonds and draws the king of hearts to its queen."""
    hands = {1: ["QH", "5D", "4S", "5S", "6S", "7S", "8S"], 2: ["10D"], 0: ["9D"]}
    st = new(3, THREE, hands, ("KH", "3C", "4C", "5C", "6C", "7C"))
    return play(st, (1, "play 5D"))


def test_a_pair_completed_by_drawing_is_called_out_of_turn_for_the_next_trick() -> None:
    st = _drawn_pair()
    assert "KH" in st.hands[1] and GAME.awaiting(st) == frozenset({2})
    assert GAME.legal_actions(st, 1) == [] and GAME.optional_actions(st, 1) == ["call H"]
    assert GAME.actions_now(st, 1) == ["call H"]
    assert GAME.optional_actions(st, 2) == [] and GAME.optional_actions(st, 0) == []
    st = play(st, (1, "call H"))
    assert st.scores == (0, 50, 0) and st.exposed[1] == ("KH", "QH")
    assert st.pending == ("H",) and st.trump == "S"
    assert GAME.awaiting(st) == frozenset({2}) and GAME.optional_actions(st, 1) == []
    # The trick ends under spades; hearts are trump from the next lead.
    st = play(st, (2, "play 10D"), (0, "play 9D"))
    assert st.last_winner == 2 and st.trump == "S"
    st = play(st, (2, GAME.legal_actions(st, 2)[0]))
    assert st.trump == "H" and st.pending == ()


def test_the_call_after_drawing_waits_until_the_next_lead_and_no_longer() -> None:
    st = play(_drawn_pair(), (2, "play 10D"), (0, "play 9D"))
    # Between tricks the drawer may still call; once the next trick is led, only on his
    # turn, for the trick after.
    assert GAME.awaiting(st) == frozenset({2}) and GAME.optional_actions(st, 1) == ["call H"]
    st = play(st, (2, "play 3C"))
    assert st.drew == (2,) and GAME.optional_actions(st, 1) == []
    assert refusal(st, 1, "call H") == (
        "It is not your turn: seat 0 plays next. Out of turn, you may call Pip-Pip! only"
        " right after drawing a card, before the next trick is led."
    )
    st = play(st, (0, GAME.legal_actions(st, 0)[0]))
    assert GAME.legal_actions(st, 1)[0] == "call H"
    st = play(st, (1, "call H"), (1, "play 4S"))
    assert st.pending == ("H",) and st.trump == "S"


def test_no_call_out_of_turn_without_a_draw() -> None:
    # Dealt a pair, a player not to lead calls on his turn: he has drawn nothing yet.
    st = new(3, THREE, {**CALLER, 2: ["KD", "QD", "3C", "4C", "5C", "6C", "7C"]})
    assert GAME.optional_actions(st, 2) == []
    assert "right after drawing" in refusal(st, 2, "call D")
    st = play(st, (1, "play 5D"))
    assert GAME.legal_actions(st, 2)[0] == "call D"
