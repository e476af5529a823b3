"""The conformance suite (DESIGN.md "Testing" 1): every registered game, many seeds, every
seat count, played at random to the end with the game contract checked at every step.

Each case plays one whole game with seeded random legal actions (and, in a game that
offers them, now and then a seat's optional action out of turn). At every state it checks
who is awaited and their legal actions, the optional actions of the others, that actions
off the lists are refused without changing anything, the dump/load round trip, that no
view shows another seat's private cards, that cards (and, in chip games, chips) are
conserved, the outcome, and the AI; at the end, that the game ended within its bound and
that the same seed and actions replay the same states. PARLOUR_CONFORMANCE_SEEDS sets the
number of seeds: 3 by default, the fewest with which every game plays each of its seat
counts, and a chip game each kind of stacks (its default, short, uneven), the last seed
with a stacked deck too; `bench/bench_long_tests.py` plays 12 (a stacked deck every
fourth, with default stacks).

A game's `private_cards(state, t)` are the codes only seat t may see: a code that is also
visible to others (another copy of it face up, with several packs) must not be in it.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.games import ai, english, registry
from bot.games.base import ChipGame, Game, Outcome
from bot.games.cards import Pack, french_pack, yankee_pack
from bot.games.chips import POT, Transfer
from bot.games.errors import IllegalAction
from bot.games.messages import Message, strings_of
from bot.games.options import Option, OptionValue

SEEDS = int(os.environ.get("PARLOUR_CONFORMANCE_SEEDS", "3"))
SEAT_COUNTS_PER_SEED = 4
"""Each seed plays at most this many seat counts, taken round-robin so all are covered."""
ACTION = re.compile(r"[a-z][a-z-]*( \S+)*")
MAX_ACTION_CHARS = 32
GAMES = registry.all()
Chips = tuple[tuple[int, ...], int]


@dataclass(frozen=True, slots=True)
class Case:
    """One game to play: which, with how many seats, seed, options, stacks, stacked deck."""

    key: str
    seats: int
    seed: int
    options: tuple[tuple[str, OptionValue], ...] = ()
    stacks: tuple[int, ...] | None = None
    stacked: bool = False
    ai: bool = False
    """Every seat played by its AI (ai_move) rather than at random."""

    def __str__(self) -> str:
        extra = [f"{k}={v}" for k, v in self.options]
        extra += ["stacks=" + ",".join(map(str, self.stacks))] if self.stacks else []
        extra += ["stacked"] if self.stacked else []
        extra += ["ai"] if self.ai else []
        return "-".join([self.key, f"{self.seats}p", f"seed{self.seed}", *extra])


def seat_counts(game: Game[Any], seed: int) -> list[int]:
    """The seat counts one seed plays: all of them, or a rotating few when there are many."""
    counts = list(range(game.info.min_seats, game.info.max_seats + 1))
    if len(counts) <= SEAT_COUNTS_PER_SEED:
        return counts
    start = seed * SEAT_COUNTS_PER_SEED
    return sorted({counts[(start + j) % len(counts)] for j in range(SEAT_COUNTS_PER_SEED)})


def stacks_for(game: Game[Any], seats: int, seed: int) -> tuple[int, ...] | None:
    """Chip games vary their stacks by seed: the default, short ones, or uneven ones."""
    if not isinstance(game, ChipGame) or seed % 4 in (0, 3):
        return None
    rng = random.Random(f"stacks:{seed}:{seats}")
    top = 12 if seed % 4 == 1 else 300
    return tuple(rng.randint(1, top) for _ in range(seats))


def default_cases() -> Iterator[Case]:
    """Every game x SEEDS seeds x its seat counts, at default options."""
    for game in GAMES:
        for seed in range(SEEDS):
            for seats in seat_counts(game, seed):
                stacks = stacks_for(game, seats, seed)
                stacked = seed % 4 == 3 or (SEEDS < 4 and seed == SEEDS - 1)
                yield Case(game.info.key, seats, seed, (), stacks, stacked=stacked)


def test_the_seeds_play_every_seat_count_of_every_game() -> None:
    played: dict[str, set[int]] = {}
    for case in default_cases():
        played.setdefault(case.key, set()).add(case.seats)
    for game in GAMES:
        want = set(range(game.info.min_seats, game.info.max_seats + 1))
        assert played[game.info.key] == want, f"{game.info.key}: seat counts never played"


def option_values(option: Option) -> list[OptionValue]:
    """Values other than the default worth a game each (kept near the default's length)."""
    if option.choices:
        return [c for c in option.choices if c != option.default]
    if isinstance(option.default, bool):
        return [not option.default]
    if isinstance(option.default, int):
        near = [option.minimum, option.default + 1]
        return [v for v in dict.fromkeys(near) if v is not None and v != option.default]
    return []


OPTION_SEATS = 8 if SEEDS <= 4 else 99
"""The most seats an option's case plays in the suite (a twelve-seat Pip-Pip! of two
rotations is ten seconds); the long run (bench/bench_long_tests.py) plays every game's
most."""


def option_cases() -> Iterator[Case]:
    """Each non-default option value, at the fewest and the most seats (in the suite, at
    most `OPTION_SEATS`), two seeds."""
    for game in GAMES:
        low, high = (
            game.info.min_seats,
            min(game.info.max_seats, max(OPTION_SEATS, game.info.min_seats)),
        )
        for option in game.info.options:
            for value in option_values(option):
                for seed in (0, 1):
                    yield Case(game.info.key, (low, high)[seed], seed, ((option.name, value),))


AI_SEEDS = max(2, SEEDS // 2)
"""Seeds of the whole games the AI plays at each end of the seat range: 2 in the suite,
more with `PARLOUR_CONFORMANCE_SEEDS` (the long run in bench/bench_long_tests.py)."""


def ai_cases() -> Iterator[Case]:
    """Whole games played by the AI, at the fewest and the most seats."""
    for game in GAMES:
        for seed in range(AI_SEEDS):
            for seats in sorted({game.info.min_seats, game.info.max_seats}):
                yield Case(game.info.key, seats, seed, (), stacks_for(game, seats, seed), ai=True)


# -- checks on one state -------------------------------------------------------------------


def only_messages(value: object) -> object:
    """A view is JSON but for its words, which may be messages a front end translates."""
    if isinstance(value, Message):
        return value.text()
    raise TypeError(f"a view holds {type(value).__name__}, which is not JSON: {value!r}")


def strings_in(data: object) -> set[str]:
    """Every string in JSON data: values and keys, at any depth (walked with a stack and
    concrete types: under half the cost of nested generators and the Mapping test,
    which were about half of a twelve-seat game's checking)."""
    found: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, Message):
            found.update(strings_of(item))
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
        elif isinstance(item, dict):
            found.update(map(str, item))
            stack.extend(item.values())
    return found


def check_actions(game: Game[Any], state: Any, seats: int) -> None:
    """Awaited seats have sorted, distinct, short legal actions; the others have none, and
    optional actions only in a game declaring them (`out_of_turn`), as well formed."""
    awaiting = game.awaiting(state)
    assert isinstance(awaiting, frozenset)
    assert awaiting <= set(range(seats)), awaiting
    offering = [s for s in range(seats) if game.optional_actions(state, s)]
    assert game.offering(state, range(seats)) == offering  # a game's fast answer agrees
    for seat in range(seats):
        legal = game.legal_actions(state, seat)
        optional = game.optional_actions(state, seat)
        assert isinstance(legal, list) and isinstance(optional, list)
        assert game.actions_now(state, seat) == (legal or optional)
        if seat not in awaiting:
            assert legal == [], f"seat {seat} is not awaited but has {legal[:5]}"
            assert game.info.out_of_turn or optional == [], f"seat {seat} has {optional}"
            check_listed(game, seat, optional)
            continue
        assert optional == [], f"seat {seat} is awaited but has optional {optional[:5]}"
        assert legal, f"seat {seat} is awaited but has no legal action"
        check_listed(game, seat, legal)


def check_listed(game: Game[Any], seat: int, actions: list[str]) -> None:
    """A seat's list of actions is sorted and distinct, each short and well formed."""
    assert actions == sorted(set(actions)), f"seat {seat}: not sorted and distinct: {actions[:9]}"
    for action in actions:
        assert len(action) <= MAX_ACTION_CHARS, action
        assert ACTION.fullmatch(action), f"{action!r}: a verb, then words, one space apart"
        assert english(game.describe_action(action)).strip()


def check_round_trip(game: Game[Any], state: Any) -> dict[str, Any]:
    """dump is JSON and load(dump) is the same state; returns the dump."""
    data = game.dump(state)
    text = json.dumps(data, allow_nan=False)
    assert game.load(data) == state
    assert game.load(json.loads(text)) == state
    hash(state)  # a state is an immutable value
    return data


VIEWERS_PER_STATE = 6 if SEEDS < 4 else 99
"""The seats whose views are checked at each state, at most: the onlooker, the awaited
seats, and the others in turn from one state to the next (a twelve-seat game's thirteen
views at every state were most of the suite's longest tests; every seat is still
checked hundreds of times a game, and the long run checks every view of every state)."""


def viewers_of(game: Game[Any], state: Any, seats: int, turn: int) -> list[int | None]:
    """The viewers whose views are checked at the `turn`th state of a game."""
    if seats + 1 <= VIEWERS_PER_STATE:
        return [None, *range(seats)]
    awaited = sorted(game.awaiting(state))
    others = [s for s in range(seats) if s not in awaited]
    room = max(VIEWERS_PER_STATE - 1 - len(awaited), 1)
    start = (turn * room) % max(len(others), 1)
    rotating = [others[(start + j) % len(others)] for j in range(min(room, len(others)))]
    return [None, *awaited, *sorted(set(rotating))]


def check_views(game: Game[Any], state: Any, seats: int, turn: int = 0) -> None:
    """Views are JSON; no view shows a card private to another seat; a seat sees its own."""
    private = [game.private_cards(state, t) for t in range(seats)]
    for viewer in viewers_of(game, state, seats, turn):
        view = game.view(state, viewer)
        json.dumps(view, allow_nan=False, default=only_messages)
        shown = set(strings_in(view))
        own = frozenset() if viewer is None else private[viewer]
        for owner in range(seats):
            if owner == viewer:
                continue
            leaked = (private[owner] - own) & shown
            assert not leaked, f"view of {viewer} shows seat {owner}'s {sorted(leaked)}"
        assert own <= shown, f"seat {viewer}'s view lacks its own {sorted(own - shown)}"
        if viewer is not None:
            # the AI decides from a part of its seat's view, never from anything more
            for key, value in game.ai_view(state, viewer).items():
                assert view.get(key) == value, f"ai_view of {viewer} differs at {key!r}"


def settle(chips: Chips, transfers: Sequence[Transfer], seats: int) -> Chips:
    """Stacks and pot after the transfers, each checked to be well formed."""
    stacks, pot = list(chips[0]), chips[1]
    for t in transfers:
        assert isinstance(t, Transfer)
        assert type(t.amount) is int, t
        assert t.amount > 0, t
        assert t.src != t.dst, t
        assert t.src in (*range(seats), POT), t
        assert t.dst in (*range(seats), POT), t
        assert t.reason.strip(), t
        for party, change in ((t.src, -t.amount), (t.dst, t.amount)):
            if party == POT:
                pot += change
            else:
                stacks[party] += change
    return tuple(stacks), pot


def chips_of(game: ChipGame[Any], state: Any) -> Chips:
    """The stacks and the pot, checked non-negative."""
    stacks, pot = tuple(game.stacks(state)), game.pot(state)
    assert min(stacks, default=0) >= 0, stacks
    assert pot >= 0, pot
    return stacks, pot


# -- the play-through ------------------------------------------------------------------------


@dataclass(slots=True)
class Play:
    """One game being played through and checked."""

    game: Game[Any]
    case: Case
    rng: random.Random
    states: list[Any] = field(default_factory=list)
    moves: list[tuple[int, str]] = field(default_factory=list)
    start: Chips = ((), 0)
    hand_start: Chips = ((), 0)
    optional_taken: int = 0

    def new(self) -> Any:
        """The case's new game."""
        c = self.case
        deck = self.stacked_deck() if c.stacked else None
        return self.game.new(c.seats, c.seed, dict(c.options), deck=deck, stacks=c.stacks)

    def stacked_deck(self) -> list[str]:
        """The game's own cards in an order this case shuffles."""
        c = self.case
        cards = self.game.cards(self.game.new(c.seats, c.seed, dict(c.options), stacks=c.stacks))
        return random.Random(f"deck:{c}").sample(cards, len(cards))

    def check(self, state: Any) -> dict[str, Any]:
        """Every per-state check; returns the state's dump."""
        game, seats = self.game, self.case.seats
        check_actions(game, state, seats)
        data = check_round_trip(game, state)
        check_views(game, state, seats, len(self.states))
        assert sorted(game.cards(state)) == sorted(game.cards(self.states[0]))
        assert game.deal_number(state) >= 1
        outcome = game.outcome(state)
        assert game.is_over(state) == (not game.awaiting(state))
        if game.awaiting(state):
            assert outcome is None
        else:
            assert isinstance(outcome, Outcome)
        return data

    def check_chips(self, before: Chips, state: Any) -> None:
        """Chips conserved, moved only by last_transfers; refunds and stack changes sound."""
        assert isinstance(self.game, ChipGame)
        game, seats = self.game, self.case.seats
        now = chips_of(game, state)
        assert sum(now[0]) + now[1] == sum(self.start[0]), "chips created or destroyed"
        assert settle(before, game.last_transfers(state), seats) == now
        refunds = game.hand_refunds(state)
        if game.between_hands(state):
            assert refunds == ()
            self.hand_start = now
        assert settle(now, refunds, seats) == self.hand_start, "refunds do not unwind the hand"
        self.check_adjust(state, now)

    def check_adjust(self, state: Any, now: Chips) -> None:
        """Stacks change by adjust_stack between hands only, and never below zero."""
        assert isinstance(self.game, ChipGame)
        game, seat = self.game, self.rng.randrange(self.case.seats)
        before = game.dump(state)
        if not game.between_hands(state):
            with pytest.raises(IllegalAction):
                game.adjust_stack(state, seat, 5)
        else:
            topped = game.adjust_stack(state, seat, 5)
            stacks = list(now[0])
            stacks[seat] += 5
            assert chips_of(game, topped) == (tuple(stacks), now[1])
            with pytest.raises(IllegalAction):
                game.adjust_stack(state, seat, -now[0][seat] - 1)
        assert game.dump(state) == before

    def refuse(self, state: Any, data: dict[str, Any], seat: int, action: str) -> None:
        """The action is refused with a reason, and the state is unchanged."""
        with pytest.raises(IllegalAction) as refused:
            self.game.apply(state, seat, action)
        assert refused.value.reason.strip(), f"{action!r} refused without a reason"
        assert self.game.dump(state) == data, f"refusing {action!r} changed the state"

    def check_refusals(self, state: Any, data: dict[str, Any], seat: int) -> None:
        """Actions off the seat's list, and its actions played by a seat not awaited."""
        game, seats = self.game, self.case.seats
        legal = game.legal_actions(state, seat)
        offs = ["nonsense", "play ZZ", "", "pass pass", legal[-1] + " 1"]
        near = mutations(legal, game.cards(state), self.rng)
        offs += self.rng.sample(near, k=min(2, len(near)))
        for action in offs:
            if action not in legal:
                self.refuse(state, data, seat, action)
        idle = sorted(set(range(seats)) - game.awaiting(state))
        if idle:
            other = self.rng.choice(idle)
            own = game.optional_actions(state, other)
            self.refuse(state, data, other, self.rng.choice([a for a in legal if a not in own]))
            if game.info.out_of_turn:
                self.check_optional_refusals(state, data, other, idle)

    def check_optional_refusals(
        self, state: Any, data: dict[str, Any], seat: int, idle: list[int]
    ) -> None:
        """A seat not awaited is refused every optional action not listed for it: the
        other idle seats' and near misses of its own."""
        game = self.game
        own = game.optional_actions(state, seat)
        theirs = {a for s in idle for a in game.optional_actions(state, s)}
        near = mutations(own, game.cards(state), self.rng) if own else []
        for action in sorted(theirs.union(near) - set(own)):
            self.refuse(state, data, seat, action)

    def optional_move(self, state: Any) -> tuple[int, str] | None:
        """Now and then (always, for the AI's play, when its AI takes one) an optional
        action of a seat not awaited, which must change no seat's turn; else None."""
        game = self.game
        idle = sorted(set(range(self.case.seats)) - game.awaiting(state))
        if self.case.ai:
            found = ai.ai_optional_moves(game, state, idle, random.Random(self.rng.random()))
            if found is None:
                return None
            seat, action, _after = found
            assert action in game.optional_actions(state, seat)
        else:
            offers = [(s, a) for s in idle for a in game.optional_actions(state, s)]
            if not offers or self.rng.random() < 0.5:
                return None
            seat, action = self.rng.choice(offers)
        assert game.awaiting(game.apply(state, seat, action)) == game.awaiting(state)
        return seat, action

    def check_ai(self, state: Any, seat: int) -> str:
        """The game's AI chooses a legal action, and ai_move applies one; returns it."""
        game, legal = self.game, self.game.legal_actions(state, seat)
        policy = ai.policy_for(game.info.key)
        if policy is not None:
            chosen = policy.choose(game.view(state, seat), seat, random.Random(self.rng.random()))
            assert chosen in legal, f"the AI of seat {seat} chose {chosen!r}, not legal"
        action, after = ai.ai_move(game, state, seat, random.Random(self.rng.random()))
        assert action in legal
        assert after == game.apply(state, seat, action)
        return action

    def run(self, bound: int) -> Any:
        """Play to the end, checking everything; returns the final state."""
        game = self.game
        state = self.new()
        assert self.new() == state, "new() with the same seed gave a different state"
        self.states.append(state)
        if self.case.stacked:
            assert sorted(game.cards(state)) == sorted(self.stacked_deck())
        if isinstance(game, ChipGame):
            self.start = self.starting_chips(game, state)
            self.hand_start = self.start
            self.check_chips(self.start, state)
        while game.awaiting(state):
            assert len(self.moves) < bound, f"no end after {bound} actions"
            data = self.check(state)
            awaiting = sorted(game.awaiting(state))
            ai_actions = [self.check_ai(state, seat) for seat in awaiting]
            i = self.rng.randrange(len(awaiting))
            seat = awaiting[i]
            self.check_refusals(state, data, seat)
            action = (
                ai_actions[i] if self.case.ai else pick(game.legal_actions(state, seat), self.rng)
            )
            optional = self.optional_move(state) if game.info.out_of_turn else None
            if optional is not None:
                seat, action = optional
                self.optional_taken += 1
            after = game.apply(state, seat, action)
            assert game.dump(state) == data, "apply changed the state it was given"
            self.moves.append((seat, action))
            self.states.append(after)
            if isinstance(game, ChipGame):
                self.check_chips(chips_of(game, state), after)
            # Play on from the reloaded state, so a loaded state must play like the original.
            state = game.load(json.loads(json.dumps(game.dump(after))))
        self.check(state)
        return state

    def starting_chips(self, game: ChipGame[Any], state: Any) -> Chips:
        """What the seats brought: the given stacks, before anything the new game moved."""
        seats = self.case.seats
        moved = game.last_transfers(state)
        undone = [Transfer(t.dst, t.src, t.amount, t.reason) for t in moved]
        start = settle(chips_of(game, state), undone, seats)
        assert start[1] == 0, "a new game starts with an empty pot"
        if self.case.stacks is not None:
            assert start[0] == self.case.stacks
        return start

    def check_end(self, state: Any) -> None:
        """Nothing more is accepted, and the outcome adds up."""
        game, seats = self.game, self.case.seats
        for seat in range(seats):
            assert game.legal_actions(state, seat) == []
            for action in sorted({"pass", *(a for _, a in self.moves[-3:])}):
                with pytest.raises(IllegalAction):
                    game.apply(state, seat, action)
        outcome = game.outcome(state)
        assert isinstance(outcome, Outcome)
        assert len(outcome.points) == seats
        assert all(type(p) is int for p in outcome.points)
        assert len(set(outcome.winners)) == len(outcome.winners)
        assert set(outcome.winners) <= set(range(seats))
        assert outcome.summary.strip()
        if isinstance(game, ChipGame):
            final = chips_of(game, state)
            gains = tuple(f - s for f, s in zip(final[0], self.start[0], strict=True))
            assert outcome.points == gains
            assert sum(outcome.points) == 0
            assert all(POT not in (t.src, t.dst) for t in outcome.transfers)
            assert settle((self.start[0], 0), outcome.transfers, seats) == (final[0], 0)

    def check_replay(self) -> None:
        """The same seed and the same actions give the same states."""
        state = self.new()
        assert state == self.states[0]
        for i, (seat, action) in enumerate(self.moves, start=1):
            state = self.game.apply(state, seat, action)
            assert state == self.states[i], f"replay differs after action {i}: {action!r}"


def pick(legal: list[str], rng: random.Random) -> str:
    """A random legal action; half the time a random verb first, so that a verb with few
    actions ('pass') is not drowned by one with many ('buy 3 2')."""
    if rng.random() < 0.5:
        return rng.choice(legal)
    verb = rng.choice(sorted({a.split(" ")[0] for a in legal}))
    return rng.choice([a for a in legal if a.split(" ")[0] == verb])


def mutations(legal: list[str], cards: list[str], rng: random.Random) -> list[str]:
    """Near misses of legal actions: a number or card changed, a word added or dropped."""
    out = []
    for action in rng.sample(legal, k=min(3, len(legal))):
        words = action.split(" ")
        out += ["zap " + " ".join(words[1:]), " ".join(words[:-1]), action + " " + words[-1]]
        for i, word in enumerate(words[1:], start=1):
            if word.isdigit():
                swaps = [str(int(word) + d) for d in (1, -1, 7, 1000)]
            elif word in cards:
                swaps = rng.sample(sorted(set(cards) - {word}), k=min(3, len(set(cards)) - 1))
            else:
                continue
            out += [" ".join([*words[:i], swap, *words[i + 1 :]]) for swap in swaps]
    return [m for m in out if m not in legal] or ["zap"]


# -- the tests -------------------------------------------------------------------------------


def game_id(game: Game[Any]) -> str:
    """A game's key, as the test id."""
    return game.info.key


@pytest.mark.parametrize("case", list(default_cases()), ids=str)
def test_random_play_keeps_the_contract(case: Case) -> None:
    game = registry.get(case.key)
    play = Play(game, case, random.Random(f"play:{case}"))
    end = play.run(bound=game.info.max_actions)
    assert len(play.moves) <= game.info.max_actions
    play.check_end(end)
    play.check_replay()


@pytest.mark.parametrize("case", list(ai_cases()), ids=str)
def test_play_by_the_ai_keeps_the_contract(case: Case) -> None:
    game = registry.get(case.key)
    play = Play(game, case, random.Random(f"play:{case}"))
    end = play.run(bound=game.info.max_actions)
    play.check_end(end)
    play.check_replay()


@pytest.mark.parametrize("case", list(option_cases()), ids=str)
def test_random_play_with_each_option_keeps_the_contract(case: Case) -> None:
    game = registry.get(case.key)
    play = Play(game, case, random.Random(f"play:{case}"))
    # max_actions bounds a game at default options; these stay near them.
    play.check_end(play.run(bound=10 * game.info.max_actions))
    play.check_replay()


@pytest.mark.parametrize("game", [g for g in GAMES if g.info.out_of_turn], ids=game_id)
def test_optional_actions_are_taken_in_play(game: Game[Any]) -> None:
    # At random and by the AI, a game offering optional actions sees some taken.
    for ai_play in (False, True):
        case = Case(game.info.key, game.info.min_seats, 0, ai=ai_play)
        play = Play(game, case, random.Random(f"optional:{case}"))
        play.check_end(play.run(bound=game.info.max_actions))
        assert play.optional_taken > 0, f"{case}: no optional action taken"
        play.check_replay()
    # A person passes on them in the game's words, which fit on a button.
    words = game.info.decline_words
    assert 0 < len(words) <= 40 and words == words.strip() and words[0].isupper()


@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_unknown_option_is_refused(game: Game[Any]) -> None:
    with pytest.raises(IllegalAction, match="no_such_option"):
        game.new(game.info.min_seats, 1, {"no_such_option": True})


def bad_values(option: Option) -> list[object]:
    """Values the option must refuse."""
    if option.choices:
        return [v for v in ("no-such-choice", 10**9, -(10**9)) if v not in option.choices]
    if isinstance(option.default, bool):
        return ["maybe", 7]
    if isinstance(option.default, int):
        wrong = ["many", 2.5]
        wrong += [option.minimum - 1] if option.minimum is not None else []
        return wrong + ([option.maximum + 1] if option.maximum is not None else [])
    return []


@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_bad_option_values_are_refused(game: Game[Any]) -> None:
    for option in game.info.options:
        for value in bad_values(option):
            with pytest.raises(IllegalAction, match=option.name):
                game.new(game.info.min_seats, 1, {option.name: value})


@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_bad_seat_counts_are_refused(game: Game[Any]) -> None:
    for seats in (game.info.min_seats - 1, game.info.max_seats + 1, 0, -1):
        with pytest.raises(IllegalAction) as refused:
            game.new(seats, 1)
        assert str(game.info.min_seats) in refused.value.reason


@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_a_stacked_deck_must_be_the_game_s_own_pack(game: Game[Any]) -> None:
    seats = game.info.min_seats
    own = game.cards(game.new(seats, 3))
    other = yankee_pack() if game.info.pack is Pack.FRENCH else french_pack()
    wrong = [
        list(other),
        own[1:],
        [own[0], *own],
        [own[1], *own[1:]],
        [*own[:-1], "ZZ"],
        [],
    ]
    for deck in wrong:
        with pytest.raises(IllegalAction):
            game.new(seats, 3, deck=deck)
    shuffled = random.Random(3).sample(own, len(own))
    assert sorted(game.cards(game.new(seats, 3, deck=shuffled))) == sorted(own)
    # A stacked deck is typed like any card: lower case, T for ten, spaces around.
    typed = [f" {c.lower().replace('10', 't')} " for c in shuffled]
    assert game.new(seats, 3, deck=typed) == game.new(seats, 3, deck=shuffled)


@pytest.mark.parametrize("game", [g for g in GAMES if isinstance(g, ChipGame)], ids=game_id)
def test_bad_stacks_are_refused(game: ChipGame[Any]) -> None:
    seats = game.info.min_seats
    for stacks in ([50] * (seats + 1), [50] * (seats - 1), [50] * (seats - 1) + [-1]):
        with pytest.raises(IllegalAction):
            game.new(seats, 1, stacks=stacks)


def test_the_views_checked_cover_every_seat_over_a_few_states() -> None:
    game = registry.get("pip-pip")
    state = game.new(12, 0, {})
    seen: set[int | None] = set()
    for turn in range(12):
        viewers = viewers_of(game, state, 12, turn)
        assert None in viewers and set(game.awaiting(state)) <= set(viewers)
        assert len(viewers) <= max(VIEWERS_PER_STATE, 2 + len(game.awaiting(state)))
        seen.update(viewers)
    assert seen == {None, *range(12)}
    assert viewers_of(game, game.new(3, 0, {}), 3, 5) == [None, 0, 1, 2]
