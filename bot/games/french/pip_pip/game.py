"""Pip-Pip! (`pip-pip`): a point-trick game for 3 to 12 with two packs shuffled together,
the 2 high, where a player holding the king and queen of a suit other than trump calls
"Pip-Pip!", scores 50 at once and makes that suit trump from the next lead.

Source: rules.md (Fosdick's "Quinto, Yukon, Pip-Pip" citing Phillips, and the Hervey-style
text of PIP-H; RULES.md §15). Options holding our choices: `pip_pip_first_call_wins` (of
several calls before one trick the first sets trump, Hervey; off: the last, Fosdick) and
`rotations` (the game ends when every player has dealt this many times; 1). Choices
without an option: a call is made by the player whose turn it is in a trick, before he
plays, or out of turn right after drawing, from his draw until the next trick is led (an
optional action, `GameInfo.out_of_turn`); a lead puts the calls made since the last lead
in force, so a call made after drawing counts from the next trick, and the leader's own
call before his lead (the eldest's before the first trick) changes trump for that trick; the
draw for the first dealer comes off the top of the pack, seat 0 first, ties at the top
drawing again; the copies of a card are interchangeable. The state and the flow live in
`flow.py`, the picture in `view.py`; what every trick game object does alike, in
bot/games/tricks/base.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import chain

from bot.games.base import GameInfo, Outcome
from bot.games.cards import FRENCH_SUIT_NAMES, Pack, card_name, french_pack, stacked_deck
from bot.games.errors import IllegalAction
from bot.games.french.pip_pip.cards import SUITS, callable_suits, legal
from bot.games.french.pip_pip.flow import PACK, PipPipState, call, first_state, play, to_play
from bot.games.french.pip_pip.view import PipPipPlay, PipPipView, public_cards, table_scene
from bot.games.options import Option
from bot.games.rng import deal_commitment, deal_seed
from bot.games.rules_text import rules_page
from bot.games.tricks.base import TrickGame, check_card

__all__ = ["GAME", "PipPip", "PipPipState"]

KEY = "pip-pip"
CALLS = {f"call {suit}": suit for suit in SUITS}
"""Every 'call' action and its suit."""
SINGULAR = {suit: name[:-1] for suit, name in FRENCH_SUIT_NAMES.items()}

RULES_TEXT = rules_page(__package__)
"""The rules as every front end shows them, from rules.md in this folder."""

CALL_USAGE = "Write 'call' and a suit letter, like 'call H' for hearts (C, D, H or S)."


def _follow_refusal(st: PipPipState) -> IllegalAction:
    """The refusal of a card when the hand holds the suit led."""
    return IllegalAction(f"You must follow suit: you hold a {SINGULAR[st.trick[0][-1]]}.")


def quick_legal(st: PipPipState, seat: int, card: str) -> bool:
    """Whether the seat may play the card now, answered on the fast path (False sends the
    action through every check, which then names the reason)."""
    if st.winners or st.players[len(st.trick)] != seat:
        return False
    hand = st.hands[seat]
    if card not in hand:
        return False
    if not st.trick:
        return True
    led = st.trick[0][-1]
    return card[-1] == led or led not in "".join(hand)  # a suit's letter names no rank


def may_call_now(st: PipPipState, seat: object) -> bool:
    """Whether the seat, not to play, may call out of turn: it drew in the trick in play
    (between tricks: in the last one), and the next trick has not been led since."""
    return seat in st.drew and seat != to_play(st) and not st.winners


def check_call(st: PipPipState, seat: int, suit: str) -> None:
    """Refuse a call in trump, without the pair, or with cards already laid in a call."""
    name = FRENCH_SUIT_NAMES[suit]
    if suit == st.trump:
        raise IllegalAction(f"{name.capitalize()} are trumps: call Pip-Pip! in another suit.")
    hand = st.hands[seat]
    if "K" + suit not in hand or "Q" + suit not in hand:
        raise IllegalAction(
            f"You do not hold the king and queen of {name}: play a card or call a pair you hold."
        )
    if suit not in callable_suits(hand, st.exposed[seat], st.trump):
        raise IllegalAction(
            f"Your king or queen of {name} is already laid in a call: a second call in"
            f" {name} needs the other king and queen."
        )


class PipPip(TrickGame[PipPipState]):
    """Pip-Pip! (rules.md): two packs, 2 high, and K-Q calls that score 50 and set trump."""

    pack = Pack.FRENCH
    pack_cards = french_pack()
    state_class = PipPipState
    usage = "Write 'play' and a card from your hand, like 'play 10H', or 'call H' for a call."

    info = GameInfo(
        key=KEY,
        title="Pip-Pip!",
        family="trick",
        min_seats=3,
        max_seats=12,
        options=(
            Option(
                "pip_pip_first_call_wins",
                False,
                "Of several calls before one trick the first sets trump (Hervey; off: the last).",
            ),
            Option(
                "rotations",
                1,
                "The game ends when every player has dealt this many times.",
                minimum=1,
                maximum=3,
            ),
        ),
        source='Fosdick, "Quinto, Yukon, Pip-Pip" (after Phillips); Hervey',
        summary="Two packs, 2 high; call Pip-Pip! with a king and queen for 50 and a new trump.",
        rules=RULES_TEXT,
        pack=Pack.FRENCH,
        # A hand plays at most 104 cards and makes at most 8 calls (each lays a king of
        # the 8 that stay until played), in turn or out of turn right after drawing; the
        # game has one hand per seat at 12 seats.
        max_actions=12 * 112,
        out_of_turn=True,
        decline_words="No call",
    )

    def new(
        self,
        seats: int,
        seed: int,
        options: Mapping[str, object] | None = None,
        deck: Sequence[str] | None = None,
        stacks: Sequence[int] | None = None,
    ) -> PipPipState:
        """A new game: the draw for the first dealer and the first deal, from the seeded
        shuffle (or from `deck`, the draw's cards on top)."""
        self.check_seats(seats)
        opts = self.options(options)
        rules = (int(opts["rotations"]), bool(opts["pip_pip_first_call_wins"]))
        stacked = stacked_deck(deck, PACK, Pack.FRENCH) if deck is not None else None
        return first_state(seats, seed, rules, stacked)

    def to_play(self, state: PipPipState) -> int:
        """The seat to act next, -1 when the game is over."""
        return to_play(state)

    def legal_actions(self, state: PipPipState, seat: int) -> list[str]:
        """The seat's calls ('call H') and playable cards ('play XX'), sorted; empty if it
        is not its turn."""
        if seat != to_play(state):
            return []
        hand = state.hands[seat]
        cards = legal(hand, state.trick[0][-1] if state.trick else None)
        suits = callable_suits(hand, state.exposed[seat], state.trump)
        return sorted({*(f"play {c}" for c in cards), *(f"call {s}" for s in suits)})

    def optional_actions(self, state: PipPipState, seat: int) -> list[str]:
        """The calls ('call H') a seat not to play may make out of turn: right after
        drawing, until the next trick is led (`may_call_now`)."""
        if not may_call_now(state, seat):
            return []
        suits = callable_suits(state.hands[seat], state.exposed[seat], state.trump)
        return [f"call {s}" for s in suits]

    def offering(self, state: PipPipState, seats: Iterable[int]) -> list[int]:
        """Those of `seats` that may call now out of turn, in one pass: a seat that drew
        in the trick in play and is not to play, holding a free king and queen of a suit
        other than trump (`optional_actions` names the calls)."""
        st = state
        if st.winners or not st.drew:
            return []
        nxt, trump = to_play(st), st.trump
        out = []
        for seat in seats:
            if seat in st.drew and seat != nxt:
                hand = st.hands[seat]
                pair = any("K" + s in hand and "Q" + s in hand for s in SUITS if s != trump)
                if pair and callable_suits(hand, st.exposed[seat], trump):
                    out.append(seat)
        return out

    def apply(self, state: PipPipState, seat: int, action: str) -> PipPipState:
        """The state after the seat's call (in turn, or out of turn right after drawing)
        or card (drawing and scoring as they fall due)."""
        card = self.plays.get(action) if isinstance(action, str) else None
        if card is not None and quick_legal(state, seat, card):
            return play(state, seat, card)
        suit = CALLS.get(action) if isinstance(action, str) else None
        if suit is None and isinstance(action, str) and action.split(" ")[0] == "call":
            raise IllegalAction(CALL_USAGE)
        if suit is not None:
            if not may_call_now(state, seat):
                self.check_call_turn(state, seat)
            check_call(state, seat, suit)
            return call(state, seat, suit)
        card = self.parse(action)
        self.check_turn(state, seat)
        hand = state.hands[seat]
        allowed = legal(hand, state.trick[0][-1] if state.trick else None)
        check_card(hand, card, allowed, Pack.FRENCH, _follow_refusal, state)
        return play(state, seat, card)

    def check_call_turn(self, state: PipPipState, seat: object) -> None:
        """Refuse a call by a seat neither to play nor just after drawing, saying when a
        call out of turn may be made."""
        try:
            self.check_turn(state, seat)
        except IllegalAction as refused:
            if state.winners or seat not in range(len(state.hands)):
                raise
            raise IllegalAction(
                f"{refused.reason} Out of turn, you may call Pip-Pip! only right after"
                " drawing a card, before the next trick is led."
            ) from None

    def ai_view(self, state: PipPipState, seat: int) -> PipPipPlay:
        """The AI's view (seat -1: its public part): the seats (each a side of its own),
        trump and the pending calls, the trick, the hand, the stock's count, the cards laid
        face up (left out while no card is laid) and, when the trick is still to be led
        (the only time the AI reads them), the cards taken this hand (in the order taken)
        and the dead stock."""
        st = state
        out: PipPipPlay = {
            "seats": len(st.hands),
            "trump": st.trump,
            "pending": [*st.pending],
            "first_call_wins": st.first_call_wins,
            "trick": [*st.trick],
            "stock": len(st.stock),
        }
        if any(st.exposed):
            out["exposed"] = [*map(list, st.exposed)]
        if not st.trick:
            out["played"] = [*chain.from_iterable(st.won)]
            out["dead"] = [*st.dead]
        if 0 <= seat < len(st.hands):
            out["hand"] = [*st.hands[seat]]
        return out

    def view(self, state: PipPipState, seat: int | None) -> PipPipView:
        """The table as the seat sees it: its hand, the cards laid face up, trump and a
        pending change, the stock's count, the dead stock, the scores and the picture."""
        st = state
        out: PipPipView = {
            **self.trick_facts(st, seat, KEY),
            **self.ai_view(st, -1),
            "exposed": [*map(list, st.exposed)],
            "played": list(chain.from_iterable(st.won)),
            "dead": list(st.dead),
            "shown": [list(pair) for pair in st.shown],
            "calls": [list(pair) for pair in st.calls],
            "rotations": st.rotations,
            "last_deal": list(st.last_deal),
            "commitment": deal_commitment(st.seed, st.deal - 1),
        }
        if seat is not None and 0 <= seat < len(st.hands):
            out["hand"] = list(st.hands[seat])
        if st.winners:
            out["deal_seeds"] = [deal_seed(st.seed, d) for d in range(st.deal)]
        out["scene"] = table_scene(st, seat)
        return out

    def outcome(self, state: PipPipState) -> Outcome | None:
        """Once over: each seat's score and the seats with the highest (ties share)."""
        if not state.winners:
            return None
        who = " and ".join(f"seat {s}" for s in state.winners)
        best = state.scores[state.winners[0]]
        verb = "shared the win" if len(state.winners) > 1 else "won"
        return Outcome(
            points=state.scores,
            winners=state.winners,
            summary=f"{who.capitalize()} {verb} with {best}.",
        )

    def cards(self, state: PipPipState) -> list[str]:
        """Hands, the trick, the won cards, the stock and the dead stock: all 104."""
        return [*super().cards(state), *state.stock, *state.dead]

    def private_cards(self, state: PipPipState, seat: int) -> frozenset[str]:
        """The seat's concealed cards: its hand less every code anyone can see (cards laid
        face up, in tricks, taken, dead or shown for trump; the other copy may be there)."""
        return frozenset(state.hands[seat]).difference(public_cards(state))

    def describe_action(self, action: str) -> str:
        """'call H' -> 'Calls Pip-Pip! in hearts'; 'play 7H' -> 'Plays the 7 of hearts'."""
        suit = CALLS.get(action)
        if suit is not None:
            return f"Calls Pip-Pip! in {FRENCH_SUIT_NAMES[suit]}"
        try:
            return f"Plays {card_name(self.parse(action), self.pack)}"
        except IllegalAction:
            return action.capitalize()


GAME = PipPip()
