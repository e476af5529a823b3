"""The Black Joke AI: always legal, within its stack and the bank's cover, and blind to
everything but its own view (and, in its purchases, to its own cards)."""

from __future__ import annotations

import copy
import random

from bot.games.ai import ai_move, policy_for
from bot.games.cards import yankee_pack
from bot.games.yankee.black_joke.ai import POLICY, cover_share, likely_payout
from bot.games.yankee.black_joke.game import GAME, BlackJokeState

PACK = yankee_pack()


def random_game(rng: random.Random, seed: int) -> BlackJokeState:
    """A game with a random table: seats, options, and stacks from broke to rich."""
    seats = rng.randint(2, 10)
    options = {
        "black_joke_no_zeros": rng.random() < 0.3,
        "max_rate": rng.choice((1, 2, 5, 20, 100)),
        "rounds": rng.randint(1, 3),
    }
    stacks = [rng.choice((0, 1, 3, 10, 40, 100, 500, 5000)) for _ in range(seats)]
    return GAME.new(seats, seed, options=options, stacks=stacks)


def check_choice(state: BlackJokeState, seat: int, action: str) -> None:
    """A buy the AI makes is affordable, within the table's rate and the bank's cover."""
    if action == "pass":
        return
    view = GAME.view(state, seat)
    me = view["seats"][seat]
    words = action.split()
    count = int(words[1])
    rate = int(words[2]) if len(words) == 3 else me["rate"]
    assert 1 <= rate <= view["max_rate"]
    assert 1 <= count <= view["cards_left"]
    assert count * rate <= me["stack"]
    assert likely_payout(me["cards"] + count, rate) <= cover_share(view)


def test_the_ai_is_registered() -> None:
    assert policy_for("black-joke") is POLICY


def test_the_ai_always_plays_legally_within_its_means_and_the_bank_s() -> None:
    rng = random.Random(1)
    games = buys = 0
    for seed in range(300):
        state = random_game(rng, seed)
        games += 1
        while GAME.awaiting(state):
            (seat,) = GAME.awaiting(state)
            assert seat != state.banker  # the bank never decides: the AI plays both roles
            action = POLICY.choose(GAME.view(state, seat), seat, rng)
            check_choice(state, seat, action)
            buys += action != "pass"
            state = GAME.apply(state, seat, action)  # raises if the AI were ever illegal
        assert GAME.outcome(state) is not None
    assert games == 300
    assert buys > 1000


def test_ai_move_accepts_the_policy_s_choice() -> None:
    state = GAME.new(4, 2)
    for _ in range(40):
        if not GAME.awaiting(state):
            break
        (seat,) = GAME.awaiting(state)
        expected = POLICY.choose(GAME.view(state, seat), seat, random.Random(7))
        action, state = ai_move(GAME, state, seat, random.Random(7))
        assert action == expected


def test_the_ai_buys_a_handful_then_passes() -> None:
    state = GAME.new(2, 3)
    rng = random.Random(3)
    actions = []
    while GAME.deal_number(state) == 1:
        action = POLICY.choose(GAME.view(state, 1), 1, rng)
        actions.append(action)
        state = GAME.apply(state, 1, action)
    assert actions[0].startswith("buy ")
    assert actions[-1] == "pass"
    assert len(actions) <= 3
    assert state.last is not None
    assert 1 <= len(state.last.hands[1]) <= 8


def test_the_ai_will_not_bet_on_a_bank_that_cannot_pay() -> None:
    state = GAME.new(3, 4, stacks=[3, 100, 100])
    assert POLICY.choose(GAME.view(state, 1), 1, random.Random(4)) == "pass"
    rich = GAME.new(3, 4, stacks=[1000, 100, 100])
    assert POLICY.choose(GAME.view(rich, 1), 1, random.Random(4)) != "pass"


def test_the_ai_uses_only_the_view() -> None:
    # Two deals that differ in every hidden card: the seat's view is the same, so is its move.
    deck_a = tuple(PACK)
    deck_b = (*PACK[:3], *reversed(PACK[3:]))
    state_a = GAME.apply(GAME.new(3, 5, deck=deck_a), 1, "buy 3 2")
    state_b = GAME.apply(GAME.new(3, 5, deck=deck_b), 1, "buy 3 2")
    state_a, state_b = (GAME.apply(s, 2, "buy 4 1") for s in (state_a, state_b))
    assert state_a != state_b
    view = GAME.view(state_a, 1)
    assert view == GAME.view(state_b, 1)
    for seed in range(20):
        first = POLICY.choose(GAME.view(state_a, 1), 1, random.Random(seed))
        assert first == POLICY.choose(GAME.view(state_b, 1), 1, random.Random(seed))
    frozen = copy.deepcopy(view)
    POLICY.choose(view, 1, random.Random(0))
    assert view == frozen  # and leaves it as it found it


def test_the_ai_does_not_count_its_cards() -> None:
    # The same table with a hand full of Faces or with a black joke: the same purchases.
    black = ["0L", "1L", "2L", "3L"]
    faces = GAME.apply(GAME.new(2, 6, deck=PACK), 1, "buy 4 1")  # 0F 1F 2F 3F
    deck = [*black, *(c for c in PACK if c not in black)]
    blanks = GAME.apply(GAME.new(2, 6, deck=deck), 1, "buy 4 1")
    assert GAME.view(faces, 1)["hand"] != GAME.view(blanks, 1)["hand"]
    for seed in range(20):
        a = POLICY.choose(GAME.view(faces, 1), 1, random.Random(seed))
        assert a == POLICY.choose(GAME.view(blanks, 1), 1, random.Random(seed))
