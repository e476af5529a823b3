"""`StopsGame`: the game object every Stops game is, set by its `StopsRules` page.

RULES.md §10-§12 and the chip policy (§18). Actions: `deal` (the dealer's, where the
stakes are fixed or spread after the deal: until he deals, the deal has not begun),
`spread a b c d` (chips on each board card, in the board's order, adding up to the
stake), `exchange` or `keep` (the
Michigan dealer's widow), `bid N` or `pass` (the widow's auction), and `play C` (a lead:
the lowest card of a suit; the run that follows is forced and played with it). Each game
folder (`newmarket_1885`, `newmarket`, `michigan`) makes one with its page, its title and
options, and maps its options onto the family's settings in `settings`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.base import GameInfo, Outcome, View
from bot.games.cards import Pack, french_short, parse_card, stacked_deck
from bot.games.chips import Transfer
from bot.games.errors import IllegalAction
from bot.games.options import OptionValue
from bot.games.stakes import (
    StakesGame,
    at_table,
    check_seat,
    chip_outcome,
    depart,
    restack,
)
from bot.games.stops.flow import (
    AUCTION,
    DEAL,
    OVER,
    PLAY,
    STAKE,
    WIDOW,
    StopsState,
    board_close,
    dump_state,
    first_state,
    is_fresh,
    load_state,
    pack_of,
    reseat,
    unwind,
)
from bot.games.stops.page import StopsRules
from bot.games.stops.play import bid, deal, exchange, keep, lead, leads, pass_bid, spread
from bot.games.stops.rules import parse_spread, spreads
from bot.games.stops.view import ai_facts, announce_lead, facts

_USAGE = "Write 'play' and the card you lead, like 'play 3S'."
_WAIT = "wait until this one is over"
_DOING = {DEAL: "deals", STAKE: "spreads a stake", WIDOW: "decides on the widow", AUCTION: "bids"}
"""What the awaited seat is doing, by phase (a lead otherwise)."""
_WORDS = {
    "deal": "Deal",
    "exchange": "Exchange for the widow",
    "keep": "Keep my hand",
    "pass": "Pass",
}
"""The one-word actions in words."""


class StopsGame(StakesGame[StopsState]):
    """A Stops game for chips: its rules page, title and options make it one game."""

    def __init__(self, rules: StopsRules, info: GameInfo) -> None:
        self.rules = rules
        self.info = info
        self.pack_cards = pack_of(rules)

    def settings(self, opts: Mapping[str, OptionValue]) -> dict[str, Any]:
        """The family's settings from this game's options (each game maps its own)."""
        return {"rounds": opts["rounds"]}

    def new(
        self,
        seats: int,
        seed: int,
        options: Mapping[str, object] | None = None,
        deck: Sequence[str] | None = None,
        stacks: Sequence[int] | None = None,
    ) -> StopsState:
        """A new game: the draw for the first dealer, then its first deal (from `deck`,
        in the order it is dealt, when stacked)."""
        opts, chips = self.opening(seats, options, stacks)
        cards = None if deck is None else stacked_deck(deck, self.pack_cards, Pack.FRENCH)
        return first_state(self.rules, seats, seed, self.settings(opts), chips, cards)

    # -- the actions -------------------------------------------------------------------------

    def legal_actions(self, state: StopsState, seat: int) -> list[str]:
        """Every action the seat may take now, exactly as `apply` accepts it."""
        st = state
        if st.turn < 0 or seat != st.turn:
            return []
        if st.phase == DEAL:
            return ["deal"]
        if st.phase == STAKE:
            total = self.spread_total(st)
            return sorted(_spread_action(s) for s in spreads(total, len(self.rules.boodle)))
        if st.phase == WIDOW:
            return ["exchange", "keep"]
        if st.phase == AUCTION:
            top = st.stacks[seat]
            return sorted(["pass", *(f"bid {n}" for n in range(st.bid + 1, top + 1))])
        return sorted(f"play {c}" for c in leads(self.rules, st, seat))

    def spread_total(self, st: StopsState) -> int:
        """The chips the seat to stake spreads (before the dealer's doubling)."""
        return st.stake

    def apply(self, state: StopsState, seat: int, action: str) -> StopsState:
        """The state after the awaited seat's action, or the refusal saying what to do."""
        st = state
        self._check_turn(st, seat)
        if not isinstance(action, str) or len(action) > 64:
            raise IllegalAction(self._usage(st))
        words = action.split()
        if st.phase == DEAL:
            if action != "deal":
                raise IllegalAction(self._usage(st))
            return deal(self.rules, st)
        if st.phase == STAKE:
            if not words or words[0] != "spread":
                raise IllegalAction(self._usage(st))
            total = self.spread_total(st)
            amounts = parse_spread(" ".join(words[1:]), total, len(self.rules.boodle))
            return spread(self.rules, st, seat, amounts)
        if st.phase == WIDOW:
            if action == "exchange":
                return exchange(self.rules, st)
            if action == "keep":
                return keep(self.rules, st)
            raise IllegalAction(self._usage(st))
        if st.phase == AUCTION:
            return self._bid(st, seat, words)
        return self._lead(st, seat, words)

    def _bid(self, st: StopsState, seat: int, words: list[str]) -> StopsState:
        """A bid for the widow or a pass, checked."""
        if words == ["pass"]:
            return pass_bid(self.rules, st)
        if len(words) != 2 or words[0] != "bid" or not words[1].isdigit() or len(words[1]) > 9:
            raise IllegalAction(self._usage(st))
        amount = int(words[1])
        if amount <= st.bid:
            raise IllegalAction(f"Bid more than {st.bid}, or pass.")
        if amount > st.stacks[seat]:
            raise IllegalAction(f"You have {st.stacks[seat]} chips: bid no more, or pass.")
        return bid(self.rules, st, seat, amount)

    def _lead(self, st: StopsState, seat: int, words: list[str]) -> StopsState:
        """A lead, checked: a card the seat holds, the lowest of its suit (of a new suit
        after a Michigan stop)."""
        if len(words) != 2 or words[0] != "play":
            raise IllegalAction(_USAGE)
        card = parse_card(words[1], Pack.FRENCH)
        allowed = leads(self.rules, st, seat)
        if card not in st.hands[seat]:
            raise IllegalAction(f"You do not hold {card}: lead one of {_listed(allowed)}.")
        if card not in allowed:
            raise IllegalAction(
                f"Lead the lowest card of a suit{self._switch_words(st, seat)}: "
                f"one of {_listed(allowed)}."
            )
        return lead(self.rules, st, seat, card)

    def _switch_words(self, st: StopsState, seat: int) -> str:
        """' other than the one just stopped' when Michigan asks for a new suit and the
        seat holds one; else nothing."""
        if (
            self.rules.switch_suit
            and st.stopped
            and any(c[-1] != st.stopped[-1] for c in st.hands[seat])
        ):
            return " other than the one just stopped"
        return ""

    def _check_turn(self, st: StopsState, seat: int) -> None:
        """Refuse a seat that is not the one awaited, saying who is."""
        if st.phase == OVER:
            raise IllegalAction("The game is over: no more cards are played.")
        check_seat(seat, st.seats)
        if seat == st.turn:
            return
        if seat not in st.players:
            raise IllegalAction("You sit this deal out: you could not cover your stake.")
        doing = _DOING.get(st.phase, "leads")
        raise IllegalAction(f"It is not your turn: seat {st.turn} {doing}.")

    def _usage(self, st: StopsState) -> str:
        """What to write in the current phase."""
        if st.phase == DEAL:
            return "Write 'deal' to deal the cards."
        if st.phase == STAKE:
            n = len(self.rules.boodle)
            cards = " ".join(french_short(c) for c in self.rules.boodle)
            total = self.spread_total(st)
            return f"Write 'spread' and {n} numbers of chips for {cards}, adding up to {total}."
        if st.phase == WIDOW:
            return (
                "Write 'exchange' to take the widow, or 'keep' to keep your hand and offer "
                "the widow for sale."
            )
        if st.phase == AUCTION:
            return f"Write 'bid' and a number of chips above {st.bid}, or 'pass'."
        return _USAGE

    # -- what the seats see ------------------------------------------------------------------

    def view(self, state: StopsState, seat: int | None) -> View:
        """The table as the seat (or anyone, for None) may see it."""
        return facts(self, state, seat, scene=True)

    def ai_view(self, state: StopsState, seat: int) -> View:
        """What the AI decides from: the seat's own facts, without picture or words."""
        return ai_facts(self, state, seat)

    def outcome(self, state: StopsState) -> Outcome | None:
        """Once over: chips won or lost per seat."""
        return chip_outcome(state.stacks, state.basis) if state.phase == OVER else None

    def dump(self, state: StopsState) -> dict[str, Any]:
        """The state as JSON-safe data."""
        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> StopsState:
        """The state dumped by dump."""
        return load_state(data)

    def cards(self, state: StopsState) -> list[str]:
        """Every card of the deal: undealt, in hands, dead and played (the whole pack)."""
        st = state
        if st.phase == OVER:
            return list(self.pack_cards)
        held = [c for s in range(st.seats) for c in st.hands[s] + st.played[s]]
        return [*st.deck, *held, *st.spare]

    def private_cards(self, state: StopsState, seat: int) -> frozenset[str]:
        """The seat's own hand: nobody else may see it. The board cards' codes are left
        out: the board shows them all game long as cards of another pack, so the code of
        the board's A♠ tells nothing of who holds this pack's A♠. So are the codes of the
        last deal's final run, which every seat saw played (the view's story shows it)."""
        last = state.last.run if state.last is not None else ()
        return frozenset(state.hands[seat]).difference(self.rules.boodle, last)

    def deal_number(self, state: StopsState) -> int:
        """How many deals have been dealt; at least 1, as a game whose stacks cannot seat a
        first deal has still shuffled the cards of its draw for the first dealer."""
        return max(state.dealt, 1)

    def describe_action(self, action: str) -> str:
        """'play 3S' -> 'Lead 3♠', 'spread 1 1 1 1' -> 'Spread 1 1 1 1', 'bid 3' -> 'Bid 3'."""
        words = action.split()
        if len(words) == 2 and words[0] == "play" and len(words[1]) in (2, 3):
            try:
                return f"Lead {french_short(words[1].upper())}"
            except KeyError:
                return action.capitalize()
        if words and words[0] == "spread" and len(words) == len(self.rules.boodle) + 1:
            on = ", ".join(
                f"{n} on the {french_short(c)}"
                for n, c in zip(words[1:], self.rules.boodle, strict=False)
            )
            return f"Spread {on}"
        return _WORDS.get(action, action.capitalize())

    def announce(self, state: StopsState, seat: int, action: str) -> str:
        """As the table hears it: a lead with the run it starts and how it stops."""
        if state.phase == PLAY and action.startswith("play "):
            try:
                return announce_lead(self, state, seat, action.split()[1].upper())
            except (ValueError, IndexError):
                return self.describe_action(action)
        return self.describe_action(action)

    # -- chips -------------------------------------------------------------------------------

    def pot(self, state: StopsState) -> int:
        """The chips on the board and in the pool."""
        return sum(state.board) + state.pool

    def between_hands(self, state: StopsState) -> bool:
        """Whether the current deal has not begun: no card of it dealt, no chip moved."""
        return is_fresh(state)

    def adjust_stack(self, state: StopsState, seat: int, delta: int) -> StopsState:
        """A top-up or cash-out between deals; the waiting deal is seated again around it."""
        st = restack(state, seat, delta, is_fresh(state), _WAIT)
        return reseat(self.rules, st)

    def leave(self, state: StopsState, seat: int) -> StopsState:
        """The seat leaves for good between deals: its stack goes home, it is dealt no more
        and takes no share of the board left at the end."""
        st = depart(state, seat, is_fresh(state), _WAIT)
        return reseat(self.rules, st)

    def present(self, state: StopsState) -> tuple[bool, ...]:
        """Per seat, whether it is still at the table."""
        return at_table(state.seats, state.departed)

    def hand_refunds(self, state: StopsState) -> tuple[Transfer, ...]:
        """The current deal unwound: every stack back as the deal found it."""
        return unwind(state)

    def closing_transfers(self, state: StopsState, pot: int) -> tuple[Transfer, ...]:
        """Chips left on the board when the table closes, settled by the game's rule (by
        lot, or shared evenly among the seats still at the table)."""
        board = state.carried if state.phase != OVER else state.board
        if sum(board) != pot:
            board = (pot,)
        return board_close(state, board, 0, state.dealer)


def _spread_action(amounts: Sequence[int]) -> str:
    """'spread 1 0 2 1'."""
    return "spread " + " ".join(str(a) for a in amounts)


def _listed(cards: Sequence[str]) -> str:
    """'3♠, 9♥ or J♦'."""
    names = [french_short(c) for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


__all__ = ["StopsGame", "StopsState"]
