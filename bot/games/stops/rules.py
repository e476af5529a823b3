"""The pure rules every Stops game shares, read from a game's page (`page.StopsRules`).

Sources: RULES.md §10 (Newmarket 1885), §11 (Newmarket 2011), §12 (Michigan). A sequence
runs up one suit from the lowest card led (aces low and kings high, or aces high); a stop
is a card nobody can follow, because it is the top of its suit, a card named as a stop by
the page (the 7♦ when the 8♦ is stripped), or the next card lies in the dead hand;
playing the card that wins a board place sweeps the chips on it, and chips nobody sweeps
carry over to the next deal. The pages themselves live in each game's folder.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.games.cards import french_short
from bot.games.errors import IllegalAction
from bot.games.stops.page import FIRST, HIGH, LAST, LOW, StopsRules


def _tables(order: tuple[str, ...]) -> tuple[dict[str, int], dict[str, str | None]]:
    """Each rank's place in `order`, and each card's successor in it."""
    place = {r: i for i, r in enumerate(order)}
    after: dict[str, str | None] = {}
    for suit in "SHDC":
        for i, r in enumerate(order):
            after[r + suit] = order[i + 1] + suit if i + 1 < len(order) else None
    return place, after


_TABLES = {LOW: _tables(LOW), HIGH: _tables(HIGH)}


def successors(order: tuple[str, ...]) -> dict[str, str | None]:
    """Each card's successor in `order` (LOW or HIGH), None after the top card: the table
    `successor` reads, for callers that look up many cards."""
    return _TABLES[order][1]


def successor(card: str, order: tuple[str, ...] = LOW) -> str | None:
    """The next higher card of the same suit in `order` (LOW or HIGH), or None after the
    top card."""
    return _TABLES[order][1][card]


def is_stop(rules: StopsRules, card: str, dead: Iterable[str]) -> bool:
    """Whether nobody can follow `card`: the top of its suit, a fixed stop, or its
    successor is dead."""
    after = successor(card, rules.order)
    return after is None or card in rules.fixed_stops or after in set(dead)


def legal_leads(hand: Sequence[str], order: tuple[str, ...] = LOW, not_suit: str = "") -> list[str]:
    """The cards a leader may lead: the lowest card of each suit he holds (but `not_suit`),
    sorted."""
    place = _TABLES[order][0]
    best: dict[str, str] = {}
    for card in hand:
        suit = card[-1]
        if suit == not_suit:
            continue
        low = best.get(suit)
        if low is None or place[card[:-1]] < place[low[:-1]]:
            best[suit] = card
    return sorted(best.values())


def holder_of(hands: Sequence[Sequence[str]], card: str) -> int | None:
    """The seat whose hand holds `card`, or None if it is dead or already played."""
    for seat, hand in enumerate(hands):
        if card in hand:
            return seat
    return None


def swept(rules: StopsRules, card: str, board: Sequence[int]) -> int:
    """The chips a played card sweeps from the board (0 unless it wins a place)."""
    index = rules.takers.get(card)
    return 0 if index is None else board[index]


def sweep(rules: StopsRules, card: str, board: tuple[int, ...]) -> tuple[int, ...]:
    """The board after `card` is played: the place it wins, if any, emptied; others carry."""
    index = rules.takers.get(card)
    if index is None:
        return board
    return (*board[:index], 0, *board[index + 1 :])


def stake(board: tuple[int, ...], spread: Sequence[int], times: int = 1) -> tuple[int, ...]:
    """The board after a player's spread is laid on it, `times` over (the dealer's share
    where the page multiplies it)."""
    return tuple(b + times * s for b, s in zip(board, spread, strict=True))


def dealer_times(rules: StopsRules, seat: int, dealer: int) -> int:
    """How many times over the seat's stake goes on the board: the page's multiple for the
    dealer, once for everyone else."""
    return rules.dressing.dealer_times if seat == dealer else 1


def out_payments(hands: Sequence[Sequence[str]], out: int) -> tuple[int, ...]:
    """Per seat, what it pays the player who went out: one chip per card still held."""
    return tuple(0 if seat == out else len(hand) for seat, hand in enumerate(hands))


def first_jack_dealer(cards: Sequence[str], seats: int) -> int:
    """The first dealer drawn as §10 says: cards dealt face up one at a time from seat 0,
    and the first seat to receive a jack deals. The cards must hold a jack."""
    for index, card in enumerate(cards):
        if card.startswith("J"):
            return index % seats
    raise ValueError("The draw for the first dealer holds no jack.")


def next_in_sequence(
    hands: Sequence[Sequence[str]], card: str, order: tuple[str, ...] = LOW
) -> int | None:
    """Who plays after `card`: the holder of its successor, or None at a stop (the
    successor is dead, already played, or there is none)."""
    after = successor(card, order)
    return None if after is None else holder_of(hands, after)


def deal_order(players: Sequence[int], spare_at: str) -> tuple[int, ...]:
    """The order of one round of the deal: the players from elder to the dealer (the last
    of `players`), with the spare hand (-1) where the game deals it."""
    if spare_at == FIRST:
        return (-1, *players)
    if spare_at == LAST:
        return (*players, -1)
    return (*players[:-1], -1, players[-1])


def deal_all(
    cards: Sequence[str], players: Sequence[int], seats: int, spare_at: str
) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """Every card dealt one at a time in `deal_order` (uneven hands are fine): each seat's
    hand (empty for a seat not dealt in) and the spare hand."""
    order = deal_order(players, spare_at)
    got: dict[int, list[str]] = {p: [] for p in order}
    for index, card in enumerate(cards):
        got[order[index % len(order)]].append(card)
    hands = tuple(tuple(got.get(s, ())) for s in range(seats))
    return hands, tuple(got[-1])


def parse_spread(text: str, total: int, places: int) -> tuple[int, ...]:
    """A typed spread such as `1 1 1 1` or `0,2,0,2`: one whole number of chips per boodle
    card, which must add up to the stake; refused in one sentence otherwise."""
    parts = text.replace(",", " ").split()
    if len(parts) != places or not all(p.isdigit() and len(p) < 6 for p in parts):
        raise IllegalAction(f"Give {places} whole numbers of chips, one for each board card.")
    spread = tuple(int(p) for p in parts)
    if sum(spread) != total:
        raise IllegalAction(f"Your spread adds up to {sum(spread)}; it must add up to {total}.")
    return spread


def spreads(total: int, places: int) -> list[tuple[int, ...]]:
    """Every way of spreading `total` chips over `places` board cards."""
    if places == 1:
        return [(total,)]
    return [
        (first, *rest) for first in range(total + 1) for rest in spreads(total - first, places - 1)
    ]


def quick_spreads(total: int, boodle: Sequence[str]) -> dict[str, tuple[int, ...]]:
    """The common spreads of a stake over the board cards, by label: one (or as many) on
    each when it divides, all on one card, and two and two (half on each of two cards)."""
    places = len(boodle)
    picks: dict[str, tuple[int, ...]] = {}
    if total % places == 0:
        each = total // places
        picks["one on each" if each == 1 else f"{each} on each"] = (each,) * places
    for index, card in enumerate(boodle):
        picks[f"all on the {french_short(card)}"] = tuple(
            total if i == index else 0 for i in range(places)
        )
    if total % 2 == 0 and places > 1:
        half = total // 2
        word = "two and two" if half == 2 else f"{half} and {half}"
        for a in range(places):
            for b in range(a + 1, places):
                label = f"{word}: {french_short(boodle[a])} and {french_short(boodle[b])}"
                picks[label] = tuple(half if i in (a, b) else 0 for i in range(places))
    return picks
