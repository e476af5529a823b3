"""Quien Sabe (`quien-sabe`): a calling game of the Yankee Notion pack, played for chips.

Source: rules.md (the game, the payout we reconstructed in §5.2, the open questions
of §5.3) and the chip policy (table stakes: a difference bigger than a stack is paid with the whole
stack, shared in proportion). Options holding our choices: `ante` (each player's stake in
the pool per deal), `rate` (chips per point of difference), `exact_bonus` (paid by each
other player for a call exactly at the QSN), `quien_sabe_soft_score` with `soft_target`
(points on paper, first to the target wins) and `rounds` (each round every seat deals once).

Choices without an option: seat 0 deals first and the deal passes left one seat a hand, to
the first seat after the last dealer that is dealt in; a seat that cannot cover the ante
sits the deal out and the QSN counts only the players dealt in; a deal begins with the
dealer's action 'deal', by which the antes go in and then the cards are dealt (until then a
stack may change or a seat leave at once; after it, when the deal is paid); a void deal of
round one does not count towards the game's length, is dealt from a fresh shuffle with the
same players, and after MAX_REDEALS voids in a row the next one is played out whatever its
total; after a call the cards are turned up but the cards still in hand are not; a deal
nobody called shows no face-down card; in soft score no chip ever moves (the antes and the
pool are points on paper), the game ends as soon as a call takes someone to the target
(several at once: the highest score wins, equal ones share) or after SOFT_DEALS deals with
the leader winning; when a game for chips ends, a pool left over is shared evenly, the odd
chips one at a time from the last deal's elder. The state and the flow of a deal live in
`flow.py`, the table picture and the last deal's story in `view.py`, and what every chip
game does alike in `bot/games/stakes.py`; here are the game object, its actions and
views.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.games.base import GameInfo, Outcome
from bot.games.cards import Pack, card_name, parse_card
from bot.games.errors import IllegalAction
from bot.games.options import Option
from bot.games.rng import deal_commitment
from bot.games.rules_text import rules_page
from bot.games.stakes import (
    first_cards,
    net_result,
)
from bot.games.yankee.dealt import DealtGame, awaited, closing_facts, rounds_option
from bot.games.yankee.quien_sabe.flow import (
    DEAL,
    DECIDE,
    MAX_REDEALS,
    OVER,
    PACK,
    PLAY,
    ROUNDS,
    QuienSabeState,
    Settled,
    first_deal,
    reseat,
    to_deal,
)
from bot.games.yankee.quien_sabe.play import call, deal_out, pass_choice, play_card
from bot.games.yankee.quien_sabe.view import QuienSabeView, facts, reveal, table_scene

__all__ = ["GAME", "QuienSabe", "QuienSabeState"]

KEY = "quien-sabe"
_USAGE = "Write 'play' and one of your cards, like 'play 7F'; or 'call' or 'pass' when you choose."

RULES_TEXT = rules_page(__package__)
"""The rules as every front end shows them, from rules.md in this folder."""


def _max_actions(seats: int) -> int:
    """The most actions a game of `seats` players can last at default options: per deal,
    the voids' round-one cards, round one, then five rounds of a card and every choice."""
    per_deal = MAX_REDEALS * (seats - 1) + seats + (ROUNDS - 1) * seats * (1 + seats)
    return seats * per_deal


class QuienSabe(DealtGame[QuienSabeState]):
    """Quien Sabe (rules.md): play cards up, then down, and call at or over the QSN."""

    state_type = QuienSabeState
    last_type = Settled
    wait = "wait until this one is paid"
    to_deal = staticmethod(to_deal)
    deal_out = staticmethod(deal_out)

    info = GameInfo(
        key=KEY,
        title="Quien Sabe",
        family="chips",
        chips=True,
        min_seats=2,
        max_seats=8,
        options=(
            Option(
                "ante",
                1,
                "Chips each player puts in the pool every deal.",
                minimum=1,
                maximum=100,
            ),
            Option("rate", 1, "Chips paid per point of difference.", minimum=1, maximum=100),
            Option(
                "exact_bonus",
                0,
                "Chips each other player also pays a call exactly at the QSN.",
                minimum=0,
                maximum=100,
            ),
            Option(
                "quien_sabe_soft_score",
                False,
                "Keep points on paper instead of moving chips; first to soft_target wins.",
            ),
            Option(
                "soft_target",
                100,
                "Soft score: the points that win the game.",
                minimum=1,
                maximum=10_000,
            ),
            rounds_option(),
        ),
        source='Hoyle\'s Games (1857), as retold in "yankee notion cards"',
        summary="Play cards up, then down; call 'Quien sabe' when the total reaches 10 a player.",
        rules=RULES_TEXT,
        pack=Pack.YANKEE,
        max_actions=max(_max_actions(n) for n in range(2, 9)),
    )

    def new(
        self,
        seats: int,
        seed: int,
        options: Mapping[str, object] | None = None,
        deck: Sequence[str] | None = None,
        stacks: Sequence[int] | None = None,
    ) -> QuienSabeState:
        """A new game, its first deal shuffled (or stacked with `deck`) and dealt."""
        opts, chips = self.opening(seats, options, stacks)
        return first_deal(seats, seed, opts, chips, first_cards(deck, PACK, seed))

    def check_turn(self, state: QuienSabeState, seat: int, action: object) -> None:
        """Refuse a seat that is not the one awaited, saying why."""
        _check_turn(state, seat, action)

    def offers(self, state: QuienSabeState, seat: int) -> list[str]:
        """A card of the hand to play, or call and pass, sorted."""
        if state.phase == DECIDE:
            return ["call", "pass"]
        return sorted(f"play {c}" for c in state.hands[seat])

    def act(self, state: QuienSabeState, seat: int, action: str) -> QuienSabeState:
        """The state after the awaited seat plays a card, calls or passes."""
        if state.phase == DECIDE:
            if action == "call":
                return call(state, seat)
            if action == "pass":
                return pass_choice(state)
            if isinstance(action, str) and action.startswith("play "):
                raise IllegalAction(
                    "Say 'call' (Quien sabe) or 'pass' first: the next card comes when "
                    "everyone has passed."
                )
            raise IllegalAction("Choose 'call' to say Quien sabe, or 'pass' to say I pass.")
        card = _card_of(state, action)
        if card not in state.hands[seat]:
            raise IllegalAction(f"You do not hold {card}: play one of the cards in your hand.")
        return play_card(state, seat, card)

    def view(self, state: QuienSabeState, seat: int | None) -> QuienSabeView:
        """The table as the seat sees it: played cards, counts, its own cards, the pool."""
        st = state
        out = facts(st, seat)
        deciding = st.phase == DECIDE
        out |= {
            "game": KEY,
            "deal": st.shuffles,
            "dealt": st.dealt,
            "deals": st.deals,
            "dealer": st.dealer,
            "turn": st.turn if st.turn >= 0 else None,
            "played_by": st.players[st.lead] if deciding else None,
            "passed": st.asked if deciding else 0,
            "ante": st.ante,
            "soft_score": st.soft,
            "soft_target": st.target,
            "seats": [
                {
                    "stack": st.stacks[s],
                    "score": st.scores[s],
                    "in_deal": s in st.players,
                    "held": len(st.hands[s]),
                }
                for s in range(st.seats)
            ],
            "commitment": deal_commitment(st.seed, st.shuffles - 1),
            "last": reveal(st.last),
        }
        if st.phase == OVER:
            closing_facts(out, st.seed, st.shuffles, st.stacks)
        out["scene"] = table_scene(st, seat)
        return out

    def ai_view(self, state: QuienSabeState, seat: int) -> QuienSabeView:
        """What the AI decides from: a part of the seat's view (no scene, no history)."""
        return facts(state, seat)

    def outcome(self, state: QuienSabeState) -> Outcome | None:
        """Once over: chips won or lost per seat (none in soft score), and the winners."""
        if state.phase != OVER or not state.soft:
            return super().outcome(state)
        points, transfers = net_result(state.stacks, state.basis)
        best = max(state.scores)
        winners = tuple(s for s, p in enumerate(state.scores) if p == best)
        who = " and ".join(f"seat {s}" for s in winners)
        how = "reached" if best >= state.target else f"led after {state.dealt} deals with"
        summary = f"{who.capitalize()} {how} {best} points and won."
        return Outcome(points, winners, summary, transfers, scores=tuple(state.scores))

    def cards(self, state: QuienSabeState) -> list[str]:
        """The stock, the hands and the played cards: always the whole pack."""
        st = state
        return [
            *st.deck,
            *(c for s in range(st.seats) for c in st.hands[s] + st.up[s] + st.down[s]),
        ]

    def private_cards(self, state: QuienSabeState, seat: int) -> frozenset[str]:
        """The seat's hand and face-down cards, less codes the last reveal shows everyone."""
        hidden = frozenset(state.hands[seat] + state.down[seat])
        last = state.last
        if last is None:
            return hidden
        return hidden.difference(*last.up, *last.down)

    def deal_number(self, state: QuienSabeState) -> int:
        """How many deals have been dealt, voided ones included (each is a fresh shuffle)."""
        return state.shuffles

    def describe_action(self, action: str) -> str:
        """'call' -> 'Quien sabe!', 'pass' -> 'I pass', 'play 7F' -> 'Play Ruth, the Quakeress
        (7F)'."""
        if action == "call":
            return "Quien sabe!"
        if action == "pass":
            return "I pass"
        words = action.split(" ")
        if len(words) == 2 and words[0] == "play":
            try:
                card = parse_card(words[1], Pack.YANKEE)
            except IllegalAction:
                return action.capitalize()
            name = card_name(card, Pack.YANKEE)
            return f"Play {name} ({card})"
        return action.capitalize()

    def announce(self, state: QuienSabeState, seat: int, action: str) -> str:
        """As the table hears it: after round one a card goes face down, unnamed."""
        if state.round > 1 and action.startswith("play "):
            return "Play a card face down"
        return self.describe_action(action)

    def pot(self, state: QuienSabeState) -> int:
        """The chips in the pool (0 in soft score, where the pool is points on paper)."""
        return 0 if state.soft else state.pool

    def reseat(self, state: QuienSabeState) -> QuienSabeState:
        """The waiting deal seated again around changed stacks (over if too few can pay);
        in soft score, where no stack counts, as it was."""
        return state if state.soft else reseat(state)

    def put_in(self, state: QuienSabeState) -> tuple[int, ...]:
        """This deal's antes (none in soft score; a pool carried over stays where it is)."""
        return () if state.soft else state.anted


def _check_turn(st: QuienSabeState, seat: int, action: object) -> None:
    """Refuse a seat that is not the one awaited, saying why."""
    mine = awaited(st, seat, "The game is over: no more cards are played.")
    if st.phase == PLAY and action in ("call", "pass") and seat in st.players:
        if st.round == 1:
            raise IllegalAction(
                "Nobody may call or pass in round one: the first cards go face up. "
                + ("Play a card." if seat == st.turn else f"Seat {st.turn} plays next.")
            )
        if seat == st.turn:
            raise IllegalAction("Play a card face down first: you choose after it.")
        raise IllegalAction(f"Calls come after a face-down card: seat {st.turn} plays next.")
    if mine:
        return
    if seat not in st.players:
        raise IllegalAction("You sit this deal out: you could not cover the ante.")
    if st.phase == DEAL:
        raise IllegalAction(f"It is not your turn: seat {st.turn} deals.")
    if st.phase == DECIDE:
        raise IllegalAction(f"It is not your turn: seat {st.turn} says Quien sabe or passes.")
    raise IllegalAction(f"It is not your turn: seat {st.turn} plays next.")


def _card_of(st: QuienSabeState, action: object) -> str:
    """The card a 'play' action names, or the refusal that says what to write."""
    if not isinstance(action, str) or len(action) > 32:
        raise IllegalAction(_USAGE)
    words = action.split(" ")
    if words[0] != "play" or len(words) != 2:
        raise IllegalAction(_USAGE)
    return parse_card(words[1], Pack.YANKEE)


GAME = QuienSabe()
