"""Black Joke (`black-joke`): a banking game of the Yankee Notion pack, played for chips.

Source: rules.md (the game and our reconstruction of its orders) and the chip policy (table
stakes; a bank that cannot cover pays in proportion). Options holding our choices:
`black_joke_no_zeros` (strip all five zeros, 45 cards: an even game), `max_rate` (the
highest rate a punter may choose) and `rounds` (each round every seat banks once).
Choices without an option: seat 0 banks first and the bank passes left every deal; every
deal reshuffles the whole pack; a seat with no chips sits the deal out, and a broke
banker's deal goes to the next seat on his left with chips; extra rounds go on while
somebody bought in the last one, each asking again every punter who ordered (a pass in one
round is not the end of his buying) but not one who cannot pay for another card, so every
round sells a card or ends the buying and every deal is finite (rules.md). The state
and the flow of a deal live in `flow.py`, the table picture in
`view.py`, and what every chip game does alike (stacks, top-ups, the result)
in `bot/games/stakes.py`; here are the game object, its actions and its views.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from bot.games.base import GameInfo, Outcome
from bot.games.cards import Pack
from bot.games.chips import Transfer, net_transfers
from bot.games.errors import IllegalAction
from bot.games.options import Option
from bot.games.rng import deal_commitment
from bot.games.rules_text import rules_page
from bot.games.stakes import (
    StakesGame,
    check_seat,
    chip_outcome,
    coverers,
    first_cards,
    restack,
)
from bot.games.state import Dumped, JsonDict
from bot.games.yankee.black_joke.flow import (
    EXTRA,
    ORDER,
    OVER,
    BlackJokeState,
    buy,
    evolve,
    first_deal,
    is_fresh,
    pack,
    pass_turn,
    seat_deal,
    status,
)
from bot.games.yankee.black_joke.store import dump_state, load_state, reveal
from bot.games.yankee.black_joke.view import BlackJokeView, table_scene
from bot.games.yankee.dealt import closing_facts, rounds_option, whole_number

__all__ = ["GAME", "BlackJoke", "BlackJokeState"]

KEY = "black-joke"
_MAX_ACTION_CHARS = 32
_COUNT = "number of cards"
_BUY = {
    ORDER: re.compile(r"buy ([1-9][0-9]*) ([1-9][0-9]*)"),
    EXTRA: re.compile(r"buy ([1-9][0-9]*)"),
}
_USAGE = {
    ORDER: "Write 'buy K R' to buy K cards at R chips each, or 'pass' to sit this deal out.",
    EXTRA: "Write 'buy K' to buy K more cards at your rate, or 'pass' to buy none this round.",
}


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


def _cards(n: int) -> str:
    return _count(n, "card")


def _number(text: str, what: str) -> int:
    """A count or rate typed in an action: plain digits, at least 1."""
    zero = "Buy at least one card." if what == _COUNT else "The rate is at least 1 chip a card."
    return whole_number(text, what, zero)


def _parse(action: object, phase: str) -> tuple[int, int] | None:
    """A buy as (cards, rate), rate 0 meaning the punter's own; None for a pass."""
    if action == "pass":
        return None
    if isinstance(action, str) and len(action) <= _MAX_ACTION_CHARS:
        # The common case in one regex match; anything else earns a precise sentence below.
        match = _BUY[phase].fullmatch(action)
        if match is not None:
            return int(match[1]), int(match[2]) if phase == ORDER else 0
    raise _refusal(action, phase)


def _refusal(action: object, phase: str) -> IllegalAction:
    """The sentence that says what is wrong with an action the fast path did not accept."""
    usage = IllegalAction(_USAGE[phase])
    if not isinstance(action, str) or len(action) > _MAX_ACTION_CHARS:
        return usage
    words = action.split(" ")
    if words[0] != "buy" or not 2 <= len(words) <= 3:
        return usage
    _number(words[1], _COUNT)  # raises the number's own sentence
    if phase == ORDER:
        if len(words) == 2:
            return IllegalAction("Name your rate too: 'buy 3 2' buys 3 cards at 2 chips each.")
        _number(words[2], "rate")
    elif len(words) == 3:
        return IllegalAction("Your rate is set for this deal: write 'buy K' to buy K more cards.")
    return usage


def _check_turn(st: BlackJokeState, seat: int) -> None:
    """Refuse a seat that is not the one awaited, saying why."""
    if st.phase == OVER:
        raise IllegalAction("The game is over: no more cards are sold.")
    check_seat(seat, st.seats)
    if seat == st.turn:
        return
    if seat == st.banker:
        raise IllegalAction("You hold the bank this deal: the punters buy from you.")
    if st.done[seat] and not st.rates[seat]:
        raise IllegalAction("You are out of this deal's buying: wait for the next deal.")
    raise IllegalAction(f"It is not your turn: seat {st.turn} is buying.")


def _check_buy(st: BlackJokeState, seat: int, count: int, rate: int) -> None:
    """Refuse a purchase the deck, the table's maximum or the punter's stack cannot allow."""
    if rate > st.max_rate:
        raise IllegalAction(
            f"The highest rate at this table is {_count(st.max_rate, 'chip')} a card."
        )
    left = len(st.deck)
    if count > left:
        raise IllegalAction(f"You can buy at most {_cards(left)}: that is all the deck has left.")
    cost, stack = count * rate, st.stacks[seat]
    if cost > stack:
        raise IllegalAction(
            f"You have {_count(stack, 'chip')}: {_cards(count)} at {rate} cost {cost}."
        )


RULES_TEXT = rules_page(__package__)
"""The rules as every front end shows them, from rules.md in this folder."""


class BlackJoke(StakesGame[BlackJokeState]):
    """Black Joke (rules.md): punters buy cards from a rotating bank; Faces pay."""

    info = GameInfo(
        key=KEY,
        title="Black Joke",
        family="chips",
        chips=True,
        min_seats=2,
        max_seats=10,
        options=(
            Option("black_joke_no_zeros", False, "Remove all five zeros: 45 cards, an even game."),
            Option(
                "max_rate",
                5,
                "The highest rate, in chips a card, a punter may choose.",
                minimum=1,
                maximum=100,
            ),
            rounds_option("banks"),
        ),
        source='Hoyle\'s Games (1857), as retold in "yankee notion cards"',
        summary="Buy cards from the bank at your own rate; every Face pays its number times it.",
        rules=RULES_TEXT,
        pack=Pack.YANKEE,
        # Per deal at most 51 rounds of at most 9 punters: the order round, then extra rounds
        # that each sell a card but the last (49 cards at most are left after the order).
        max_actions=10 * 51 * 9,
    )

    def new(
        self,
        seats: int,
        seed: int,
        options: Mapping[str, object] | None = None,
        deck: Sequence[str] | None = None,
        stacks: Sequence[int] | None = None,
    ) -> BlackJokeState:
        """A new game: the first deal shuffled (or stacked with `deck`) and seated."""
        opts, chips = self.opening(seats, options, stacks)
        no_zeros = bool(opts["black_joke_no_zeros"])
        first = first_cards(deck, pack(no_zeros), seed)
        limits = (int(opts["max_rate"]), int(opts["rounds"]) * seats)
        return first_deal(seats, seed, no_zeros, limits, chips, first)

    def legal_actions(self, state: BlackJokeState, seat: int) -> list[str]:
        """Every buy the seat can afford from the deck left, and pass, sorted."""
        if state.turn < 0 or seat != state.turn:
            return []
        stack, left = state.stacks[seat], len(state.deck)
        if state.phase == ORDER:
            top = min(state.max_rate, stack)
            acts = [
                f"buy {k} {r}"
                for r in range(1, top + 1)
                for k in range(1, min(left, stack // r) + 1)
            ]
        else:
            acts = [f"buy {k}" for k in range(1, min(left, stack // state.rates[seat]) + 1)]
        acts.append("pass")
        return sorted(acts)

    def apply(self, state: BlackJokeState, seat: int, action: str) -> BlackJokeState:
        """The state after the awaited punter buys or passes (settling the deal if it ends)."""
        _check_turn(state, seat)
        order = _parse(action, state.phase)
        if order is None:
            return pass_turn(state, seat)
        count, rate = order
        rate = rate or state.rates[seat]
        _check_buy(state, seat, count, rate)
        return buy(state, seat, count, rate)

    def view(self, state: BlackJokeState, seat: int | None) -> BlackJokeView:
        """The table as the seat sees it: stacks, rates, card counts, its own hand."""
        out = self._facts(state, seat)
        out["scene"] = table_scene(state, seat)
        return out

    def ai_view(self, state: BlackJokeState, seat: int) -> BlackJokeView:
        """The seat's view without the picture's scene (the same facts, cheaper)."""
        return self._facts(state, seat)

    def _facts(self, state: BlackJokeState, seat: int | None) -> BlackJokeView:
        st = state
        stacks, rates, hands, done = st.stacks, st.rates, st.hands, st.done
        out: BlackJokeView = {
            "game": KEY,
            "deal": st.started,
            "deals": st.deals,
            "banker": st.banker,
            "phase": st.phase,
            "turn": st.turn if st.turn >= 0 else None,
            "cards_left": len(st.deck),
            "max_rate": st.max_rate,
            "no_zeros": st.no_zeros,
            "seats": [
                {
                    "stack": stacks[s],
                    "rate": rates[s],
                    "cards": len(hands[s]),
                    "done": done[s],
                    "status": status(s, st.banker, stacks[s], rates[s], done[s]),
                }
                for s in range(st.seats)
            ],
            "commitment": deal_commitment(st.seed, st.started - 1) if st.started else None,
            "last_deal": reveal(st.last),
        }
        if seat is not None and 0 <= seat < st.seats:
            out["hand"] = list(st.hands[seat])
        if st.phase == OVER:
            closing_facts(out, st.seed, st.started, st.stacks)
        return out

    def outcome(self, state: BlackJokeState) -> Outcome | None:
        """Once over: each seat's chips won or lost, the biggest winners, the net transfers."""
        if state.phase != OVER:
            return None
        return chip_outcome(state.stacks, state.basis)

    def dump(self, state: BlackJokeState) -> JsonDict:
        """The state as JSON-safe data."""
        return dump_state(state)

    def load(self, data: Dumped) -> BlackJokeState:
        """The state dumped by dump."""
        return load_state(data)

    def cards(self, state: BlackJokeState) -> list[str]:
        """The deck and every hand: always the whole pack."""
        return [*state.deck, *(c for hand in state.hands for c in hand)]

    def private_cards(self, state: BlackJokeState, seat: int) -> frozenset[str]:
        """The seat's face-down cards, less any code that the last deal's reveal shows all."""
        # The last deal's turned-up hands name cards that may lie face down again now; by
        # the contract a code visible to others is not private. At the end all are seen.
        if state.phase == OVER:
            return frozenset()
        hidden = frozenset(state.hands[seat])
        if state.last is None:
            return hidden
        return hidden.difference(*state.last.hands)

    def deal_number(self, state: BlackJokeState) -> int:
        """How many deals have been started."""
        return state.started

    def describe_action(self, action: str) -> str:
        """'buy 3 2' -> 'Buy 3 cards at 2 chips each'; 'buy 2' -> 'Buy 2 more cards'."""
        words = action.split(" ")
        if words[0] != "buy" or not 2 <= len(words) <= 3 or not all(w.isdigit() for w in words[1:]):
            return action.capitalize()
        count = int(words[1])
        if len(words) == 2:
            return f"Buy {_cards(count).replace(' ', ' more ')}"
        return f"Buy {_cards(count)} at {_count(int(words[2]), 'chip')} each"

    def pot(self, state: BlackJokeState) -> int:
        """Always 0: in Black Joke every chip goes straight to the bank or a punter."""
        return 0

    def between_hands(self, state: BlackJokeState) -> bool:
        """Whether nobody has acted yet in the current deal, or the game is over."""
        return is_fresh(state)

    def adjust_stack(self, state: BlackJokeState, seat: int, delta: int) -> BlackJokeState:
        """A top-up or cash-out between deals; the waiting deal is seated again around it."""
        st = restack(state, seat, delta, is_fresh(state), "wait until this one is paid")
        if st.phase == OVER:
            return st
        if coverers(st.stacks, 1) < 2:  # fewer than two seats have chips
            return evolve(st, phase=OVER, turn=-1)
        return seat_deal(st)

    def hand_refunds(self, state: BlackJokeState) -> tuple[Transfer, ...]:
        """The bank gives back every wager of the current deal (nothing is paid out before)."""
        if state.phase == OVER:
            return ()
        back = {s: r * len(state.hands[s]) for s, r in enumerate(state.rates) if r}
        if not back:
            return ()
        back[state.banker] = -sum(back.values())
        return net_transfers(back, "refund")


GAME = BlackJoke()
