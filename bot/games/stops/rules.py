"""The pure rules every Stops game shares, set by a `StopsRules` page of parameters.

Sources: RULES.md §10 (Newmarket 1885), §11 (Newmarket 2011), §12 (Michigan). A sequence
runs up one suit from the lowest card led (aces low, kings high); a stop is a card nobody
can follow, because it is a king, a card named as a stop by the game (the 7♦ when the
8♦ is stripped), or the next card lies in the dead hand; playing a card that matches a
boodle card sweeps the chips on it, and chips nobody sweeps carry over to the next deal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.games.cards import FRENCH_RANKS, suit_of
from bot.games.errors import IllegalAction


@dataclass(frozen=True, slots=True)
class StopsRules:
    """One Stops game's parameters: the pack's stripped cards, the boodle cards and the
    cards that are always stops."""

    without: tuple[str, ...]
    boodle: tuple[str, ...]
    fixed_stops: tuple[str, ...]


NEWMARKET_1885 = StopsRules(without=("8D",), boodle=("AS", "KH", "QC", "JD"), fixed_stops=("7D",))
"""§10: the 8♦ is stripped, so the 7♦ is always a stop; the board is A♠ K♥ Q♣ J♦."""


def rank_of(card: str) -> int:
    """A French card's rank from 0 (ace, low) to 12 (king, high)."""
    return FRENCH_RANKS.index(card[:-1])


def successor(card: str) -> str | None:
    """The next higher card of the same suit, or None after a king."""
    index = rank_of(card)
    if index + 1 >= len(FRENCH_RANKS):
        return None
    return f"{FRENCH_RANKS[index + 1]}{suit_of(card)}"


def is_stop(rules: StopsRules, card: str, dead: Iterable[str]) -> bool:
    """Whether nobody can follow `card`: a king, a fixed stop, or its successor is dead."""
    after = successor(card)
    return after is None or card in rules.fixed_stops or after in set(dead)


def lowest_in_suit(hand: Sequence[str], suit: str) -> str | None:
    """The lowest card of `suit` in the hand, or None if the hand holds none."""
    cards = [c for c in hand if suit_of(c) == suit]
    return min(cards, key=rank_of) if cards else None


def legal_leads(hand: Sequence[str]) -> list[str]:
    """The cards a leader may lead: the lowest card of each suit he holds, sorted."""
    leads = {lowest_in_suit(hand, suit_of(c)) for c in hand}
    return sorted(c for c in leads if c is not None)


def holder_of(hands: Sequence[Sequence[str]], card: str) -> int | None:
    """The seat whose hand holds `card`, or None if it is dead or already played."""
    for seat, hand in enumerate(hands):
        if card in hand:
            return seat
    return None


def swept(rules: StopsRules, card: str, board: Sequence[int]) -> int:
    """The chips a played card sweeps from the board (0 unless it matches a boodle card)."""
    if card not in rules.boodle:
        return 0
    return board[rules.boodle.index(card)]


def sweep(rules: StopsRules, card: str, board: tuple[int, ...]) -> tuple[int, ...]:
    """The board after `card` is played: its boodle card, if any, emptied; others carry."""
    if card not in rules.boodle:
        return board
    index = rules.boodle.index(card)
    return (*board[:index], 0, *board[index + 1 :])


def stake(board: tuple[int, ...], spread: Sequence[int], double: bool) -> tuple[int, ...]:
    """The board after a player's spread is laid on it (doubled for the dealer in 1885)."""
    factor = 2 if double else 1
    return tuple(b + factor * s for b, s in zip(board, spread, strict=True))


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


def next_in_sequence(hands: Sequence[Sequence[str]], card: str) -> int | None:
    """Who plays after `card`: the holder of its successor, or None at a stop (the
    successor is dead, already played, or there is none)."""
    after = successor(card)
    return None if after is None else holder_of(hands, after)


def parse_spread(text: str, total: int, places: int) -> tuple[int, ...]:
    """A typed spread such as `1 1 1 1` or `0,2,0,2`: one whole number of chips per boodle
    card, which must add up to the stake; refused in one sentence otherwise."""
    parts = text.replace(",", " ").split()
    if len(parts) != places or not all(p.isdigit() for p in parts):
        raise IllegalAction(f"Give {places} whole numbers of chips, one for each board card.")
    spread = tuple(int(p) for p in parts)
    if sum(spread) != total:
        raise IllegalAction(f"Your spread adds up to {sum(spread)}; it must add up to {total}.")
    return spread


def quick_spreads(total: int, places: int) -> dict[str, tuple[int, ...]]:
    """The common spreads of a stake, by label: evenly (when it divides), all on one card,
    and half on each of the first and last cards (when it halves)."""
    picks: dict[str, tuple[int, ...]] = {}
    if total % places == 0:
        picks["evenly"] = (total // places,) * places
    for index in range(places):
        picks[f"all on card {index + 1}"] = tuple(total if i == index else 0 for i in range(places))
    if total % 2 == 0 and places > 1:
        half = total // 2
        picks["half and half"] = (half,) + (0,) * (places - 2) + (half,)
    return picks
