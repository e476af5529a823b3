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
§3 gives them. The state and the flow of a deal live in `flow.py`; what every trick
game object does alike, in bot/games/tricks/base.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import chain
from typing import TypedDict

from bot.games.base import GameInfo, Outcome
from bot.games.cards import YANKEE_SUIT_NAMES, Pack, stacked_deck
from bot.games.errors import IllegalAction
from bot.games.messages import Text
from bot.games.options import Option
from bot.games.rng import deal_commitment, deal_seed
from bot.games.rules_text import rules_page
from bot.games.scene import Scene, scene
from bot.games.tricks.base import TrickGame, check_card, trick_groups, trick_seats
from bot.games.tricks.facts import TrickView
from bot.games.tricks.rules import required_suit, team_of
from bot.games.yankee.john_smith.flow import (
    CATEGORIES,
    JOHN,
    SALLY,
    SEATS,
    JohnSmithState,
    face_sum,
    first_state,
    holder,
    may_call,
    play,
    playable,
    to_play,
)
from bot.games.yankee.tilters.flow import PACK
from bot.games.yankee.tricks import FACES, yankee_refusal

__all__ = ["GAME", "JohnSmith", "JohnSmithState"]

KEY = "john-smith"
CALL_VERSE = "Come forth, Great John..."
ANSWER_VERSE = "I know that voice!..."

RULES_TEXT = rules_page(__package__)
"""The rules as every front end shows them, from rules.md in this folder."""


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


def _refusal(st: JohnSmithState) -> IllegalAction:
    """The refusal of a card the rules forbid: John when he was called, else the suit."""
    hand = st.hands[to_play(st)]
    if st.called and JOHN in hand:
        return IllegalAction("John Smith was called: you must play him, 'play 0F'.")
    need = required_suit(hand, st.trick[0], st.trump, FACES)
    assert need is not None
    return yankee_refusal(need, st.trick[0], st.trump)


class JohnSmithPlay(TrickView, total=False):
    """What John Smith's AI reads: the trick table's facts and whether Sally was called."""

    called: bool


class JohnSmithEnd(TypedDict, total=False):
    """What a finished game of John Smith adds: how it was decided."""

    decided: str


class JohnSmithView(JohnSmithPlay, JohnSmithEnd, total=False):
    """John Smith's facts: the trick table's, with the call, the Faces won and the John."""

    face_sums: list[int]
    last_deal: list[dict[str, int]]
    """Per side, the last deal's score by category."""
    last_john: str | None


class JohnSmith(TrickGame[JohnSmithState]):
    """John Smith (rules.md): partnership Tilters where Sally captures John."""

    pack = Pack.YANKEE
    pack_cards = PACK
    state_class = JohnSmithState
    usage = "Write 'play' and a card from your hand, like 'play 7E', or 'call' to lead Sally."

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

    def to_play(self, state: JohnSmithState) -> int:
        """The seat to play next, -1 when the game is over."""
        return to_play(state)

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
        call = action == "call"
        card = SALLY if call else self.parse(action)
        self.check_turn(state, seat)
        if call:
            if not may_call(state, seat):
                _check_call(state, seat)
        else:
            hand = state.hands[seat]
            check_card(hand, card, playable(state, seat), Pack.YANKEE, _refusal, state)
        return play(state, seat, card, call)

    def view(self, state: JohnSmithState, seat: int | None) -> JohnSmithView:
        """The table as the seat sees it: its hand, the trick, the call, trump and scores."""
        st = state
        end: JohnSmithEnd = {"decided": st.decided} if st.winners else {}
        out: JohnSmithView = {
            **self.trick_facts(st, seat, KEY),
            **end,
            "called": st.called,
            "played": sorted(chain.from_iterable(st.won)),
            "face_sums": [face_sum(pile) for pile in st.won],
            "target": st.target,
            "last_deal": [dict(zip(CATEGORIES, row, strict=True)) for row in st.last_deal],
            "last_john": st.last_john or None,
            "commitment": deal_commitment(st.seed, st.deal - 1),
        }
        if st.winners:
            out["deal_seeds"] = [deal_seed(st.seed, d) for d in range(st.deal)]
        out["scene"] = _scene(st, seat)
        return out

    def ai_view(self, state: JohnSmithState, seat: int) -> JohnSmithPlay:
        """The part of the seat's view the AI reads (the same values as view's)."""
        return {
            **self.trick_ai_view(state, seat),
            "players": list(state.players),
            "called": state.called,
            "played": sorted(chain.from_iterable(state.won)),
        }

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

    def describe_action(self, action: str) -> Text:
        """'call' -> 'Calls for John Smith'; 'play 7E' -> 'Plays the 7 of eagles'."""
        if action == "call":
            return "Calls for John Smith"
        return super().describe_action(action)


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
    seats = trick_seats(st, viewer, to_play(st))
    title = f"John Smith - deal {st.deal}" if not st.winners else "John Smith - over"
    counters = [("Trump", YANKEE_SUIT_NAMES[st.trump]), ("Target", st.target)]
    return scene(Pack.YANKEE, title, seats, trick_groups(st), counters, _lines(st))
