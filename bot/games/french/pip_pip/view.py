"""Pip-Pip!'s table picture (rules.md): each seat with its running score and, face up in
front of it, the kings and queens it laid in calls (the viewer's own hand face up to it);
the cards that fixed trump (the draw for the first dealer, or the card cut on later
deals) until the first trick is taken; the trick, the last trick and the dead stock
turned face up; counters for trump, a pending trump change and the stock; and lines
saying what waits and how the last hand scored. Also which card codes everyone can see.
"""

from __future__ import annotations

from itertools import chain

from bot.games.cards import FRENCH_SUIT_NAMES, FRENCH_SYMBOLS, Pack, french_short
from bot.games.french.pip_pip.cards import trump_after
from bot.games.french.pip_pip.flow import PipPipState, to_play, trump_card
from bot.games.scene import Group, Scene, SeatScene, group, scene, seat
from bot.games.tricks.base import trick_groups
from bot.games.tricks.facts import TrickView
from bot.games.tricks.rules import elder_of


class PipPipPlay(TrickView, total=False):
    """What Pip-Pip!'s AI reads: the trick table's facts, with the calls waiting to change
    trump, the stock's count, the cards laid face up and the dead stock."""

    pending: list[str]
    """The suits called in the trick in play, in order, waiting to become trump."""
    first_call_wins: bool
    stock: int
    exposed: list[list[str]]
    """Per seat, its cards laid face up in its calls."""
    dead: list[str]


class PipPipView(PipPipPlay, total=False):
    """Pip-Pip!'s facts: what its AI reads, with the turn-ups, the calls and the deals."""

    shown: list[list[int | str]]
    """The cards turned to fix trump, as [seat, card]."""
    calls: list[list[int | str]]
    """This deal's calls, as [seat, suit]."""
    rotations: int
    last_deal: list[int]


def public_cards(st: PipPipState) -> frozenset[str]:
    """Every card code anyone at the table can see: laid in calls, in the trick or the
    last trick, taken this hand, the dead stock, and the cards shown for trump."""
    return frozenset(
        chain(
            chain.from_iterable(st.exposed),
            st.trick,
            st.last,
            chain.from_iterable(st.won),
            st.dead,
            (card for _seat, card in st.shown),
        )
    )


def _note(st: PipPipState, s: int) -> str:
    """A seat's short line: elder hand, then the suits it called this hand (as symbols,
    to fit a twelve-seat table), or else its tricks."""
    seats = len(st.hands)
    elder = "elder, " if s == elder_of(st.dealer, seats) else ""
    called = "".join(FRENCH_SYMBOLS[suit] for who, suit in st.calls if who == s)
    if called:
        return f"{elder}called {called}"
    tricks = st.tricks[s]
    return f"{elder}{tricks} trick{'' if tricks == 1 else 's'}"


def _seats(st: PipPipState, viewer: int | None) -> list[SeatScene]:
    """Every seat: its hand face up to the viewer, else the cards it laid face up in calls
    and the rest as backs; its score, the dealer's badge and its note."""
    turn = to_play(st)
    out = []
    for s, hand in enumerate(st.hands):
        shown = hand if s == viewer else st.exposed[s]
        out.append(
            seat(
                cards=shown,
                backs=len(hand) - len(shown),
                score=st.scores[s],
                badge="dealer" if s == st.dealer else "",
                note=_note(st, s),
                active=s == turn,
            )
        )
    return out


def _groups(st: PipPipState) -> list[Group]:
    """The middle: the trump cards shown (before the first trick is taken), the trick and
    the last trick, and the dead stock."""
    out: list[Group] = []
    if st.shown and not any(st.tricks):
        label = "Drawn for the deal" if st.deal == 1 else "Cut for trump"
        cards = [card for _seat, card in st.shown]
        out.append(group("row", label, cards, owners=[s for s, _card in st.shown]))
    out += trick_groups(st)
    if st.dead:
        out.append(group("fan", "Dead stock", st.dead))
    return out


def _lines(st: PipPipState) -> list[str]:
    """What the trump cards said, a pending change, and the last hand's scores."""
    lines = []
    if st.shown and not any(st.tricks):
        who, card = trump_card(st)
        how = "won the draw for the deal with" if st.deal == 1 else "cut"
        lines.append(f"Seat {who} {how} {french_short(card)}, so {_suit(st.trump)} are trumps.")
    if st.pending:
        calls = st.calls[-len(st.pending) :]
        after = _suit(trump_after(st.trump, st.pending, st.first_call_wins))
        if len(calls) == 1:
            lines.append(f"Pip-Pip! by seat {calls[0][0]}: {after} trump from the next lead.")
        else:
            callers = ", ".join(f"seat {who} ({_suit(suit)})" for who, suit in calls)
            lines.append(f"Pip-Pip! by {callers}: {after} trump from the next lead.")
    if st.last_deal:
        parts = ", ".join(f"seat {s} {p}" for s, p in enumerate(st.last_deal))
        lines.append(f"Last hand: {parts}.")
    return lines


def _suit(suit: str) -> str:
    """A suit's name: 'hearts'."""
    return FRENCH_SUIT_NAMES[suit]


def table_scene(st: PipPipState, viewer: int | None) -> Scene:
    """The table picture from the viewer's seat (None: an onlooker's)."""
    title = f"Pip-Pip! - hand {st.deal} of {len(st.hands) * st.rotations}"
    if st.winners:
        title = "Pip-Pip! - over"
    counters: list[tuple[str, object]] = [("Trump", _suit(st.trump))]
    if st.pending:
        after = trump_after(st.trump, st.pending, st.first_call_wins)
        counters.append(("Next trump", _suit(after)))
    counters.append(("Stock", len(st.stock)))
    if st.dead:
        counters.append(("Dead", len(st.dead)))
    return scene(Pack.FRENCH, title, _seats(st, viewer), _groups(st), counters, _lines(st))
