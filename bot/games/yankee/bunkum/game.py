"""Bunkum (`bunkum`): buy reserve cards blind, lay aside fifteens, lowest total wins.

Source: rules.md (the game and our reconstruction of its deal, auction, fifteens
and tie-break) and the chip policy (table stakes; a difference bigger than a stack is paid in
proportion). Options holding our choices: `ante` (chips each player puts in the pot per
deal), `rate` (chips per point of difference), `bunkum_split_ties` (tied lowest totals
share the pot and the differences instead of the tie-break) and `rounds` (each round
every seat deals once).

Choices without an option: seat 0 deals first and the deal passes left one seat a hand, to
the first seat after the last dealer that is dealt in; a deal begins with the dealer's
action 'deal', by which the antes go in and then the cards are dealt (until then a stack may
change or a seat leave at once; after it, at the showdown); every deal reshuffles the whole
pack; the schedule of §6.2 follows the number of players dealt in (a seat that cannot cover
the ante sits the deal out); elder hand opens the auction of every reserve card, and bidding
goes clockwise among the seats still in; a seat whose stack cannot top the standing bid (or
who has no chips) may only pass; the unsold reserve stays face down (never revealed); the
fifteens are laid aside for every player automatically (the most batches, then the fewest
cards, `bot/games/yankee/fifteens.py`); no side bets. With split ties, the pot is shared by
`split_evenly` among the tied players in rotation from elder (odd chips to the earliest),
and each loser's difference x rate is shared the same way among them, each share a debt paid
under the chip policy. The state and flow live in `flow.py`, the table picture in `view.py`,
and what every chip game does alike in `bot/games/stakes.py`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from bot.games.base import GameInfo
from bot.games.cards import Pack
from bot.games.errors import IllegalAction
from bot.games.options import Option
from bot.games.rng import deal_commitment
from bot.games.rules_text import rules_page
from bot.games.stakes import (
    chips,
    first_cards,
)
from bot.games.yankee.bunkum.auction import bid, deal_out, pass_card
from bot.games.yankee.bunkum.flow import (
    PACK,
    BunkumState,
    LastDeal,
    first_deal,
    reseat,
    reveal,
    to_deal,
)
from bot.games.yankee.bunkum.view import BunkumView, table_scene
from bot.games.yankee.dealt import DealtGame, awaited, closing_facts, rounds_option

__all__ = ["GAME", "Bunkum", "BunkumState"]

KEY = "bunkum"
_BID = re.compile(r"bid ([1-9][0-9]{0,8})")
_USAGE = "Write 'bid N' to bid N chips for the reserve card, or 'pass'."


def purse(st: BunkumState, seat: int) -> int:
    """What a seat can bid with: its stack, less its ante while the deal waits for it."""
    return st.stacks[seat] - (0 if st.anted or not st.playing[seat] else st.ante)


def _parse(action: object) -> int | None:
    """A bid's amount, or None for a pass; IllegalAction saying what to write otherwise."""
    if action == "pass":
        return None
    if isinstance(action, str):
        match = _BID.fullmatch(action)
        if match is not None:
            return int(match[1])
        words = action.split(" ")
        if words[0] == "bid" and len(words) == 2:
            text = words[1]
            if not (text.isascii() and text.isdigit()):
                raise IllegalAction(
                    f"Write the bid as a whole number of chips, like 3: '{text}' is not one."
                )
            if int(text) == 0:
                raise IllegalAction("The lowest bid is 1 chip: bid 1 or more, or pass.")
            if text[0] == "0":
                raise IllegalAction(f"Write the bid without leading zeros, like {int(text)}.")
        if words[0] == "bid" and len(words) == 1:
            raise IllegalAction("Say how many chips you bid: 'bid 3' bids 3 chips.")
    raise IllegalAction(_USAGE)


def _check_turn(st: BunkumState, seat: int) -> None:
    """Refuse a seat that is not the one awaited, saying why."""
    if awaited(st, seat, "The game is over: no more reserve cards are sold."):
        return
    if not st.playing[seat]:
        raise IllegalAction("You sit this deal out (you could not cover the ante): wait.")
    if to_deal(st):
        raise IllegalAction(f"It is not your turn: seat {st.turn} deals.")
    if st.passed[seat]:
        raise IllegalAction("You have passed on this card: wait for the next reserve card.")
    raise IllegalAction(f"It is not your turn: seat {st.turn} is bidding.")


def _check_bid(st: BunkumState, seat: int, amount: int) -> None:
    """Refuse a bid that does not top the standing bid or that the seat cannot pay."""
    if amount <= st.bid:
        raise IllegalAction(
            f"Bid more than the standing bid of {chips(st.bid)} (seat {st.bidder}'s): "
            f"at least {st.bid + 1}, or pass."
        )
    have = purse(st, seat)
    if amount > have:
        if have <= st.bid:
            raise IllegalAction(f"You have {chips(have)}: you cannot top {st.bid}, so pass.")
        raise IllegalAction(f"You have only {chips(have)}: bid {have} or less, or pass.")


def _phase(st: BunkumState) -> str:
    """'deal' while the dealer's deal is awaited, 'auction' after it, 'over' at the end."""
    return "over" if st.turn < 0 else ("deal" if to_deal(st) else "auction")


RULES_TEXT = rules_page(__package__)
"""The rules as every front end shows them, from rules.md in this folder."""


class Bunkum(DealtGame[BunkumState]):
    """Bunkum (rules.md): auctioned blind reserve cards; fifteens; lowest total wins."""

    state_type = BunkumState
    last_type = LastDeal
    wait = "wait for the showdown"
    to_deal = staticmethod(to_deal)
    deal_out = staticmethod(deal_out)
    reseat = staticmethod(reseat)

    info = GameInfo(
        key=KEY,
        title="Bunkum",
        family="chips",
        chips=True,
        min_seats=2,
        max_seats=4,
        options=(
            Option(
                "ante", 1, "Chips each player puts in the pot every deal.", minimum=1, maximum=100
            ),
            Option(
                "rate",
                1,
                "Chips paid per point of difference at the showdown.",
                minimum=1,
                maximum=100,
            ),
            Option(
                "bunkum_split_ties",
                False,
                "Tied lowest totals share the pot and the differences (no tie-break).",
            ),
            rounds_option(),
        ),
        source='Hoyle\'s Games (1857), as retold in "yankee notion cards"',
        summary="Bid blind for reserve cards, lay aside fifteens; the lowest total wins.",
        rules=RULES_TEXT,
        pack=Pack.YANKEE,
        # At default stacks (100 a seat) no bid exceeds the 400 chips on a 4-seat table, and
        # bids rise: a card's auction is at most 400 bids and 4 passes; 4 deals of 5 cards.
        max_actions=4 * 5 * (400 + 4),
    )

    def new(
        self,
        seats: int,
        seed: int,
        options: Mapping[str, object] | None = None,
        deck: Sequence[str] | None = None,
        stacks: Sequence[int] | None = None,
    ) -> BunkumState:
        """A new game: the first deal shuffled (or stacked with `deck`), dealt and seated."""
        opts, chips_in = self.opening(seats, options, stacks)
        settings = (
            int(opts["ante"]),
            int(opts["rate"]),
            bool(opts["bunkum_split_ties"]),
            int(opts["rounds"]) * seats,
        )
        return first_deal(seats, seed, settings, chips_in, first_cards(deck, PACK, seed))

    def check_turn(self, state: BunkumState, seat: int, action: object) -> None:
        """Refuse a seat that is not the one awaited, saying why."""
        _check_turn(state, seat)

    def offers(self, state: BunkumState, seat: int) -> list[str]:
        """Every bid above the standing one the seat can pay, and pass, sorted."""
        top = purse(state, seat)
        return sorted([*(f"bid {n}" for n in range(state.bid + 1, top + 1)), "pass"])

    def act(self, state: BunkumState, seat: int, action: str) -> BunkumState:
        """The state after the awaited seat bids or passes (the showdown, if it ends the
        reserve, and the next deal, all inside this one action)."""
        amount = _parse(action)
        if amount is None:
            return pass_card(state, seat, ())
        _check_bid(state, seat, amount)
        return bid(state, seat, amount, ())

    def view(self, state: BunkumState, seat: int | None) -> BunkumView:
        """The table as the seat sees it: stacks, the auction, counts, its own hand."""
        out = _facts(state, seat)
        out["scene"] = table_scene(state, seat)
        return out

    def ai_view(self, state: BunkumState, seat: int) -> BunkumView:
        """The part of the seat's view its AI reads (the same values, much cheaper): the
        auction, the rate, the players, its own purse and hand."""
        return {
            "phase": _phase(state),
            "turn": state.turn if state.turn >= 0 else None,
            "bid": state.bid,
            "rate": state.rate,
            "players": sum(state.playing),
            "purse": purse(state, seat) if state.playing[seat] else 0,
            "hand": list(state.hands[seat]),
        }

    def cards(self, state: BunkumState) -> list[str]:
        """Every hand, the reserve and the dead cards (before the deal, its shuffle): always
        the whole pack."""
        if to_deal(state):
            return list(state.deck)
        return [*(c for hand in state.hands for c in hand), *state.reserve, *state.dead]

    def private_cards(self, state: BunkumState, seat: int) -> frozenset[str]:
        """The seat's hand, less any code the last deal's reveal shows to all."""
        if state.turn < 0:
            return frozenset()
        hidden = frozenset(state.hands[seat])
        if state.last is None:
            return hidden
        return hidden.difference(*state.last.hands)

    def deal_number(self, state: BunkumState) -> int:
        """How many deals have been started."""
        return state.started

    def describe_action(self, action: str) -> str:
        """'bid 3' -> 'Bid 3 chips for the reserve card'; 'pass' -> 'Pass on this card'."""
        if action == "pass":
            return "Pass on this card"
        words = action.split(" ")
        if words[0] == "bid" and len(words) == 2 and words[1].isdigit():
            return f"Bid {chips(int(words[1]))} for the reserve card"
        return action.capitalize()

    def pot(self, state: BunkumState) -> int:
        """The chips in the pot: this deal's antes and winning bids."""
        return state.pot

    def put_in(self, state: BunkumState) -> tuple[int, ...]:
        """Each seat's antes and bids of the current deal."""
        return state.put_in


GAME = Bunkum()


def _facts(st: BunkumState, viewer: int | None) -> BunkumView:
    """The view's facts: the deal, the auction, each seat's stack and card counts, the
    viewer's own hand (with the cards it bought blind), and the last deal's showdown."""
    stacks, playing, hands, passed = st.stacks, st.playing, st.hands, st.passed
    due = 0 if st.anted else st.ante
    out: BunkumView = {
        "game": KEY,
        "deal": st.started,
        "deals": st.deals,
        "phase": _phase(st),
        "dealer": st.dealer,
        "elder": st.elder,
        "turn": st.turn if st.turn >= 0 else None,
        "ante": st.ante,
        "rate": st.rate,
        "split_ties": st.split_ties,
        "pot": st.pot,
        "antes_in": st.anted,
        "reserve_left": len(st.reserve),
        "bid": st.bid,
        "bidder": st.bidder if st.bidder >= 0 else None,
        "seats": [
            {
                "stack": stacks[s],
                "purse": stacks[s] - due if playing[s] else 0,
                "playing": playing[s],
                "cards": len(hands[s]),
                "bought": max(0, len(hands[s]) - st.dealt) if playing[s] else 0,
                "passed": passed[s],
            }
            for s in range(st.seats)
        ],
        "players": sum(playing),
        "commitment": deal_commitment(st.seed, st.started - 1) if st.started else None,
        "last_deal": reveal(st.last),
    }
    if viewer is not None and 0 <= viewer < st.seats:
        out["hand"] = list(st.hands[viewer])
        out["purse"] = stacks[viewer] - due if playing[viewer] else 0
        out["bought_cards"] = list(st.hands[viewer][st.dealt :]) if st.playing[viewer] else []
    if st.turn < 0:
        closing_facts(out, st.seed, st.started, st.stacks)
    return out
