"""The base of a trick game object: what every trick game's `game.py` does alike.

A trick game's state derives from `TrickState` in `state.py` (the deal, the dealer, trump,
the dealer's turned-up cards, hands, the trick in play and its players, the cards won and
tricks per side, scores per side, the last trick and the winners); its game object
subclasses `TrickGame`, names its pack, its state class and its turn rule, and gets from
here: parsing 'play XX' (a refusal says how to write one), refusing a seat
not awaited or a card not held or not allowed (the refusal names what to play instead),
the AI's view, the facts every trick view shares, the scene of a trick table (seats in
partnership colours, the trick and the last trick), dump and load, the cards and which
of them are private. Seat, team and elder rules come from `rules.py`.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Mapping, Sequence
from itertools import chain
from typing import Any, ClassVar, TypeVar

from bot.games.base import Game
from bot.games.cards import Pack, card_name, parse_card
from bot.games.errors import IllegalAction
from bot.games.messages import Message, Text, message, seat_name
from bot.games.scene import Group, SeatScene, group, seat
from bot.games.state import Dumped, JsonDict, dump_frozen, load_frozen
from bot.games.tricks.facts import TrickView
from bot.games.tricks.rules import elder_of, team_of
from bot.games.tricks.state import TrickState

MAX_ACTION_CHARS = 32
"""Longer actions are refused before any parsing."""

T = TypeVar("T", bound=TrickState[str | None])
R = TypeVar("R")

_TEAMS = {n: tuple(team_of(s, n) for s in range(n)) for n in range(1, 9)}
"""Per table size, each seat's side."""


def play_actions(pack_cards: Sequence[str]) -> dict[str, str]:
    """Every well-formed 'play' action written canonically, and its card (the fast path)."""
    return {f"play {card}": card for card in pack_cards}


def parse_play(action: object, plays: Mapping[str, str], pack: Pack, usage: Text) -> str:
    """The card code of a 'play XX' action, or IllegalAction saying how to write one."""
    card = plays.get(action) if isinstance(action, str) else None
    if card is not None:
        return card
    if not isinstance(action, str) or len(action) > MAX_ACTION_CHARS:
        raise IllegalAction(usage)
    words = action.split(" ")
    if len(words) != 2 or words[0] != "play":
        raise IllegalAction(usage)
    return parse_card(words[1], pack)


def check_turn(over: bool, seats: int, seat_no: object, turn: int) -> None:
    """Refuse a finished game, a seat not at the table, or a seat not awaited."""
    if over:
        raise IllegalAction(
            message("tricks.refusal.over", "The game is over: no more cards are played.")
        )
    if not isinstance(seat_no, int) or not 0 <= seat_no < seats:
        raise IllegalAction(
            message(
                "tricks.refusal.no_seat",
                "There is no seat {seat} at this table.",
                seat=str(seat_no),
            )
        )
    if seat_no != turn:
        raise IllegalAction(
            message(
                "tricks.refusal.not_your_turn",
                "It is not your turn: {who} plays next.",
                who=seat_name(turn),
            )
        )


def check_card(
    hand: Sequence[str],
    card: str,
    legal: Sequence[str],
    pack: Pack,
    refusal: Callable[[R], IllegalAction],
    about: R,
) -> None:
    """Refuse a card not in the hand, or one not among the legal cards with
    `refusal(about)`, which says what the hand must play instead (called only then, so a
    legal play builds no refusal)."""
    if card not in hand:
        raise IllegalAction(
            message(
                "tricks.refusal.not_held", "You do not hold {card}.", card=card_name(card, pack)
            )
        )
    if card not in legal:
        raise refusal(about)


def trick_groups(st: TrickState[str | None]) -> list[Group]:
    """The middle of a trick table: the trick in play with its owners, and the last trick."""
    trick = message("tricks.label.trick", "Trick")
    groups = [group("row", trick, st.trick, owners=st.players[: len(st.trick)])]
    if st.last:
        last = message("tricks.label.last_trick", "Last trick")
        groups.append(group("row", last, st.last, owners=st.last_owners))
    return groups


def seat_note(st: TrickState[str | None], s: int) -> Message:
    """A seat's short line: elder hand, and its side's tricks this deal."""
    seats = len(st.hands)
    tricks = st.tricks[team_of(s, seats)] if st.tricks else 0
    if s == elder_of(st.dealer, seats):
        return message(
            "tricks.note.elder_tricks",
            "elder, {count} trick",
            "elder, {count} tricks",
            count=tricks,
        )
    return message("tricks.note.tricks", "{count} trick", "{count} tricks", count=tricks)


def trick_seats(
    st: TrickState[str | None], viewer: int | None, turn: int, notes: Sequence[Text] | None = None
) -> list[SeatScene]:
    """Every seat of a trick table: its own hand face up to the viewer, the dealer's
    turned-up cards face up for all, its side's score, the dealer's badge, a note (by
    default seat_note), and with four seats its partnership's colour."""
    seats = len(st.hands)
    out = []
    for s, hand in enumerate(st.hands):
        shown = hand if s == viewer else tuple(c for c in hand if c in st.turned)
        out.append(
            seat(
                cards=shown,
                backs=len(hand) - len(shown),
                score=st.scores[team_of(s, seats)],
                badge=message("tricks.badge.dealer", "dealer") if s == st.dealer else "",
                note=notes[s] if notes is not None else seat_note(st, s),
                active=s == turn,
                team=team_of(s, seats) if seats == 4 else None,
            )
        )
    return out


class TrickGame(Game[T]):
    """A trick game object: subclasses set `pack`, `pack_cards`, `state_class` and
    `usage`, define `to_play`, `new`, `legal_actions`, `apply`, `view` and `outcome`, and
    may add their own facts to `trick_facts` and `trick_ai_view`."""

    pack: ClassVar[Pack]
    pack_cards: ClassVar[tuple[str, ...]]
    # Any: the game's own state class, T (a ClassVar cannot name a type variable)
    state_class: ClassVar[type[Any]]
    usage: ClassVar[Text] = message(
        "tricks.usage.play", "Write 'play' and a card from your hand, like 'play 7E'."
    )

    def __init__(self) -> None:
        """Build the table of canonical 'play' actions once per game object."""
        self.plays = play_actions(self.pack_cards)

    @abstractmethod
    def to_play(self, state: T) -> int:
        """The seat to play next, -1 when none (the game is over)."""

    def parse(self, action: object) -> str:
        """The card of a 'play XX' action, or a refusal saying how to write one."""
        return parse_play(action, self.plays, self.pack, self.usage)

    def check_turn(self, state: T, seat_no: object) -> None:
        """Refuse a finished game, a seat not at the table, or a seat not awaited."""
        turn = self.to_play(state)
        if seat_no != turn or turn < 0:
            check_turn(bool(state.winners), len(state.hands), seat_no, turn)

    def awaiting(self, state: T) -> frozenset[int]:
        """The one seat to play; empty when the game is over."""
        turn = self.to_play(state)
        return frozenset() if turn < 0 else frozenset((turn,))

    def trick_ai_view(self, state: T, seat_no: int) -> TrickView:
        """What a trick AI reads: the sides, trump, the trick and its owners, the hand."""
        seats = len(state.hands)
        out: TrickView = {
            "teams": list(_TEAMS[seats]),
            "trump": state.trump,
            "trick": list(state.trick),
            "trick_owners": list(state.players[: len(state.trick)]),
        }
        if 0 <= seat_no < seats:
            out["hand"] = list(state.hands[seat_no])
        return out

    def ai_view(self, state: T, seat: int) -> TrickView:
        """The part of the seat's view the AI reads (the same values as view's)."""
        return self.trick_ai_view(state, seat)

    def trick_facts(self, state: T, seat_no: int | None, key: str) -> TrickView:
        """The facts of a trick table every view shows (a game adds its own)."""
        st, seats = state, len(state.hands)
        turn = self.to_play(st)
        out: TrickView = {
            "game": key,
            "seats": seats,
            "deal": st.deal,
            "dealer": st.dealer,
            "elder": elder_of(st.dealer, seats),
            "turn": turn if turn >= 0 else None,
            "teams": [team_of(s, seats) for s in range(seats)],
            "trump": st.trump,
            "turned": list(st.turned),
            "hand_sizes": [len(h) for h in st.hands],
            "trick": list(st.trick),
            "trick_owners": list(st.players[: len(st.trick)]),
            "players": list(st.players),
            "tricks": list(st.tricks),
            "scores": list(st.scores),
            "last_trick": {"cards": list(st.last), "owners": list(st.last_owners)},
            "last_winner": st.last_winner if st.last_winner >= 0 else None,
            "over": bool(st.winners),
        }
        if seat_no is not None and 0 <= seat_no < seats:
            out["hand"] = list(st.hands[seat_no])
        if st.winners:
            out["winners"] = list(st.winners)
        return out

    def dump(self, state: T) -> JsonDict:
        """The state as JSON-safe data."""
        return dump_frozen(state)

    def load(self, data: Dumped) -> T:
        """The state dumped by dump."""
        loaded: T = load_frozen(self.state_class, data)
        return loaded

    def cards(self, state: T) -> list[str]:
        """Hands, the trick and the won tricks (a game with undealt cards adds them)."""
        return [*chain.from_iterable(state.hands), *state.trick, *chain.from_iterable(state.won)]

    def private_cards(self, state: T, seat: int) -> frozenset[str]:
        """The seat's hand, less the dealer's turned-up cards and the last trick's codes
        (which everyone has seen, the last trick possibly from the previous deal)."""
        return frozenset(state.hands[seat]).difference(state.turned, state.last)

    def deal_number(self, state: T) -> int:
        """How many deals have been started."""
        return state.deal

    def describe_action(self, action: str) -> Text:
        """'play 7E' -> 'Plays the 7 of eagles'; anything else, capitalised."""
        try:
            return message(
                "tricks.action.play", "Plays {card}", card=card_name(self.parse(action), self.pack)
            )
        except IllegalAction:
            return action.capitalize()
