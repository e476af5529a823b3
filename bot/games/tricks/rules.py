"""Trick rules as parameters, for any pack: pure functions over tuples of card codes.

Seats go clockwise 0, 1, ...; elder hand sits on the dealer's left (the next seat) and the
deal passes to the left, to the previous elder. Four players play in partnerships, seats 0
and 2 against 1 and 3 (partners sit opposite); with fewer seats every seat is a side of
its own. What differs between games is a parameter: the trump suit may be None (no
trumps); `second` is a permanent second trump class that is never trump itself (the
Yankee Notion Faces; None for a game without one); `strength` orders the cards of one
suit (higher wins); `suit` says which suit a card belongs to in play (Pick-Nick's filly
belongs to trump). Rules source: RULES.md §1.2-§1.3 and each game's own section.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from bot.games.cards import suit_of
from bot.games.errors import IllegalAction

Strength = Callable[[str], int]
Suit = Callable[[str], str]


def elder_of(dealer: int, seats: int) -> int:
    """Elder hand: the seat on the dealer's left, who is dealt to and leads first."""
    return (dealer + 1) % seats


def next_dealer(dealer: int, seats: int) -> int:
    """The next deal's dealer: the deal passes left, to the previous elder hand."""
    return (dealer + 1) % seats


def sides(seats: int) -> int:
    """How many sides play: two partnerships with four seats, else one side per seat."""
    return 2 if seats == 4 else seats


def team_of(seat: int, seats: int) -> int:
    """A seat's side: 0 for seats 0 and 2, 1 for seats 1 and 3 with four seats; else the seat."""
    return seat % 2 if seats == 4 else seat


def partner_of(seat: int, seats: int) -> int | None:
    """A seat's partner (the seat opposite) with four seats; None otherwise."""
    return (seat + 2) % 4 if seats == 4 else None


def deal_hands(
    deck: Sequence[str], seats: int, dealer: int, each: int, extras: Sequence[int] = ()
) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """Deal one card at a time clockwise from elder, `each` rounds, then one more card to
    each seat of `extras` in order (the four-handed odd cards: elder, then dealer).

    Returns the hands, each in the order its cards were received, and the undealt rest."""
    hands: list[list[str]] = [[] for _ in range(seats)]
    elder = elder_of(dealer, seats)
    dealt = seats * each
    for i, card in enumerate(deck[:dealt]):
        hands[(elder + i) % seats].append(card)
    odd = deck[dealt : dealt + len(extras)]
    assert len(odd) == len(extras), "the deck is too short for the deal"
    for seat, card in zip(extras, odd, strict=True):
        hands[seat].append(card)
    return tuple(tuple(h) for h in hands), tuple(deck[dealt + len(extras) :])


def odd_cards(seats: int, dealer: int) -> tuple[int, int]:
    """Who gets the two odd cards after the rounds: elder first, then the dealer."""
    return elder_of(dealer, seats), dealer


def turn_up(dealer_cards: Sequence[str], never_trump: str | None = None) -> tuple[str, ...]:
    """The dealer's cards turned face up to fix trump, in the order received: the first,
    and while a turned card is of the `never_trump` suit (a Face), the next as well.
    The last card turned names the trump suit; with no `never_trump` it is the first."""
    for i, card in enumerate(dealer_cards):
        if suit_of(card) != never_trump:
            return tuple(dealer_cards[: i + 1])
    raise AssertionError("the dealer holds no card that can fix trump")


def required_suit(
    hand: Sequence[str],
    lead: str | None,
    trump: str | None,
    second: str | None = None,
    suit: Suit = suit_of,
) -> str | None:
    """The suit the hand must play to a trick led by `lead`, or None if any card will do.

    A plain lead: that suit, else any card. A lead of `second` (the Yankee Faces): `second`, else
    trump, else any. A trump lead: trump, else `second`, else any (RULES.md §1.3)."""
    if lead is None:
        return None
    led = suit(lead)
    priority: tuple[str | None, ...]
    if led == second:
        priority = (second, trump)
    elif led == trump:
        priority = (trump, second)
    else:
        priority = (led,)
    held = {suit(card) for card in hand}
    return next((s for s in priority if s is not None and s in held), None)


def legal_cards(
    hand: Sequence[str],
    trick: Sequence[str],
    trump: str | None,
    second: str | None = None,
    suit: Suit = suit_of,
) -> tuple[str, ...]:
    """The cards of the hand that may be played to the trick so far (its first card led)."""
    need = required_suit(hand, trick[0] if trick else None, trump, second, suit)
    return tuple(card for card in hand if need is None or suit(card) == need)


def trick_winner(
    trick: Sequence[str],
    trump: str | None,
    second: str | None,
    strength: Strength,
    suit: Suit = suit_of,
) -> int:
    """The index in the trick of the card that wins it: the highest trump, else the highest
    of `second`, else the highest card of the suit led."""
    assert trick, "an empty trick has no winner"
    for wins in (trump, second, suit(trick[0])):
        if wins is None:
            continue
        played = [i for i, card in enumerate(trick) if suit(card) == wins]
        if played:
            return max(played, key=lambda i: strength(trick[i]))
    raise AssertionError("unreachable: the led suit is always in the trick")


def play_order(leader: int, among: Sequence[int], seats: int) -> tuple[int, ...]:
    """The seats of `among` in clockwise order starting with the leader."""
    assert leader in among, (leader, among)
    return tuple(sorted(among, key=lambda s: (s - leader) % seats))


def final_leader(winner: int, seats: int, dealer: int) -> int:
    """Who leads the final two-card trick between elder and dealer, after `winner` took
    the previous one: the winner if it is one of them; else the one whose partner won it;
    without partnerships (the three-handed odd cards), the dealer."""
    elder = elder_of(dealer, seats)
    if winner in (elder, dealer):
        return winner
    partner = partner_of(winner, seats)
    if partner in (elder, dealer):
        return partner
    return dealer


def next_players(hands: Sequence[Sequence[str]], winner: int, dealer: int) -> tuple[int, ...]:
    """The seats taking part in the next trick, in play order; () when the hands are out.

    Every seat holding cards plays; the winner of the last trick leads. When only elder
    and dealer hold a card (the odd cards), the final trick is theirs, led by final_leader."""
    seats = len(hands)
    holding = tuple(s for s in range(seats) if hands[s])
    if not holding:
        return ()
    if winner in holding:
        return play_order(winner, holding, seats)
    assert set(holding) == {elder_of(dealer, seats), dealer}, holding
    return play_order(final_leader(winner, seats, dealer), holding, seats)


def quick_next_players(hands: Sequence[Sequence[str]], winner: int, dealer: int) -> tuple[int, ...]:
    """next_players(hands, winner, dealer), answered without sorting while every seat still
    holds a card (the winner then leads and the others follow clockwise)."""
    rotations = _ROTATIONS.get(len(hands))
    if rotations is not None and all(hands):
        return rotations[winner]
    return next_players(hands, winner, dealer)


_ROTATIONS = {
    seats: tuple(tuple((lead + i) % seats for i in range(seats)) for lead in range(seats))
    for seats in range(1, 9)
}
"""Per table size, per leader, the seats clockwise from the leader."""


def _a(name: str) -> str:
    """The name with its indefinite article: 'a flag', 'an eagle', 'a Face'."""
    return ("an " if name[0] in "aeiouAEIOU" else "a ") + name


def follow_refusal(
    need: str, lead: str, trump: str | None, names: Mapping[str, str], second: str | None = None
) -> IllegalAction:
    """The sentence refusing a card when the hand must play the suit `need` to `lead`
    (the follow rules of required_suit); `names` gives each suit's singular name ("flag",
    "heart"; the second trump's, capitalised, like "Face")."""
    name, led = _a(names[need]), suit_of(lead)
    if led == need:
        if need == second:
            return IllegalAction(
                f"{name[0].upper()}{name[1:]} was led: you must play {name}, as you hold one."
            )
        return IllegalAction(f"You must follow suit: you hold {name}.")
    if need == trump:
        plain = _a(names[second]) if second is not None else "a card"
        return IllegalAction(
            f"{plain[0].upper()}{plain[1:]} was led and you hold none: you must trump with {name}."
        )
    return IllegalAction(f"Trumps were led and you hold none: you must play {name}.")


def played_from(
    hands: tuple[tuple[str, ...], ...], turned: tuple[str, ...], seat: int, card: str
) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """The hands and the dealer's turned-up cards once the seat has played the card: out
    of its hand, and out of the turned-up cards if it was one of them."""
    hand = hands[seat]
    if card in hand:
        at = hand.index(card)
        hand = hand[:at] + hand[at + 1 :]
    if card in turned:
        turned = tuple(c for c in turned if c != card)
    return (*hands[:seat], hand, *hands[seat + 1 :]), turned
