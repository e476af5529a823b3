"""What a Stops table shows: the facts a player decides from, the picture, the words of a
lead's run and of a stop, and the story of the last deal.

The picture shows each board card with its chips (those carried over from earlier deals
counted apart), the running sequence with who played each card, each player's played
cards in front of him where the game keeps them face up (Newmarket 2011, Michigan; 1885
turns them down, so only the sequence shows), the spare hand as a count of backs, the
draw for the first dealer in the first deal's picture, and the viewer's own hand.
"""

from __future__ import annotations

import functools
from typing import Any, Protocol

from bot.games import english
from bot.games.base import GameInfo, Staking
from bot.games.cards import Pack, french_short
from bot.games.chips import Transfer
from bot.games.scene import HAND, Group, Scene, group, scene, seat
from bot.games.stops.facts import BoardPlace, StopsSeat, StopsView
from bot.games.stops.flow import AUCTION, DEAL, OVER, PLAY, STAKE, WIDOW, Settled, StopsState
from bot.games.stops.page import Place, StopsRules
from bot.games.stops.play import chain, leads
from bot.games.stops.rules import quick_spreads, successor


class StopsTable(Protocol):
    """What the views read of the game object: its rules page, its info and its stake."""

    rules: StopsRules
    info: GameInfo

    def spread_total(self, st: StopsState) -> int:
        """The chips the seat to stake spreads."""
        ...


def facts(game: StopsTable, st: StopsState, seat_no: int | None, *, scene: bool) -> StopsView:
    """The seat's view (anyone's for None): the board, the run, the counts, the last deal,
    and the seat's own hand and choices; with `scene`, the picture too."""
    rules = game.rules
    told = news(game, st)
    out: StopsView = {
        "game": game.info.key,
        "title": english(game.info.title),
        "phase": st.phase,
        "deal": st.dealt,
        "deals": st.deals,
        "dealer": st.dealer,
        "turn": st.turn if st.turn >= 0 else None,
        "players": list(st.players),
        "board": _board(rules, st),
        "pool": st.pool,
        "stake": game.spread_total(st),
        "run": [[s, c] for s, c in zip(st.run_by, st.run, strict=True)],
        "stopped": st.stopped or None,
        "spare": len(st.spare),
        "hand_sizes": [len(h) for h in st.hands],
        "played": [list(p) for p in st.played] if st.history else [],
        "widow": st.swapped,
        "bid": st.bid,
        "bidder": st.bidder if st.bidder >= 0 else None,
        "seats": _seats(st),
        "last": story(st.last, told if st.phase == OVER else None),
        "news": told,
    }
    if seat_no is not None and 0 <= seat_no < st.seats:
        out["hand"] = list(st.hands[seat_no])
        if st.turn == seat_no and st.phase == PLAY:
            out["leads"] = leads(rules, st, seat_no)
        if st.turn == seat_no and st.phase == STAKE:
            out["staking"] = _staking(game, st, seat_no)
    if scene:
        out["scene"] = table_scene(game, st, seat_no)
    return out


def ai_facts(game: StopsTable, st: StopsState, seat_no: int) -> StopsView:
    """What the AI decides from: a lean part of the seat's own view (no picture, no
    words), only the facts its phase needs, all of them facts a player at the table sees."""
    rules = game.rules
    out: StopsView = {"game": game.info.key, "phase": st.phase, "hand": list(st.hands[seat_no])}
    if st.turn != seat_no:
        return out
    if st.phase == PLAY:
        out["leads"] = leads(rules, st, seat_no)
        out["board"] = _board(rules, st)
        out["run"] = [[s, c] for s, c in zip(st.run_by, st.run, strict=True)]
        out["played"] = [list(p) for p in st.played] if st.history else []
    elif st.phase == STAKE:
        out["staking"] = _staking(game, st, seat_no)
    elif st.phase == AUCTION:
        out["bid"] = st.bid
        out["seats"] = _seats(st)
    return out


def _board(rules: StopsRules, st: StopsState) -> list[BoardPlace]:
    """Each board card with its chips, and how many of them were carried over."""
    return [
        {"card": c, "chips": b, "carried": min(b, k)}
        for c, b, k in zip(rules.boodle, st.board, st.carried, strict=True)
    ]


def _seats(st: StopsState) -> list[StopsSeat]:
    """Each seat's stack and whether it is dealt in."""
    return [{"stack": st.stacks[s], "in_deal": s in st.players} for s in range(st.seats)]


def _staking(game: StopsTable, st: StopsState, seat_no: int) -> Staking:
    """What the seat to stake spreads: the total, whether it is doubled, the board cards,
    and the quick spreads by label."""
    total = game.spread_total(st)
    return {
        "total": total,
        "double": game.rules.dressing.dealer_times == 2 and seat_no == st.dealer,
        "cards": list(game.rules.boodle),
        "quick": dict(_quick(total, game.rules.boodle)),
    }


@functools.lru_cache(maxsize=64)
def _quick(total: int, boodle: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The quick spreads of a stake as (label, action) pairs, worked out once."""
    picks = quick_spreads(total, boodle)
    return tuple((k, "spread " + " ".join(map(str, v))) for k, v in picks.items())


def stop_reason(game: StopsTable, st: StopsState, card: str) -> str:
    """Why nobody can follow `card`: 'the K♠ ends its suit', 'the 7♦ always stops', or
    'the 9♠ is dead' (its next card lies in the dead hand or has been played: which, the
    table does not say, as the dead hand is never shown)."""
    rules = game.rules
    after = successor(card, rules.order)
    if after is None:
        return f"the {french_short(card)} ends its suit"
    if card in rules.fixed_stops or after in rules.without:
        return f"the {french_short(card)} always stops (there is no {french_short(after)})"
    return f"the {french_short(card)} is dead"


def news(game: StopsTable, st: StopsState) -> str | None:
    """One line on what just happened: a stop and who leads, the last deal's end, or at
    the game's end the last deal's end and who took the chips left on the board."""
    if st.phase == PLAY and st.run:
        return f"Stop: {stop_reason(game, st, st.stopped)}. Seat {st.turn} leads."
    last = st.last
    if st.phase == OVER:
        close = [t for t in st.moved if t.reason == "close"]
        parts = [ending(last, carried=False)] if last is not None else []
        parts += [closing(close, st.lot)] if close else []
        return " ".join(parts) or None
    if last is not None and last.deal == st.dealt - 1 and not st.run:
        return ending(last)
    return None


def closing(close: list[Transfer], lot: bool) -> str:
    """Who took the chips left on the board when the game ended: 'The 22 chips left on
    the board are shared: seat 0 8, seat 1 7, seat 2 7.', 'The 22 chips left on the board
    are drawn by lot: seat 1 takes 10, seat 2 takes 12.' or, to one seat, '... are drawn
    by lot: seat 1 takes them.' / 'The 3 chips left on the board go to seat 2.'"""
    total = sum(t.amount for t in close)
    left = f"The {total} chip{'s' if total != 1 else ''} left on the board"
    if lot:
        takes = [f"seat {t.dst} takes {t.amount}" for t in close]
        if len(close) == 1:
            takes = [f"seat {close[0].dst} takes {'it' if total == 1 else 'them'}"]
        return f"{left} {'is' if total == 1 else 'are'} drawn by lot: {', '.join(takes)}."
    if len(close) == 1:
        return f"{left} go{'es' if total == 1 else ''} to seat {close[0].dst}."
    shares = ", ".join(f"seat {t.dst} {t.amount}" for t in close)
    return f"{left} are shared: {shares}."


def ending(last: Settled, *, carried: bool = True) -> str:
    """'Seat 2 is out! 7 chips paid for cards left; the pool of 4 taken; 3 chips stay on
    the board.' (the last part left out with `carried` False: at the game's end the
    chips left are settled, and `closing` tells how)."""
    parts = [f"Seat {last.out} is out!"]
    paid = sum(last.paid)
    if paid:
        parts.append(f"{paid} chip{'s' if paid != 1 else ''} paid for cards left.")
    if last.pool:
        parts.append(f"The pool of {last.pool} taken.")
    if last.carried and carried:
        parts.append(f"{last.carried} chip{'s' if last.carried != 1 else ''} stay on the board.")
    return " ".join(parts)


def story(last: Settled | None, result: str | None = None) -> dict[str, Any] | None:
    """The last deal's end as JSON-safe data; its `result` in words (`ending`'s unless
    given: the game's last news, at its end)."""
    if last is None:
        return None
    return {
        "deal": last.deal,
        "out": last.out,
        "left": list(last.left),
        "paid": list(last.paid),
        "pool": last.pool,
        "carried": last.carried,
        "run": [[s, c] for s, c in zip(last.run_by, last.run, strict=True)],
        "result": result or ending(last),
    }


def announce_lead(game: StopsTable, st: StopsState, seat_no: int, card: str) -> str:
    """A lead as the table hears it: 'Lead 3♠; then 4♠ 5♠ (seat 2), 6♠ (seat 0). Stop:
    the 7♠ is dead.'"""
    run = chain(game.rules, st, seat_no, card)
    words = [f"Lead {french_short(card)}"]
    rest = run[1:]
    if rest:
        pieces: list[str] = []
        for who, now in rest:
            pieces.append(f"{french_short(now)} (seat {who})")
        words.append("then " + ", ".join(pieces))
    last_seat, last_card = run[-1]
    hands = [list(h) for h in st.hands]
    for who, now in run:
        hands[who].remove(now)
    if not hands[last_seat]:
        return "; ".join(words) + ". Out!"
    return "; ".join(words) + f". Stop: {stop_reason(game, st, last_card)}."


def table_scene(game: StopsTable, st: StopsState, viewer: int | None) -> Scene:
    """The table picture: seats with chips and played cards, the board cards and their
    chips, the sequence, the spare hand, the viewer's hand."""
    rules = game.rules
    seats = []
    for s in range(st.seats):
        note = _seat_note(st, s, rules.dressing.dealer_times == 2)
        seats.append(
            seat(
                cards=st.played[s] if st.history else (),
                backs=len(st.hands[s]),
                chips=st.stacks[s],
                badge="dealer" if s == st.dealer and st.phase != OVER else "",
                note=note,
                active=s == st.turn,
            )
        )
    groups: list[Group] = []
    for place, b, k in zip(rules.places, st.board, st.carried, strict=True):
        groups.append(group("pile", place_label(place, b, min(b, k)), [place.card]))
    if st.run:
        groups.append(group("row", "Sequence", st.run, owners=st.run_by))
    if st.spare:
        groups.append(group("pile", "Dead hand", backs=len(st.spare)))
    if viewer is not None and 0 <= viewer < st.seats and st.hands[viewer]:
        groups.append(group("row", "Your hand", _sorted(st.hands[viewer], rules.order), role=HAND))
    counters: list[tuple[str, Any]] = [("Deal", f"{st.dealt} of {st.deals}")]
    if st.pool:
        counters.append(("Pool", st.pool))
    if st.phase == AUCTION and st.bidder >= 0:
        counters.append(("Widow bid", f"{st.bid} (seat {st.bidder})"))
    lines = [line for line in (news(game, st), _draw_line(st)) if line]
    return scene(Pack.FRENCH, game.info.title, seats, groups, counters, lines)


def place_label(place: Place, chips: int, carried: int) -> str:
    """A board place's label: its chips, '4 chips' or '9 (5 carried)' when some came over
    from earlier deals, after its name where the page names it ('Pope: 4 chips')."""
    count = (
        f"{chips} ({carried} carried)" if carried else f"{chips} chip{'s' if chips != 1 else ''}"
    )
    return f"{place.name}: {count}" if place.name else count


def _draw_line(st: StopsState) -> str:
    """The draw for the first dealer, on the first deal's picture until its first lead:
    who got the first jack, and on which card. The draw's cards are not named: they are
    the same cards the first deal then deals, and a card named here could not be told
    from a card of someone's hand."""
    if st.dealt != 1 or st.phase == OVER or any(st.played):
        return ""
    first = (len(st.draw) - 1) % st.seats
    nth = len(st.draw)
    return (
        f"Draw for the first dealer: cards dealt face up from seat 0, the first jack "
        f"the {_ordinal(nth)} card, to seat {first}, who deals."
    )


def _ordinal(n: int) -> str:
    """'1st', '2nd', '3rd', '11th', '22nd'."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _seat_note(st: StopsState, s: int, doubles: bool) -> str:
    """'sits out', 'to deal', 'spreading', 'widow?', 'took the widow' or empty."""
    if st.phase == OVER:
        return ""
    if s not in st.players:
        return "sits out"
    if st.phase == DEAL and s == st.dealer:
        return "to deal"
    if st.phase == STAKE and s == st.turn:
        return "spreading, doubled" if s == st.dealer and doubles else "spreading"
    if st.phase == WIDOW and s == st.dealer:
        return "widow?"
    if (st.swapped == "dealer" and s == st.dealer) or (st.swapped == "bought" and s == st.bidder):
        return "took the widow"
    return ""


def _sorted(hand: tuple[str, ...], order: tuple[str, ...]) -> list[str]:
    """A hand by suit, then rank in the game's order."""
    return sorted(hand, key=lambda c: (c[-1], order.index(c[:-1])))
