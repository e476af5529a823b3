"""Pick-Nick (`pick-nick`): a Euchre-like partnership game for four, with a 30-card Yankee
Notion pack, a turned-up proposed trump, the filly and lone hands.

Source: rules.md (§4.1 the sourced game, §4.2 our reconstructions: the trump
order, the turn-up, the dealer's Faces, round two, the throw-in, lone hands and the
scoring table) and §1.2-§1.3 (seating, partnerships 0 & 2 against 1 & 3, following,
the Faces as a permanent second trump). Options holding our choices:
`pick_nick_soft_penalties` (§4.2: each defender award one point less) and `target`
(7, the book's, or 10, S0's suggestion).
Choices without an option: seat 0 deals first; the dealer takes turned-up Faces one at a
time, each for a card of his hand, before the bidding; going alone is said with the bid
('order alone', 'assist alone', 'name L alone'); when the dealer's partner assists alone
the dealer sits out and does not take the proposed card; every deal reshuffles the whole
pack. A long run of throw-ins could, strictly, outlast `max_actions`.
The state and the flow of a deal live in `flow.py`, the trick rules in `bot/games/yankee/tricks.py`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.games.base import Game, GameInfo, Outcome
from bot.games.cards import YANKEE_SUIT_NAMES, Pack, card_name, parse_cards, stacked_deck, suit_of
from bot.games.errors import IllegalAction
from bot.games.options import Option
from bot.games.rng import deal_commitment, deal_seed
from bot.games.rules_text import rules_page
from bot.games.state import Dumped, JsonDict
from bot.games.tricks.rules import elder_of, partner_of, required_suit, team_of
from bot.games.yankee.pick_nick.cards import PACK, filly, follow_cards, play_suit
from bot.games.yankee.pick_nick.flow import (
    DISCARD,
    FACES_PHASE,
    PLAY,
    ROUND_ONE,
    SEATS,
    PickNickState,
    dump_state,
    first_state,
    legal,
    load_state,
    out_seat,
    proposal,
    start_bidding,
    to_play,
)
from bot.games.yankee.pick_nick.flow import call as _call
from bot.games.yankee.pick_nick.flow import discard as _discard
from bot.games.yankee.pick_nick.flow import play as _play
from bot.games.yankee.pick_nick.flow import take_face as _take_face
from bot.games.yankee.pick_nick.view import PickNickPlay, PickNickView, table_scene
from bot.games.yankee.tricks import FACES

__all__ = ["GAME", "PickNick", "PickNickState"]

KEY = "pick-nick"
_MAX_ACTION_CHARS = 32

RULES_TEXT = rules_page(__package__)
"""The rules as every front end shows them, from rules.md in this folder."""


def _seat_name(side: int) -> str:
    """A side's seats in words."""
    return "seats 0 and 2" if side == 0 else "seats 1 and 3"


def _play_refusal(st: PickNickState, seat: int, words: list[str]) -> IllegalAction:
    """Why a card may not be played now."""
    if len(words) != 2 or words[0] != "play":
        return IllegalAction("Write 'play' and a card from your hand, like 'play 7E'.")
    (card,) = parse_cards(words[1:], Pack.YANKEE)
    hand = st.hands[seat]
    if card not in hand:
        return IllegalAction(f"You do not hold {card_name(card, Pack.YANKEE)}.")
    suit = play_suit(st.trump)
    need = required_suit(hand, st.trick[0], st.trump, FACES, suit)
    led = suit(st.trick[0])
    if need == st.trump:
        cards = [c for c in hand if suit(c) == st.trump]
        if cards == [filly(st.trump)] and led == st.trump:
            return IllegalAction("The filly is your only trump: you must play it.")
        if led == FACES:
            return IllegalAction("A Face was led and you hold none: you must play a trump.")
        return IllegalAction("Trumps were led: you must play a trump, as you hold one.")
    if need == FACES:
        if led == FACES:
            return IllegalAction("A Face was led: you must play a Face, as you hold one.")
        return IllegalAction("Trumps were led and you hold none: you must play a Face.")
    return IllegalAction(f"You must follow suit: you hold {YANKEE_SUIT_NAMES[str(need)]}.")


def _refusal(st: PickNickState, seat: int, action: str) -> IllegalAction:
    """The sentence refusing an action that is not among the seat's legal actions."""
    words = action.split(" ")
    if st.phase == PLAY:
        return _play_refusal(st, seat, words)
    if st.phase == FACES_PHASE:
        return IllegalAction(
            "Take a turned-up Face for a card of your hand, like 'take 3F 7L', or 'keep'."
        )
    if st.phase == DISCARD:
        return IllegalAction("Discard a card of your hand face down, like 'discard 7L'.")
    if st.phase == ROUND_ONE:
        verb = "assist" if seat == partner_of(st.dealer, SEATS) else "order"
        suit = YANKEE_SUIT_NAMES[suit_of(proposal(st))]
        return IllegalAction(f"Say '{verb}' (or '{verb} alone') to make {suit} trump, or 'pass'.")
    down = suit_of(proposal(st))
    if words[0] == "name" and len(words) > 1 and words[1].upper() in (down, FACES):
        what = "Faces are never trump" if words[1].upper() == FACES else "That suit was turned down"
        other = "E" if down == "L" else "L"
        return IllegalAction(f"{what}: name another suit, like 'name {other}'.")
    return IllegalAction("Name a new trump suit, like 'name L' or 'name L alone', or 'pass'.")


class PickNick(Game[PickNickState]):
    """Pick-Nick (rules.md): a proposed trump, the filly, and lone hands."""

    info = GameInfo(
        key=KEY,
        title="Pick-Nick",
        family="trick",
        min_seats=4,
        max_seats=4,
        options=(
            Option(
                "pick_nick_soft_penalties",
                False,
                "Each picked, nicked or pick-nicked award one point less (more like Euchre).",
            ),
            Option("target", 7, "Points to win: the book's 7, or 10.", choices=(7, 10)),
        ),
        source='Hoyle\'s Games (1857), as retold in "yankee notion cards"',
        summary="Euchre for the Yankee Notion pack: order up, assist, the filly, lone hands.",
        rules=RULES_TEXT,
        pack=Pack.YANKEE,
        # Every deal that is played scores a point, so a game plays at most 13 of them
        # (6 + 6 + 1), each of at most 1 + 2 * 10 Face swaps, 8 bids, 1 discard and 20
        # cards; the rest is room for throw-ins (which score nothing).
        max_actions=13 * 50 + 550,
    )

    def new(
        self,
        seats: int,
        seed: int,
        options: Mapping[str, object] | None = None,
        deck: Sequence[str] | None = None,
        stacks: Sequence[int] | None = None,
    ) -> PickNickState:
        """A new game: seat 0 deals the first hand, shuffled (or stacked with `deck`)."""
        self.check_seats(seats)
        opts = self.options(options)
        soft = bool(opts["pick_nick_soft_penalties"])
        stacked = stacked_deck(deck, PACK, Pack.YANKEE) if deck is not None else None
        return first_state(seed, int(opts["target"]), soft, stacked)

    def awaiting(self, state: PickNickState) -> frozenset[int]:
        """The one seat to act; empty when the game is over."""
        turn = to_play(state)
        return frozenset() if turn < 0 else frozenset((turn,))

    def legal_actions(self, state: PickNickState, seat: int) -> list[str]:
        """The seat's legal actions, sorted; empty if it is not its turn."""
        return legal(state, seat)

    def apply(self, state: PickNickState, seat: int, action: str) -> PickNickState:
        """The state after the seat's action (scoring the deal when its last trick ends)."""
        st = state
        if st.winners:
            raise IllegalAction("The game is over: nothing more is played.")
        if not isinstance(seat, int) or not 0 <= seat < SEATS:
            raise IllegalAction(f"There is no seat {seat} at this table.")
        if not isinstance(action, str) or len(action) > _MAX_ACTION_CHARS:
            raise IllegalAction("Write an action, like 'pass' or 'play 7E'.")
        turn = to_play(st)
        if seat != turn:
            raise IllegalAction(f"It is not your turn: seat {turn} acts next.")
        words = action.strip().split(" ")
        if len(words) >= 2 and words[0] in ("take", "discard", "play", "name"):
            words[1] = words[1].upper()
        if len(words) == 3 and words[0] == "take":
            words[2] = words[2].upper()
        action = " ".join(words)
        if st.phase == PLAY:
            # the same test as `action in legal(st, seat)`, without building the list
            ok = len(words) == 2 and words[0] == "play"
            if not ok or words[1] not in follow_cards(st.hands[seat], st.trick, st.trump):
                raise _refusal(st, seat, action)
        elif action not in legal(st, seat):
            raise _refusal(st, seat, action)
        if words[0] == "take":
            return _take_face(st, words[1], words[2])
        if words[0] == "keep":
            return start_bidding(st)
        if words[0] == "discard":
            return _discard(st, words[1])
        if words[0] == "play":
            return _play(st, seat, words[1])
        return _call(st, seat, action)

    def view(self, state: PickNickState, seat: int | None) -> PickNickView:
        """The table as the seat sees it: its hand, the proposal, the bids, the trick."""
        out = self._facts(state, seat)
        out["scene"] = table_scene(state, seat)
        return out

    def ai_view(self, state: PickNickState, seat: int) -> PickNickPlay:
        """The part of the seat's view the AI reads (the same keys and values as view's)."""
        st = state
        out: PickNickPlay = {
            "phase": st.phase,
            "dealer": st.dealer,
            "teams": [0, 1, 0, 1],
            "proposal": st.turned[-1],
            "table": list(st.table),
            "maker": st.maker if st.maker >= 0 else None,
            "trump": st.trump,
            "trick": list(st.trick),
            "trick_owners": list(st.players[: len(st.trick)]),
        }
        if 0 <= seat < SEATS:
            out["hand"] = list(st.hands[seat])
        return out

    def _facts(self, state: PickNickState, seat: int | None) -> PickNickView:
        st = state
        turn = to_play(st)
        out: PickNickView = {
            "game": KEY,
            "seats": SEATS,
            "deal": st.deal,
            "dealer": st.dealer,
            "elder": elder_of(st.dealer, SEATS),
            "phase": st.phase,
            "turn": turn if turn >= 0 else None,
            "teams": [team_of(s, SEATS) for s in range(SEATS)],
            "proposal": proposal(st),
            "turned": list(st.turned),
            "table": list(st.table),
            "calls": list(st.calls),
            "maker": st.maker if st.maker >= 0 else None,
            "alone": st.alone,
            "out": out_seat(st) if st.alone else None,
            "trump": st.trump,
            "hand_sizes": [len(h) for h in st.hands],
            "trick": list(st.trick),
            "trick_owners": list(st.players[: len(st.trick)]),
            "players": list(st.players),
            "tricks": list(st.tricks),
            "scores": list(st.scores),
            "target": st.target,
            "soft_penalties": st.soft,
            "last_trick": {"cards": list(st.last), "owners": list(st.last_owners)},
            "last_winner": st.last_winner if st.last_winner >= 0 else None,
            "result": st.result,
            "commitment": deal_commitment(st.seed, st.deal - 1),
            "over": bool(st.winners),
        }
        if seat is not None and 0 <= seat < SEATS:
            out["hand"] = list(st.hands[seat])
            if seat == st.dealer:
                out["discards"] = list(st.discards)
        if st.winners:
            out["winners"] = list(st.winners)
            out["deal_seeds"] = [deal_seed(st.seed, d) for d in range(st.deal)]
        return out

    def outcome(self, state: PickNickState) -> Outcome | None:
        """Once over: each seat's side's score, and the seats of the winning side."""
        if not state.winners:
            return None
        side = state.winners[0]
        points = tuple(state.scores[team_of(s, SEATS)] for s in range(SEATS))
        winners = tuple(s for s in range(SEATS) if team_of(s, SEATS) == side)
        summary = f"{_seat_name(side).capitalize()} won {state.scores[side]}."
        return Outcome(points=points, winners=winners, summary=summary)

    def dump(self, state: PickNickState) -> JsonDict:
        """The state as JSON-safe data."""
        return dump_state(state)

    def load(self, data: Dumped) -> PickNickState:
        """The state dumped by dump."""
        return load_state(data)

    def cards(self, state: PickNickState) -> list[str]:
        """Hands, the pack (face up and down), discards, the trick and the played cards."""
        held = (c for hand in state.hands for c in hand)
        lying = (*state.stock, *state.table, *state.discards, *state.trick, *state.played)
        return [*held, *lying]

    def private_cards(self, state: PickNickState, seat: int) -> frozenset[str]:
        """The seat's hand (and the dealer's discards), less the cards everyone has seen
        turned up and the last trick's codes."""
        own = set(state.hands[seat])
        if seat == state.dealer:
            own.update(state.discards)
        return frozenset(own).difference(state.turned, state.last)

    def deal_number(self, state: PickNickState) -> int:
        """How many deals have been started."""
        return state.deal

    def describe_action(self, action: str) -> str:
        """Every verb in words: 'order alone' -> 'Orders it up and goes alone'."""
        words = action.split(" ")
        alone = " and goes alone" if words[-1] == "alone" else ""
        try:
            cards = [card_name(c, Pack.YANKEE) for c in parse_cards(words[1:3], Pack.YANKEE)]
        except IllegalAction:
            cards = []
        verb = words[0]
        if verb == "pass":
            return "Passes"
        if verb == "keep":
            return "Leaves the turned-up Faces on the pack"
        if verb == "order":
            return "Orders it up" + alone
        if verb == "assist":
            return "Assists" + alone
        if verb == "name" and len(words) > 1 and words[1].upper() in YANKEE_SUIT_NAMES:
            return f"Names {YANKEE_SUIT_NAMES[words[1].upper()]} as trump{alone}"
        if verb == "take" and len(cards) == 2:
            return f"Takes {cards[0]}, discarding {cards[1]}"
        if verb in ("discard", "play") and len(cards) == 1 and len(words) == 2:
            return f"{verb.capitalize()}s {cards[0]}"
        return action.capitalize()

    def announce(self, state: PickNickState, seat: int, action: str) -> str:
        """As the table hears it: a discard goes face down, so it is not named."""
        words = action.split(" ")
        if words[0] == "take" and len(words) == 3:
            try:  # the Face taken was turned up for all to see
                taken = card_name(parse_cards(words[1:2], Pack.YANKEE)[0], Pack.YANKEE)
            except IllegalAction:
                return "Takes a turned-up Face, discarding a card face down"
            return f"Takes {taken}, discarding a card face down"
        if words[0] == "discard":
            return "Discards a card face down"
        return self.describe_action(action)


GAME = PickNick()
