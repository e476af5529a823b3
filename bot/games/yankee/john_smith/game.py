"""John Smith (`john-smith`): four-handed Tilters in partnerships where Mrs Sally Smith (1F)
captures John Smith (0F) whenever they fall in the same trick, for the Yankee Notion pack.

Source: rules.md (the game, §3.2 open questions) and §1.2-§1.3 (seating, trump,
following, trick winner, four-handed odd cards), dealt and played as Tilters.
Options holding our choices: `target` (the book's 20 points; S0's author suggests 40) and
`john_smith_faces_bonus` (5 or 6 for the Faces by addition, §3.2's conflict).
Choices without an option: the call is made only by leading Sally ('call' leads 1F),
when John is in another player's hand; when both sides reach the target in the graces,
the side with more graces that deal wins, on equal graces the side that scored for tricks;
seat 0 deals first and every deal reshuffles the pack. The verses are posted as far as
§3 gives them. The state and the flow of a deal live in `flow.py`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import chain
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
from bot.games.yankee.john_smith.flow import (
    CATEGORIES,
    JOHN,
    SALLY,
    SEATS,
    JohnSmithState,
    dump_state,
    face_sum,
    first_state,
    holder,
    load_state,
    may_call,
    play,
    playable,
    to_play,
)
from bot.games.yankee.tilters.flow import PACK
from bot.games.yankee.tricks import FACES, elder_of, follow_refusal, required_suit, team_of

__all__ = ["GAME", "JohnSmith", "JohnSmithState"]

KEY = "john-smith"
_MAX_ACTION_CHARS = 32
_USAGE = "Write 'play' and a card from your hand, like 'play 7E', or 'call' to lead Sally."
CALL_VERSE = "Come forth, Great John..."
ANSWER_VERSE = "I know that voice!..."

RULES_TEXT = rules_page(__package__)
"""The rules as every front end shows them, from rules.md in this folder."""


_PLAYS = {f"play {card}": card for card in PACK}
"""Every well-formed 'play' action written canonically, and its card (the fast path)."""


def _parse(action: object) -> tuple[str, bool]:
    """The card of a 'play' action and whether it is the call ('call' leads Sally)."""
    card = _PLAYS.get(action) if isinstance(action, str) else None
    if card is not None:
        return card, False
    if not isinstance(action, str) or len(action) > _MAX_ACTION_CHARS:
        raise IllegalAction(_USAGE)
    if action == "call":
        return SALLY, True
    words = action.split(" ")
    if len(words) != 2 or words[0] != "play":
        raise IllegalAction(_USAGE)
    return parse_card(words[1], Pack.YANKEE), False


def _check_turn(st: JohnSmithState, seat: int) -> None:
    """Refuse a finished game, a seat not at the table, or a seat not awaited."""
    if st.winners:
        raise IllegalAction("The game is over: no more cards are played.")
    if not isinstance(seat, int) or not 0 <= seat < SEATS:
        raise IllegalAction(f"There is no seat {seat} at this table.")
    turn = to_play(st)
    if seat != turn:
        raise IllegalAction(f"It is not your turn: seat {turn} plays next.")


def _check_call(st: JohnSmithState, seat: int) -> None:
    """Refuse a call that §3.2 does not allow, saying why."""
    if st.trick:
        raise IllegalAction("You may call for John Smith only when you lead to a trick.")
    if SALLY not in st.hands[seat]:
        raise IllegalAction("You may call for John Smith only when you hold Mrs Sally Smith.")
    if JOHN in st.hands[seat]:
        raise IllegalAction("You hold John Smith yourself: lead a card with 'play' instead.")
    assert holder(st.hands, JOHN) == -1
    raise IllegalAction("John Smith has been played this deal: lead a card with 'play'.")


def _check(st: JohnSmithState, seat: int, card: str, call: bool) -> None:
    """Refuse a call not allowed, a card not held, or a card the rules forbid."""
    _check_turn(st, seat)
    if call:
        if not may_call(st, seat):
            _check_call(st, seat)
        return
    hand = st.hands[seat]
    if card not in hand:
        raise IllegalAction(f"You do not hold {card_name(card, Pack.YANKEE)}.")
    if card in playable(st, seat):
        return
    if st.called and JOHN in hand:
        raise IllegalAction("John Smith was called: you must play him, 'play 0F'.")
    suit = required_suit(hand, st.trick[0], st.trump, FACES)
    assert suit is not None
    raise follow_refusal(suit, st.trick[0], st.trump)


class JohnSmith(Game[JohnSmithState]):
    """John Smith (rules.md): partnership Tilters where Sally captures John."""

    info = GameInfo(
        key=KEY,
        title="John Smith",
        family="trick",
        min_seats=SEATS,
        max_seats=SEATS,
        options=(
            Option(
                "target",
                20,
                "Points to win: the book's 20; S0's author recommends at least 40.",
                minimum=5,
                maximum=99,
            ),
            Option(
                "john_smith_faces_bonus",
                5,
                "Points for the larger sum of Faces captured (the source says 5, once 6).",
                choices=(5, 6),
            ),
        ),
        source='Hoyle\'s Games (1857), as retold in "yankee notion cards"',
        summary="Partnership Tilters where Mrs Sally Smith captures John Smith in one trick.",
        rules=RULES_TEXT,
        pack=Pack.YANKEE,
        # Every deal scores at least 5 + 5 + 5 + 4 = 19 points between the sides, and
        # before the last deal both are below a target of at most 99 (2 x 98 points), so
        # a game lasts at most 11 deals of 50 actions ('call' plays a card).
        max_actions=11 * 50,
    )

    def new(
        self,
        seats: int,
        seed: int,
        options: Mapping[str, object] | None = None,
        deck: Sequence[str] | None = None,
        stacks: Sequence[int] | None = None,
    ) -> JohnSmithState:
        """A new game: seat 0 deals the first hand, shuffled (or stacked with `deck`)."""
        self.check_seats(seats)
        opts = self.options(options)
        stacked = stacked_deck(deck, PACK, Pack.YANKEE) if deck is not None else None
        return first_state(seed, int(opts["target"]), int(opts["john_smith_faces_bonus"]), stacked)

    def awaiting(self, state: JohnSmithState) -> frozenset[int]:
        """The one seat to play; empty when the game is over."""
        turn = to_play(state)
        return frozenset() if turn < 0 else frozenset((turn,))

    def legal_actions(self, state: JohnSmithState, seat: int) -> list[str]:
        """The seat's playable cards as 'play XX', and 'call' when it may call; sorted."""
        if state.winners or seat != to_play(state):
            return []
        actions = [f"play {card}" for card in playable(state, seat)]
        if may_call(state, seat):
            actions.append("call")
        return sorted(actions)

    def apply(self, state: JohnSmithState, seat: int, action: str) -> JohnSmithState:
        """The state after the seat plays a card or calls (scoring the deal when it ends)."""
        card, call = _parse(action)
        _check(state, seat, card, call)
        return play(state, seat, card, call)

    def view(self, state: JohnSmithState, seat: int | None) -> View:
        """The table as the seat sees it: its hand, the trick, the call, trump and scores."""
        out = self._facts(state, seat)
        out["scene"] = _scene(state, seat)
        return out

    def ai_view(self, state: JohnSmithState, seat: int) -> View:
        """The part of the seat's view the AI reads (the same values as view's)."""
        st = state
        out: View = {
            "teams": [0, 1, 0, 1],
            "trump": st.trump,
            "trick": list(st.trick),
            "trick_owners": list(st.players[: len(st.trick)]),
            "players": list(st.players),
            "called": st.called,
            "played": sorted(chain.from_iterable(st.won)),
        }
        if 0 <= seat < SEATS:
            out["hand"] = list(st.hands[seat])
        return out

    def _facts(self, state: JohnSmithState, seat: int | None) -> View:
        st = state
        turn = to_play(st)
        out: View = {
            "game": KEY,
            "seats": SEATS,
            "deal": st.deal,
            "dealer": st.dealer,
            "elder": elder_of(st.dealer, SEATS),
            "turn": turn if turn >= 0 else None,
            "teams": [team_of(s, SEATS) for s in range(SEATS)],
            "trump": st.trump,
            "turned": list(st.turned),
            "hand_sizes": [len(h) for h in st.hands],
            "trick": list(st.trick),
            "trick_owners": list(st.players[: len(st.trick)]),
            "players": list(st.players),
            "called": st.called,
            "played": sorted(chain.from_iterable(st.won)),
            "tricks": list(st.tricks),
            "face_sums": [face_sum(pile) for pile in st.won],
            "scores": list(st.scores),
            "target": st.target,
            "last_trick": {"cards": list(st.last), "owners": list(st.last_owners)},
            "last_winner": st.last_winner if st.last_winner >= 0 else None,
            "last_deal": [dict(zip(CATEGORIES, row, strict=True)) for row in st.last_deal],
            "last_john": st.last_john or None,
            "commitment": deal_commitment(st.seed, st.deal - 1),
            "over": bool(st.winners),
        }
        if seat is not None and 0 <= seat < SEATS:
            out["hand"] = list(st.hands[seat])
        if st.winners:
            out["winners"] = list(st.winners)
            out["decided"] = st.decided
            out["deal_seeds"] = [deal_seed(st.seed, d) for d in range(st.deal)]
        return out

    def outcome(self, state: JohnSmithState) -> Outcome | None:
        """Once over: each seat's side's score, and the seats of the winning side."""
        if not state.winners:
            return None
        (side,) = state.winners
        points = tuple(state.scores[team_of(s, SEATS)] for s in range(SEATS))
        winners = tuple(s for s in range(SEATS) if team_of(s, SEATS) == side)
        summary = (
            f"Seats {winners[0]} and {winners[1]} won {state.scores[side]} to "
            f"{state.scores[1 - side]}, reaching {state.target} on {state.decided}."
        )
        return Outcome(points=points, winners=winners, summary=summary)

    def dump(self, state: JohnSmithState) -> dict[str, Any]:
        """The state as JSON-safe data."""
        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> JohnSmithState:
        """The state dumped by dump."""
        return load_state(data)

    def cards(self, state: JohnSmithState) -> list[str]:
        """Hands, the trick and the won tricks: always the whole pack."""
        held = (c for hand in state.hands for c in hand)
        won = (c for pile in state.won for c in pile)
        return [*held, *state.trick, *won]

    def private_cards(self, state: JohnSmithState, seat: int) -> frozenset[str]:
        """The seat's hand, less the dealer's turned-up cards and the last trick's codes
        (which everyone has seen, the last trick possibly from the previous deal)."""
        return frozenset(state.hands[seat]).difference(state.turned, state.last)

    def deal_number(self, state: JohnSmithState) -> int:
        """How many deals have been started."""
        return state.deal

    def describe_action(self, action: str) -> str:
        """'call' -> 'Calls for John Smith'; 'play 7E' -> 'Plays the 7 of eagles'."""
        if action == "call":
            return "Calls for John Smith"
        try:
            return f"Plays {card_name(_parse(action)[0], Pack.YANKEE)}"
        except IllegalAction:
            return action.capitalize()


GAME = JohnSmith()


def _call_lines(cards: Sequence[str], owners: Sequence[int], called: bool) -> list[str]:
    """The verses of a called trick: the call, and the answer once John is played."""
    if not called or not cards:
        return []
    lines = [f'Seat {owners[0]} calls: "{CALL_VERSE}"']
    if JOHN in cards:
        lines.append(f'Seat {owners[list(cards).index(JOHN)]} answers: "{ANSWER_VERSE}"')
    return lines


def _lines(st: JohnSmithState) -> list[str]:
    """The scene's text: the call of the trick in play (or just taken), the last deal."""
    lines = _call_lines(st.trick, st.players, st.called)
    if not st.trick:
        lines = _call_lines(st.last, st.last_owners, st.last_called)
    if st.last_deal:
        side = next(s for s in (0, 1) if st.last_deal[s][0])
        lines.append(f"John Smith {st.last_john} by seats {side} and {side + 2}.")
        for s in (0, 1):
            parts = ", ".join(f"{n} {p}" for n, p in zip(CATEGORIES, st.last_deal[s], strict=True))
            lines.append(f"Last deal, seats {s} and {s + 2}: {parts}.")
    if st.winners:
        lines.append(f"Won on {st.decided}.")
    return lines


def _scene(st: JohnSmithState, viewer: int | None) -> Scene:
    """The table picture: every seat in its partnership's colour (its own hand face up, the
    dealer's turned cards face up for all), the trick, and the call's verses."""
    turn = to_play(st)
    seats = []
    for s in range(SEATS):
        hand = st.hands[s]
        shown = hand if s == viewer else tuple(c for c in hand if c in st.turned)
        side = team_of(s, SEATS)
        tricks = st.tricks[side]
        elder = "elder, " if s == elder_of(st.dealer, SEATS) else ""
        seats.append(
            seat(
                cards=shown,
                backs=len(hand) - len(shown),
                score=st.scores[side],
                badge="dealer" if s == st.dealer else "",
                note=f"{elder}{tricks} trick" + ("" if tricks == 1 else "s"),
                active=s == turn,
                team=side,
            )
        )
    groups = [group("row", "Trick", st.trick, owners=st.players[: len(st.trick)])]
    if st.last:
        groups.append(group("row", "Last trick", st.last, owners=st.last_owners))
    title = f"John Smith - deal {st.deal}" if not st.winners else "John Smith - over"
    counters = [("Trump", YANKEE_SUIT_NAMES[st.trump]), ("Target", st.target)]
    return scene(Pack.YANKEE, title, seats, groups, counters, _lines(st))
