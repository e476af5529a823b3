"""Jockey Club's rules in words, its table picture and the story of its last showdown
(RULES.md §8), for bot/games/yankee/jockey_club/game.py."""

from __future__ import annotations

from bot.games.cards import Pack
from bot.games.scene import Scene, group, scene, seat
from bot.games.yankee.jockey_club.flow import (
    OVER,
    JockeyClubState,
    claims,
    offer_pot,
    offer_text,
    total,
)
from bot.games.yankee.stakes import chips

RULES_TEXT = """\
Jockey Club is a game for two to five players with the Yankee Notion pack less its five \
zeros: 45 cards, ranks 1 to 9 in five suits. The aim is to hold a hand that averages \
exactly 5: its cards add up to 5 times how many there are.

The deal. Every deal, each player puts the ante (5 chips unless the table says \
otherwise) into the pot; a player who cannot cover it sits the deal out. With n players \
in the deal, each gets n + 1 cards, one at a time from the dealer's left, and the next \
card is turned face up: the turn-up. A turned-up 5 is buried and the next card turned, \
since a 5 never changes whether a hand averages 5. With the option jockey_remove_fives \
the 5s leave the pack altogether.

The turn-up. Starting on the dealer's left, players make offers for the turn-up, each \
better for the pot than the one standing, or pass and drop out of the auction. From \
worst to best for the pot the offers run: 'console 10' (I will take the card if the pot \
pays me 10), down to 'console 0' (I will take it for nothing), then 'bid 1' (I will pay \
1 into the pot for it), 'bid 2' and upwards. A consolation can be no more than the pot \
holds, a bid no more than your stack. Once you have consoled you may still offer a \
smaller consolation, but you may never bid: you cannot turn the corner. Players who have \
not consoled may do either. When everyone but the holder of the best offer has passed, \
he takes the turn-up into his hand and is paid his consolation from the pot, or pays his \
bid into it. If nobody offers anything, the turn-up is buried. The dealer, acting last, \
may often take a card nobody wants for nothing; with dealer_may_console set to false he \
may only bid or pass.

Jockeying. Bluffing is part of the game: console for a card you want, or bid to drive up \
the price. But a bluff called can leave you holding a useless card at a steep price.

The showdown. All hands are shown. A hand claims if its total is exactly 5 times its \
number of cards (three cards adding to 15, four to 20). One claimant takes the whole \
pot. Among several, the one with the most cards wins, then the one nearest the dealer's \
left. If nobody claims, the pot stays on the table for the next deal.

Chips. You play with the stack you brought. The deal passes to the left after every \
deal; the game ends after its rounds of deals, or sooner when fewer than two players can \
cover the ante. A pot left at the end is shared out evenly."""


def seat_status(st: JockeyClubState, seat: int) -> str:
    """A seat's part in the auction: out (sits the deal out), passed, holding or in."""
    if not st.dealt[seat]:
        return "out"
    if st.passed[seat]:
        return "passed"
    return "holding" if seat == st.holder else "in"


def _showdown_lines(st: JockeyClubState) -> list[str]:
    """The last deal's showdown in a few lines: the turn-up's fate, each hand, the pot."""
    last = st.last
    if last is None:
        return []
    if last.taker < 0:
        lines = [f"Deal {last.deal}: nobody offered; the turn-up {last.turnup} was buried"]
    else:
        price = offer_text(last.price).replace("console", "consoled").replace("bid", "bid")
        lines = [f"Deal {last.deal}: seat {last.taker} took the turn-up {last.turnup} ({price})"]
    for s, hand in enumerate(last.hands):
        if hand:
            mark = ", claims" if claims(hand) else ""
            lines.append(f"Seat {s}: {' '.join(hand)} = {total(hand)} of {5 * len(hand)}{mark}")
    if last.winner >= 0:
        lines.append(f"Seat {last.winner} takes the pot of {chips(last.won)}")
    else:
        lines.append(f"Nobody claims: the pot of {chips(last.carried)} carries over")
    return lines


def table_scene(st: JockeyClubState, viewer: int | None) -> Scene:
    """The table picture's content: each seat's stack, role, offer and cards (face up only
    for the viewer), the turn-up and buried cards, the pot and the last showdown."""
    seats = []
    for s in range(st.seats):
        own = s == viewer or st.phase == OVER
        status = seat_status(st, s)
        note = "passed" if status == "passed" else ("consoled" if st.consoled[s] else "")
        if status == "holding":
            note = offer_text(st.offer)
        seats.append(
            seat(
                cards=st.hands[s] if own else (),
                backs=0 if own else len(st.hands[s]),
                chips=st.stacks[s],
                badge="dealer" if s == st.dealer else ("out" if status == "out" else ""),
                note=note,
                active=s == st.turn,
            )
        )
    groups = []
    if st.turnup:
        groups.append(group("row", "Turn-up", [st.turnup]))
    if st.buried:
        groups.append(group("row", "Buried", st.buried))
    standing = "none" if st.holder < 0 else f"{offer_text(st.offer)} (seat {st.holder})"
    title = (
        f"Jockey Club - deal {st.started} of {st.deals}"
        if st.phase != OVER
        else ("Jockey Club - over")
    )
    counters = [("Pot", offer_pot(st)), ("Standing offer", standing), ("Ante", st.ante)]
    return scene(Pack.YANKEE, title, seats, groups, counters, _showdown_lines(st))
