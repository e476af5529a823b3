"""Jockey Club (`jockey-club`): the Yankee Notion game of the turn-up, played for chips.

Source: rules.md (the game, our reconstruction of its auction, and the tie-break among
several claimants) and the chip policy (table stakes). Options holding our choices: `ante` (chips
each player puts in the pot every deal), `jockey_remove_fives` (strip the 5s from the pack; by
default a turned-up 5 is buried and the next card turned), `dealer_may_console` (whether the dealer
may console) and `rounds` (each round every seat deals once). Choices without an option: seat 0
deals first and the deal passes left one seat a hand, to the first seat after the last dealer that
can cover the ante (a seat that cannot sits the deal out); every deal reshuffles the pack; a deal
begins with the dealer's action 'deal', by which the antes go in and then the cards are dealt
(until then a stack may change or a seat leave at once; after it, at the showdown); the holder of
the standing offer is not asked again until someone betters it; offers are whole chips, a bid at
most the bidder's stack and a consolation at most the pot (with this deal's antes); bids are paid
in full (never more than the stack), so no shortfall under the chip policy can arise; a stack
change before the deal seats it again, its cards still unseen; a pot left when the game ends is
split evenly among the seats, the odd chips from the last deal's elder. The state and the flow
of a deal live in `flow.py`, the table picture in `view.py`, and what every chip game does alike
in `bot/games/stakes.py`; here are the game object, its actions and its views.
"""

from __future__ import annotations

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
from bot.games.yankee.dealt import DealtGame, awaited, rounds_option, whole_number
from bot.games.yankee.jockey_club.auction import make_offer, pass_turn
from bot.games.yankee.jockey_club.flow import (
    DEAL,
    OVER,
    JockeyClubState,
    LastDeal,
    bid_stack,
    deal_out,
    first_deal,
    offer_pot,
    offer_text,
    pack,
    redeal,
    reveal,
    to_deal,
)
from bot.games.yankee.jockey_club.view import JockeyClubView, facts, table_scene

__all__ = ["GAME", "JockeyClub", "JockeyClubState"]

KEY = "jockey-club"
_MAX_ACTION_CHARS = 32
_USAGE = (
    "Write 'bid B' to pay B chips into the pot for the turn-up, 'console C' to take it if "
    "the pot pays you C chips, or 'pass'."
)


def _parse(action: object) -> int | None:
    """An offer on the scale (console c = -c, bid b = b), or None for a pass."""
    if action == "pass":
        return None
    if not isinstance(action, str) or len(action) > _MAX_ACTION_CHARS:
        raise IllegalAction(_USAGE)
    words = action.split(" ")
    if len(words) != 2 or words[0] not in ("bid", "console"):
        raise IllegalAction(_USAGE)
    verb, text = words
    value = whole_number(text, "chips")
    if verb == "console":
        return -value
    if value == 0:
        raise IllegalAction(
            "A bid is at least 1 chip: to take the turn-up for nothing, write 'console 0'."
        )
    return value


def _check_turn(st: JockeyClubState, seat: int) -> None:
    """Refuse a seat that is not the one awaited, saying why."""
    if awaited(st, seat, "The game is over: there is no turn-up to offer for."):
        return
    if st.phase == DEAL:
        raise IllegalAction(f"It is not your turn: seat {st.turn} deals.")
    if not st.dealt[seat]:
        raise IllegalAction("You sit this deal out: you could not cover the ante.")
    if st.passed[seat]:
        raise IllegalAction("You have passed: you are out of this auction until the next deal.")
    if seat == st.holder:
        raise IllegalAction("Yours is the standing offer: wait until someone betters it.")
    raise IllegalAction(f"It is not your turn: seat {st.turn} is to offer or pass.")


def _can_console(st: JockeyClubState, seat: int) -> bool:
    return st.dealer_may_console or seat != st.dealer


def _instead(st: JockeyClubState, seat: int) -> str:
    """What the seat could offer instead of an offer that is not better than the standing."""
    options = []
    if st.offer < 0 and _can_console(st, seat):
        options.append(f"console at most {-st.offer - 1}")
    if not st.consoled[seat] and max(1, st.offer + 1) <= bid_stack(st, seat):
        options.append(f"bid at least {max(1, st.offer + 1)}")
    return (", ".join(options) + " or pass") if options else "you can only pass"


def _check_offer(st: JockeyClubState, seat: int, value: int) -> None:
    """Refuse an offer the rules, the pot or the seat's stack do not allow."""
    if value <= 0:
        pot = offer_pot(st)
        if not _can_console(st, seat):
            raise IllegalAction("The dealer may not console at this table: bid or pass.")
        if -value > pot:
            raise IllegalAction(f"The pot holds {chips(pot)}: a consolation is at most {pot}.")
    else:
        if st.consoled[seat]:
            raise IllegalAction(
                "You have consoled this deal, so you may not turn the corner and bid: "
                "offer a smaller consolation, or pass."
            )
        stack = bid_stack(st, seat)
        if value > stack:
            raise IllegalAction(f"You have {chips(stack)}: you cannot bid {value}.")
    if st.holder >= 0 and value <= st.offer:
        raise IllegalAction(
            f"The standing offer is '{offer_text(st.offer)}' by seat {st.holder}, and yours "
            f"must be better for the pot: {_instead(st, seat)}."
        )


class JockeyClub(DealtGame[JockeyClubState]):
    """Jockey Club (rules.md): an auction for the turn-up; a hand averaging 5 takes the pot."""

    state_type = JockeyClubState
    last_type = LastDeal
    wait = "wait until this one is shown"
    to_deal = staticmethod(to_deal)
    deal_out = staticmethod(deal_out)
    reseat = staticmethod(redeal)

    info = GameInfo(
        key=KEY,
        title="Jockey Club",
        family="chips",
        chips=True,
        min_seats=2,
        max_seats=5,
        options=(
            Option(
                "ante",
                5,
                "Chips each player puts in the pot every deal.",
                minimum=1,
                maximum=100,
            ),
            Option("dealer_may_console", True, "Whether the dealer may console for the turn-up."),
            Option("jockey_remove_fives", False, "Strip the 5s from the pack (40 cards)."),
            rounds_option(),
        ),
        source='Hoyle\'s Games (1857), as retold in "yankee notion cards"',
        summary="Console or bid for the turn-up; a hand averaging exactly 5 takes the pot.",
        rules=rules_page(__package__),
        pack=Pack.YANKEE,
        # At default stacks 5 seats hold 500 chips: a deal has at most 501 consolations
        # (500 down to 0), 500 bids and 5 passes, and the game lasts 5 deals.
        max_actions=5 * (501 + 500 + 5),
    )

    def new(
        self,
        seats: int,
        seed: int,
        options: Mapping[str, object] | None = None,
        deck: Sequence[str] | None = None,
        stacks: Sequence[int] | None = None,
    ) -> JockeyClubState:
        """A new game: the first deal shuffled (or stacked with `deck`), dealt and seated."""
        opts, given = self.opening(seats, options, stacks)
        no_fives = bool(opts["jockey_remove_fives"])
        cards = first_cards(deck, pack(no_fives), seed)
        setup = (
            seats,
            seed,
            int(opts["ante"]),
            no_fives,
            bool(opts["dealer_may_console"]),
            int(opts["rounds"]) * seats,
        )
        return first_deal(setup, given, cards)

    def check_turn(self, state: JockeyClubState, seat: int, action: object) -> None:
        """Refuse a seat that is not the one awaited, saying why."""
        _check_turn(state, seat)

    def offers(self, state: JockeyClubState, seat: int) -> list[str]:
        """Every consolation and bid better than the standing offer that the seat may make
        (consolations up to the pot, bids up to its stack), and pass, sorted."""
        st = state
        low = st.offer + 1 if st.holder >= 0 else -offer_pot(st)
        acts = ["pass"]
        if _can_console(st, seat) and low <= 0:
            acts += [f"console {c}" for c in range(min(offer_pot(st), -low) + 1)]
        if not st.consoled[seat]:
            acts += [f"bid {b}" for b in range(max(1, low), bid_stack(st, seat) + 1)]
        return sorted(acts)

    def act(self, state: JockeyClubState, seat: int, action: str) -> JockeyClubState:
        """The state after the awaited seat offers or passes (with the showdown and the next
        deal if that ends the auction)."""
        value = _parse(action)
        if value is None:
            return pass_turn(state, seat)
        _check_offer(state, seat, value)
        return make_offer(state, seat, value)

    def view(self, state: JockeyClubState, seat: int | None) -> JockeyClubView:
        """The table as the seat sees it: stacks, card counts, the turn-up, the auction,
        the pot, its own hand and the last deal's showdown."""
        out = facts(state, seat, KEY)
        out["commitment"] = (
            deal_commitment(state.seed, state.shuffles - 1) if state.shuffles else None
        )
        out["last_deal"] = reveal(state.last)
        out["scene"] = table_scene(state, seat)
        return out

    def ai_view(self, state: JockeyClubState, seat: int) -> JockeyClubView:
        """The seat's view without the picture's scene, the shuffle's commitment and the last
        deal's showdown (the same facts, cheaper: the AI decides on the deal in hand)."""
        return facts(state, seat, KEY)

    def cards(self, state: JockeyClubState) -> list[str]:
        """The stock, the hands, the turn-up and the buried cards: always the whole pack."""
        turnup = [state.turnup] if state.turnup else []
        hands = [c for hand in state.hands for c in hand]
        return [*state.deck, *hands, *turnup, *state.buried]

    def private_cards(self, state: JockeyClubState, seat: int) -> frozenset[str]:
        """The seat's hand, less any code that the last deal's showdown shows all."""
        if state.phase == OVER:
            return frozenset()  # the final showdown shows every hand
        hidden = frozenset(state.hands[seat])
        last = state.last
        if last is None:
            return hidden
        return hidden.difference(*last.hands, last.buried, (last.turnup,))

    def deal_number(self, state: JockeyClubState) -> int:
        """How many deals have been started (at least 1: a game that could not deal its first
        counts it, since its cards were shuffled)."""
        return max(1, state.started)

    def describe_action(self, action: str) -> str:
        """'bid 3' -> 'Bid 3 chips for the turn-up'; 'console 2' -> 'Take it if the pot
        pays me 2'; 'console 0' -> 'Take it for nothing'; 'pass' -> 'Pass'."""
        words = action.split(" ")
        if len(words) == 2 and words[1].isascii() and words[1].isdigit():
            amount = int(words[1])
            if words[0] == "bid":
                return f"Bid {chips(amount)} for the turn-up"
            if words[0] == "console":
                return (
                    "Take it for nothing" if amount == 0 else f"Take it if the pot pays me {amount}"
                )
        return action.capitalize()

    def pot(self, state: JockeyClubState) -> int:
        """The chips in the pot (this deal's antes once they have moved, and any carried)."""
        return state.pot

    def put_in(self, state: JockeyClubState) -> list[int]:
        """The antes of the current deal (nothing else moves before the showdown)."""
        return [state.ante if d else 0 for d in state.dealt]


GAME = JockeyClub()
