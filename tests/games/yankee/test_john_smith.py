"""John Smith (bot/games/yankee/john_smith/rules.md): stacked-deck scenarios for the deal, Sally
taking
John even under trumps, the call and when it is refused, John saved or won, the scoring
order deciding the game, the options, refusals, persistence, the view and the AI."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import replace

import pytest

from bot.games import IllegalAction, english
from bot.games.cards import yankee_pack
from bot.games.yankee.john_smith.ai import POLICY
from bot.games.yankee.john_smith.flow import JohnSmithState, deal_points, john_winner, score_deal
from bot.games.yankee.john_smith.game import ANSWER_VERSE, CALL_VERSE, GAME
from tests.helpers import moves_of

PACK = yankee_pack()


def deck_for(wanted: Mapping[int, Sequence[str]]) -> list[str]:
    """A first-deal deck (seat 0 deals, seat 1 is elder) in which each seat of `wanted`
    receives those cards first, in order; the rest come from the pack, pip cards first."""
    queues = {s: list(cards) for s, cards in wanted.items()}
    taken = {c for cards in wanted.values() for c in cards}
    filler = [c for c in PACK if c not in taken and c[-1] != "F"]
    filler += [c for c in PACK if c not in taken and c[-1] == "F"]
    slots = [(1 + i) % 4 for i in range(48)] + [1, 0]
    deck = [queues[s].pop(0) if queues.get(s) else filler.pop(0) for s in slots]
    assert not any(queues.values()) and not filler
    return deck


play, refusal = moves_of(GAME)


def midtrick(hands: Sequence[Sequence[str]], leader: int, trump: str = "E") -> JohnSmithState:
    """A deal in progress with the given hands, `leader` to lead, John dealt to the side
    holding him here (every other card already taken, so the pack stays whole)."""
    state = GAME.new(4, 1, deck=deck_for({0: ["2E"]}))
    held = {c for hand in hands for c in hand}
    rest = tuple(c for c in PACK if c not in held)
    john = next((s for s, hand in enumerate(hands) if "0F" in hand), 0)
    return replace(
        state,
        hands=tuple(tuple(h) for h in hands),
        players=tuple((leader + i) % 4 for i in range(4)),
        trump=trump,
        turned=(),
        won=(rest, ()),
        tricks=(12 - max(len(h) for h in hands), 0),
        john_side=john % 2,
    )


def ai_game(seed: int, **options: object) -> list[JohnSmithState]:
    """A whole game played by the AI, checking each choice is legal; every state."""
    state = GAME.new(4, seed, options)
    states = [state]
    rng = random.Random(seed)
    while GAME.awaiting(state):
        (seat,) = GAME.awaiting(state)
        action = POLICY.choose(GAME.ai_view(state, seat), seat, rng)
        assert action in GAME.legal_actions(state, seat), action
        state = GAME.apply(state, seat, action)
        states.append(state)
    return states


# --- the deal --------------------------------------------------------------------------------


def test_deal_is_tilters_four_handed() -> None:
    state = GAME.new(4, 1, deck=deck_for({0: ["3F", "7S"], 2: ["0F"]}))
    assert [len(h) for h in state.hands] == [13, 13, 12, 12]
    assert (state.trump, state.turned, state.john_side) == ("S", ("3F", "7S"), 0)
    assert GAME.awaiting(state) == frozenset({1})
    assert sorted(GAME.cards(state)) == sorted(PACK)
    for seats in (2, 3, 5):
        with pytest.raises(IllegalAction, match="4 players"):
            GAME.new(seats, 1)


# --- John and Sally ----------------------------------------------------------------------------


def test_sally_takes_john_even_under_a_trump() -> None:
    # trump eagles: seat 3 holds no Face and trumps, yet Sally takes the trick
    hands = (("1F", "2L"), ("5F", "3L"), ("0F", "4L"), ("9E", "5L"))
    before = midtrick(hands, 1)
    state = play(before, (1, "play 5F"), (2, "play 0F"), (3, "play 9E"))
    assert state.sally_side == -1
    state = play(state, (0, "play 1F"))
    assert state.last_winner == 0 and state.sally_side == 0
    assert state.players[0] == 0 and state.tricks[0] == before.tricks[0] + 1
    assert john_winner(["5F", "0F", "9E", "1F"], "E") == 3


def test_without_john_sally_is_the_lowest_face() -> None:
    assert john_winner(["5F", "9E", "1F"], "E") == 1
    assert john_winner(["1F", "2F"], "E") == 1
    assert john_winner(["0F", "9F"], "E") == 0


def test_sally_led_without_a_call_leaves_john_free() -> None:
    hands = (("0F", "2F"), ("1F", "3L"), ("4L", "5L"), ("6L", "7L"))
    state = midtrick(hands, 1)
    assert GAME.legal_actions(state, 1) == ["call", "play 1F", "play 3L"]
    state = play(state, (1, "play 1F"), (2, "play 4L"), (3, "play 6L"))
    assert GAME.legal_actions(state, 0) == ["play 0F", "play 2F"]
    state = play(state, (0, "play 2F"))
    assert state.last_winner == 0 and state.sally_side == -1


def test_the_call_forces_john_out_with_both_verses() -> None:
    hands = (("2L", "3L"), ("1F", "4L"), ("5F", "6L"), ("0F", "9F"))
    state = play(midtrick(hands, 1), (1, "call"))
    assert state.trick == ("1F",) and state.called
    view = GAME.view(state, 3)
    assert view["called"] and view["scene"]["lines"] == [f'Seat 1 calls: "{CALL_VERSE}"']
    state = play(state, (2, "play 5F"))
    assert GAME.legal_actions(state, 3) == ["play 0F"]
    assert "'play 0F'" in refusal(state, 3, "play 9F")
    state = play(state, (3, "play 0F"), (0, "play 2L"))
    assert state.last_winner == 1 and state.sally_side == 1 and not state.called
    lines = GAME.view(state, None)["scene"]["lines"]
    assert lines[1] == f'Seat 3 answers: "{ANSWER_VERSE}"'
    assert english(GAME.describe_action("call")) == "Calls for John Smith"
    assert english(GAME.describe_action("play 1F")) == "Plays Mrs Sally Smith"


def test_the_call_binds_the_caller_s_partner_too() -> None:
    hands = (("2L", "3L"), ("1F", "4L"), ("5L", "6L"), ("0F", "7L"))
    # seat 3 is on the caller's side (1 and 3): the call still forces John
    state = play(midtrick(hands, 1), (1, "call"), (2, "play 5L"))
    assert GAME.legal_actions(state, 3) == ["play 0F"]


def test_the_call_is_refused_when_rules_do_not_allow_it() -> None:
    hands = (("1F", "2L"), ("5F", "3L"), ("4L", "7L"), ("0F", "6F"))
    state = midtrick(hands, 1)
    assert "call" not in GAME.legal_actions(state, 1)
    assert "hold Mrs Sally Smith" in refusal(state, 1, "call")
    state = play(state, (1, "play 5F"), (2, "play 4L"), (3, "play 6F"))
    assert "call" not in GAME.legal_actions(state, 0)
    assert "when you lead" in refusal(state, 0, "call")
    assert "not your turn" in refusal(state, 2, "call")
    # holding both John and Sally, there is no one to call
    both = midtrick((("1F", "0F"), ("2L",), ("3L",), ("4L",)), 0)
    assert GAME.legal_actions(both, 0) == ["play 0F", "play 1F"]
    assert "hold John Smith yourself" in refusal(both, 0, "call")
    # John already played this deal
    gone = midtrick((("1F", "5L"), ("2L", "6L"), ("3L", "7L"), ("4L", "8L")), 0)
    assert "0F" in gone.won[0] and "call" not in GAME.legal_actions(gone, 0)
    assert "has been played" in refusal(gone, 0, "call")


# --- scoring ----------------------------------------------------------------------------------


def scored(state: JohnSmithState, **changes: object) -> tuple[tuple[int, ...], ...]:
    """The points per category of a finished deal with the given piles and tricks."""
    return deal_points(replace(state, **changes))  # type: ignore[arg-type]


def test_john_saved_by_the_side_dealt_him_even_when_trumped() -> None:
    base = GAME.new(4, 3)
    graces = ("0L", "0E", "0S", "0H")
    faces = tuple(f"{r}F" for r in range(10))  # side 0 captured John and every Face
    piles = (faces, graces)
    points = scored(base, won=piles, tricks=(6, 7), john_side=1, sally_side=-1)
    assert points == ((0, 5), (0, 5), (5, 0), (0, 4))


def test_john_won_by_the_side_that_played_sally() -> None:
    base = GAME.new(4, 3)
    piles = (("9F", "8F", "7F"), ("0F", "1F", "0L", "0E"))
    points = scored(base, won=piles, tricks=(4, 9), john_side=0, sally_side=1)
    # 9 tricks: 5 + 2; Faces 24 to 1; two graces
    assert points == ((0, 5), (0, 7), (5, 0), (0, 2))


def test_one_player_holding_john_and_sally_saves_john() -> None:
    state = midtrick((("0F", "1F"), ("2L", "3L"), ("4L", "5L"), ("6L", "7L")), 0)
    state = play(state, (0, "play 1F"), (1, "play 2L"), (2, "play 4L"), (3, "play 6L"))
    state = play(state, (0, "play 0F"), (1, "play 3L"), (2, "play 5L"), (3, "play 7L"))
    assert state.last_john == "saved" and state.last_deal[0][0] == 5


def test_the_scoring_order_decides_the_game() -> None:
    points = ((5, 0), (0, 5), (0, 5), (2, 2))
    # side 1 would reach 20 on tricks, but side 0 got there first, on John Smith
    assert score_deal((15, 19), points, 20) == ((20, 19), (0,), "John Smith")
    assert score_deal((10, 12), points, 20) == ((15, 22), (1,), "faces")
    assert score_deal((10, 5), points, 20) == ((17, 17), (), "")


def test_both_sides_reaching_the_target_on_graces() -> None:
    more = ((5, 0), (0, 5), (0, 5), (3, 1))
    assert score_deal((12, 9), more, 20) == ((20, 20), (0,), "graces")
    equal = ((5, 0), (0, 5), (0, 5), (2, 2))
    assert score_deal((12, 8), equal, 20) == ((19, 20), (1,), "graces")
    assert score_deal((13, 8), equal, 20) == ((20, 20), (1,), "graces")  # tricks side


def test_the_last_trick_scores_the_deal_and_can_end_the_game() -> None:
    state = midtrick((("0L",), ("5F",), ("3L",), ("4L",)), 1)
    side1 = ("1F", "2F", "3F", "4F", "6F", "7F", "8F")
    side0 = tuple(c for c in state.won[0] if c not in side1)
    state = replace(state, tricks=(6, 6), won=(side0, side1), scores=(10, 19))
    end = play(state, (1, "play 5F"), (2, "play 3L"), (3, "play 4L"), (0, "play 0L"))
    # side 0 saved John (15), then side 1's seventh trick takes it to 24 and ends the game
    # before its Faces (36 to 9) and grace are counted
    assert end.last_deal == ((5, 0, 0, 3), (0, 5, 5, 1)) and end.last_john == "saved"
    assert end.winners == (1,) and end.decided == "tricks" and end.scores == (15, 24)
    outcome = GAME.outcome(end)
    assert outcome is not None and outcome.winners == (1, 3)
    assert outcome.points == (15, 24, 15, 24) and "on tricks" in outcome.summary
    assert "over" in refusal(end, 1, "play 5F")
    assert GAME.legal_actions(end, 0) == [] and GAME.view(end, None)["decided"] == "tricks"
    assert "John Smith saved by seats 0 and 2." in GAME.view(end, 0)["scene"]["lines"]


# --- options, refusals, persistence, views -------------------------------------------------------


def test_options() -> None:
    assert GAME.options(None) == {"target": 20, "john_smith_faces_bonus": 5}
    state = GAME.new(4, 1, {"target": 40, "john_smith_faces_bonus": 6})
    assert (state.target, state.faces_bonus) == (40, 6)
    assert scored(state, won=(("9F",), ("8F",)), tricks=(7, 6))[2] == (6, 0)
    assert "40" in GAME.info.options[0].help
    with pytest.raises(IllegalAction):
        GAME.new(4, 1, {"john_smith_faces_bonus": 7})
    with pytest.raises(IllegalAction):
        GAME.new(4, 1, {"target": 0})


def test_illegal_plays_are_refused_with_a_sentence() -> None:
    state = GAME.new(4, 1, deck=deck_for({0: ["7E"], 1: ["7S", "3F"], 2: ["2S"]}))
    assert "not your turn" in refusal(state, 0, "play 7E")
    assert "do not hold" in refusal(state, 1, "play 7E")
    assert "'call'" in refusal(state, 1, "lead 7S")
    assert "Yankee Notion" in refusal(state, 1, "play 7X")
    assert "no seat" in refusal(state, 7, "play 7S")
    state = play(state, (1, "play 7s"))
    off = next(c for c in state.hands[2] if c[-1] != "S")
    assert refusal(state, 2, f"play {off}") == "You must follow suit: you hold a star."


def test_dump_and_load_round_trip_through_json() -> None:
    for state in ai_game(3)[::23]:
        assert GAME.load(json.loads(json.dumps(GAME.dump(state)))) == state


def test_a_seat_sees_its_own_hand_and_not_the_others() -> None:
    state = GAME.new(4, 9)
    view = GAME.view(state, 1)
    assert view["hand"] == list(state.hands[1]) and "john_side" not in view
    text = json.dumps(view, default=str)
    for s in (0, 2, 3):
        assert not any(f'"{c}"' in text for c in GAME.private_cards(state, s))
    seats = view["scene"]["seats"]
    assert [s["team"] for s in seats] == [0, 1, 0, 1]
    assert english(seats[0]["badge"]) == "dealer" and seats[1]["active"]


# --- the AI ------------------------------------------------------------------------------------


def test_the_ai_plays_legal_actions_to_the_end() -> None:
    calls = 0
    for seed in range(12):
        states = ai_game(seed, target=20 + 10 * (seed % 3))
        assert GAME.outcome(states[-1]) is not None
        calls += sum(1 for a, b in itertools.pairwise(states) if b.called > a.called)
    assert calls > 0


def ai_view(
    hand: list[str], trick: list[str], owners: list[int], **more: object
) -> dict[str, object]:
    """A seat's view as the AI reads it."""
    return {
        "hand": hand,
        "trick": trick,
        "trick_owners": owners,
        "players": [*owners, 0][:4] if len(owners) < 4 else owners,
        "trump": "E",
        "teams": [0, 1, 0, 1],
        "called": False,
        "played": [],
        **more,
    }


def test_the_ai_calls_when_it_may() -> None:
    view = ai_view(["1F", "9L", "8L"], [], [], players=[0, 1, 2, 3])
    assert POLICY.choose(view, 0, random.Random(0)) == "call"
    gone = {**view, "played": ["0F"]}
    assert POLICY.choose(gone, 0, random.Random(0)) != "call"


def test_the_ai_plays_sally_onto_john_and_john_when_safe() -> None:
    onto = ai_view(["1F", "2F"], ["5F", "0F"], [2, 3], players=[2, 3, 0, 1])
    assert POLICY.choose(onto, 0, random.Random(0)) == "play 1F"
    safe = ai_view(["0F", "2F"], ["5F"], [1], players=[1, 2, 3, 0], played=["1F"])
    assert POLICY.choose(safe, 2, random.Random(0)) == "play 0F"
    risky = {**safe, "played": []}
    assert POLICY.choose(risky, 2, random.Random(0)) == "play 2F"
    under_sally = ai_view(["0F", "2F"], ["1F"], [1], players=[1, 2, 3, 0])
    assert POLICY.choose(under_sally, 2, random.Random(0)) == "play 2F"
