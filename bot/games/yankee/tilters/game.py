"""Tilters (`tilters`): whist with a trump turned from the dealer's hand and the Faces as a
permanent second trump, for the 50-card Yankee Notion pack, 2 to 4 players.

Source: rules.md (the game, §2.2 how the Face restriction is applied, §2.3 open
questions) and §1.2-§1.3 (seating, trump, following, trick winner, four-handed odd cards).
Options holding our choices: `tilters_3p_extra_cards` (S2's three-handed deal: two odd
cards to elder and dealer and a final two-card trick, which the dealer leads if the third
player won the trick before), `tilters_house_scoring` (§2.3's house rule: tilters score
Faces captured less five) and `target` (0 keeps the book's target for the player count).
Choices without an option: seat 0 deals first; every deal after the first reshuffles the
whole pack; undealt cards stay hidden; when two sides tie at the top of the target the
game plays another deal, so, strictly, a run of exact ties could outlast `max_actions`.
The state and the flow of a deal live in `flow.py`, the trick rules in `bot/games/yankee/tricks.py`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.base import Game, GameInfo, Outcome, View
from bot.games.cards import (
    YANKEE_SUIT_NAMES,
    Pack,
    card_name,
    parse_card,
    stacked_deck,
)
from bot.games.errors import IllegalAction
from bot.games.options import Option
from bot.games.rng import deal_commitment, deal_seed
from bot.games.rules_text import rules_page
from bot.games.scene import Scene, group, scene, seat
from bot.games.yankee.tilters.flow import (
    BOOK,
    PACK,
    TARGET,
    TiltersState,
    dump_state,
    first_state,
    load_state,
    play,
    to_play,
)
from bot.games.yankee.tricks import (
    FACES,
    elder_of,
    follow_refusal,
    required_suit,
    team_of,
    yankee_legal,
)

__all__ = ["GAME", "Tilters", "TiltersState"]

KEY = "tilters"
_MAX_ACTION_CHARS = 32
_USAGE = "Write 'play' and a card from your hand, like 'play 7E'."

RULES_TEXT = rules_page(__package__)
"""The rules as every front end shows them, from rules.md in this folder."""


_PLAYS = {f"play {card}": card for card in PACK}
"""Every well-formed 'play' action written canonically, and its card (the fast path)."""


def _parse(action: object) -> str:
    """The card code of a 'play' action, or IllegalAction saying how to write one."""
    card = _PLAYS.get(action) if isinstance(action, str) else None
    if card is not None:
        return card
    if not isinstance(action, str) or len(action) > _MAX_ACTION_CHARS:
        raise IllegalAction(_USAGE)
    words = action.split(" ")
    if len(words) != 2 or words[0] != "play":
        raise IllegalAction(_USAGE)
    return parse_card(words[1], Pack.YANKEE)


def _check(st: TiltersState, seat: int, card: str) -> None:
    """Refuse a seat not awaited, a card not held, or a card that breaks the follow rules."""
    if st.winners:
        raise IllegalAction("The game is over: no more cards are played.")
    if not isinstance(seat, int) or not 0 <= seat < st.seats:
        raise IllegalAction(f"There is no seat {seat} at this table.")
    turn = to_play(st)
    if seat != turn:
        raise IllegalAction(f"It is not your turn: seat {turn} plays next.")
    hand = st.hands[seat]
    if card not in hand:
        raise IllegalAction(f"You do not hold {card_name(card, Pack.YANKEE)}.")
    if card not in yankee_legal(hand, st.trick, st.trump):
        suit = required_suit(hand, st.trick[0], st.trump, FACES)
        assert suit is not None
        raise follow_refusal(suit, st.trick[0], st.trump)


class Tilters(Game[TiltersState]):
    """Tilters (rules.md): whist with a turned trump and the Faces as a second trump."""

    info = GameInfo(
        key=KEY,
        title="Tilters",
        family="trick",
        min_seats=2,
        max_seats=4,
        options=(
            Option(
                "tilters_3p_extra_cards",
                False,
                "Three players: two odd cards to elder and dealer and a final two-card trick.",
            ),
            Option(
                "tilters_house_scoring",
                False,
                "House rule: tilters score like tricks, Faces captured less five.",
            ),
            Option(
                "target",
                0,
                "Points to win; 0 keeps the book's (10, 15 or 20 by player count).",
                minimum=0,
                maximum=99,
            ),
        ),
        source='Hoyle\'s Games (1857), as retold in "yankee notion cards"',
        summary="Whist with a turned trump and the ten Faces as a second trump; win on tricks.",
        rules=RULES_TEXT,
        pack=Pack.YANKEE,
        # Every deal scores at least one trick point (two sides can't both pass a book of 6
        # in 13 tricks; three books of 4 leave a 13th), so without exact ties at the top a
        # game lasts at most 39 deals (4 players: 19 + 19 + 1) of at most 50 cards.
        max_actions=39 * 50,
    )

    def new(
        self,
        seats: int,
        seed: int,
        options: Mapping[str, object] | None = None,
        deck: Sequence[str] | None = None,
        stacks: Sequence[int] | None = None,
    ) -> TiltersState:
        """A new game: seat 0 deals the first hand, shuffled (or stacked with `deck`)."""
        self.check_seats(seats)
        opts = self.options(options)
        target = int(opts["target"]) or TARGET[seats]
        extra = bool(opts["tilters_3p_extra_cards"]) and seats == 3
        rules = (target, BOOK[seats], extra, bool(opts["tilters_house_scoring"]))
        return first_state(
            seats, seed, rules, stacked_deck(deck, PACK, Pack.YANKEE) if deck is not None else None
        )

    def awaiting(self, state: TiltersState) -> frozenset[int]:
        """The one seat to play; empty when the game is over."""
        turn = to_play(state)
        return frozenset() if turn < 0 else frozenset((turn,))

    def legal_actions(self, state: TiltersState, seat: int) -> list[str]:
        """The seat's playable cards as 'play XX', sorted; empty if it is not its turn."""
        if seat != to_play(state):
            return []
        cards = yankee_legal(state.hands[seat], state.trick, state.trump)
        return sorted(f"play {card}" for card in cards)

    def apply(self, state: TiltersState, seat: int, action: str) -> TiltersState:
        """The state after the seat plays a card (scoring the deal when it ends)."""
        card = _parse(action)
        _check(state, seat, card)
        return play(state, seat, card)

    def view(self, state: TiltersState, seat: int | None) -> View:
        """The table as the seat sees it: its hand, the trick, trump, tricks and scores."""
        out = self._facts(state, seat)
        out["scene"] = _scene(state, seat)
        return out

    def ai_view(self, state: TiltersState, seat: int) -> View:
        """The part of the seat's view the AI reads (the same values as view's)."""
        st = state
        out: View = {
            "teams": [team_of(s, st.seats) for s in range(st.seats)],
            "trump": st.trump,
            "trick": list(st.trick),
            "trick_owners": list(st.players[: len(st.trick)]),
        }
        if 0 <= seat < st.seats:
            out["hand"] = list(st.hands[seat])
        return out

    def _facts(self, state: TiltersState, seat: int | None) -> View:
        st = state
        turn = to_play(st)
        out: View = {
            "game": KEY,
            "seats": st.seats,
            "deal": st.deal,
            "dealer": st.dealer,
            "elder": elder_of(st.dealer, st.seats),
            "turn": turn if turn >= 0 else None,
            "teams": [team_of(s, st.seats) for s in range(st.seats)],
            "trump": st.trump,
            "turned": list(st.turned),
            "hand_sizes": [len(h) for h in st.hands],
            "trick": list(st.trick),
            "trick_owners": list(st.players[: len(st.trick)]),
            "players": list(st.players),
            "tricks": list(st.tricks),
            "faces_won": [sum(1 for c in pile if c[-1] == FACES) for pile in st.won],
            "scores": list(st.scores),
            "target": st.target,
            "book": st.book,
            "last_trick": {"cards": list(st.last), "owners": list(st.last_owners)},
            "last_winner": st.last_winner if st.last_winner >= 0 else None,
            "last_deal": [list(row) for row in st.last_deal],
            "commitment": deal_commitment(st.seed, st.deal - 1),
            "over": bool(st.winners),
        }
        if seat is not None and 0 <= seat < st.seats:
            out["hand"] = list(st.hands[seat])
        if st.winners:
            out["winners"] = list(st.winners)
            out["deal_seeds"] = [deal_seed(st.seed, d) for d in range(st.deal)]
        return out

    def outcome(self, state: TiltersState) -> Outcome | None:
        """Once over: each seat's side's score, and the seats of the winning side."""
        if not state.winners:
            return None
        points = tuple(state.scores[team_of(s, state.seats)] for s in range(state.seats))
        winners = tuple(s for s in range(state.seats) if team_of(s, state.seats) in state.winners)
        who = " and ".join(f"seat {s}" for s in winners)
        best = state.scores[state.winners[0]]
        return Outcome(points=points, winners=winners, summary=f"{who.capitalize()} won {best}.")

    def dump(self, state: TiltersState) -> dict[str, Any]:
        """The state as JSON-safe data."""
        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> TiltersState:
        """The state dumped by dump."""
        return load_state(data)

    def cards(self, state: TiltersState) -> list[str]:
        """Hands, the trick, the won tricks and the undealt cards: always the whole pack."""
        held = (c for hand in state.hands for c in hand)
        won = (c for pile in state.won for c in pile)
        return [*held, *state.trick, *won, *state.undealt]

    def private_cards(self, state: TiltersState, seat: int) -> frozenset[str]:
        """The seat's hand, less the dealer's turned-up cards and the last trick's codes
        (which everyone has seen, the last trick possibly from the previous deal)."""
        return frozenset(state.hands[seat]).difference(state.turned, state.last)

    def deal_number(self, state: TiltersState) -> int:
        """How many deals have been started."""
        return state.deal

    def describe_action(self, action: str) -> str:
        """'play 7E' -> 'Plays the 7 of eagles'; 'play 0F' -> 'Plays John Smith'."""
        try:
            return f"Plays {card_name(_parse(action), Pack.YANKEE)}"
        except IllegalAction:
            return action.capitalize()


GAME = Tilters()


def _seat_note(st: TiltersState, s: int) -> str:
    """A seat's short line: elder hand, and its side's tricks this deal."""
    tricks = st.tricks[team_of(s, st.seats)] if st.tricks else 0
    elder = "elder, " if s == elder_of(st.dealer, st.seats) else ""
    return f"{elder}{tricks} trick" + ("" if tricks == 1 else "s")


def _scene(st: TiltersState, viewer: int | None) -> Scene:
    """The table picture: every seat (its own hand face up, the dealer's turned cards face
    up for all), the trick with its owners, and the trump, target and book."""
    turn = to_play(st)
    seats = []
    for s in range(st.seats):
        hand = st.hands[s]
        shown = hand if s == viewer else tuple(c for c in hand if c in st.turned)
        seats.append(
            seat(
                cards=shown,
                backs=len(hand) - len(shown),
                score=st.scores[team_of(s, st.seats)],
                badge="dealer" if s == st.dealer else "",
                note=_seat_note(st, s),
                active=s == turn,
                team=team_of(s, st.seats) if st.seats == 4 else None,
            )
        )
    groups = [group("row", "Trick", st.trick, owners=st.players[: len(st.trick)])]
    if st.last:
        groups.append(group("row", "Last trick", st.last, owners=st.last_owners))
    title = f"Tilters - deal {st.deal}" if not st.winners else "Tilters - over"
    counters = [("Trump", YANKEE_SUIT_NAMES[st.trump]), ("Target", st.target), ("Book", st.book)]
    return scene(Pack.YANKEE, title, seats, groups, counters)
