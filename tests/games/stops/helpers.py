"""Helpers for the Stops games' tests: a first deal stacked hand by hand.

`dealt(GAME, seats, seed, {seat: cards}, spare=cards)` returns the new game whose first
deal gives each named seat (and the spare hand) at least the named cards, the rest of
the pack filling the hands in pack order, so a test names only the cards it is about;
where the dealer deals (Michigan, stakes after the deal) it has dealt. `by_dealer(GAME,
state)` is the state after the dealer's deal.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

import pytest

from bot.games import ai, registry
from bot.games.stops.flow import DEAL, StopsState
from bot.games.stops.game import StopsGame
from bot.games.stops.rules import deal_order


def dealt(
    game: StopsGame,
    seats: int,
    seed: int,
    hands: Mapping[int, Sequence[str]],
    spare: Sequence[str] = (),
    options: Mapping[str, object] | None = None,
    stacks: Sequence[int] | None = None,
) -> StopsState:
    """A new game whose first deal is stacked so that each seat of `hands` (and the
    spare hand) gets the cards named for it."""
    probe = game.new(seats, seed, options, stacks=stacks)
    order = deal_order(probe.players, game.rules.spare_at)
    pack = list(game.pack_cards)
    sizes = {p: len(range(i, len(pack), len(order))) for i, p in enumerate(order)}
    want = {p: list(hands.get(p, ())) for p in order}
    want[-1] = list(spare)
    named = [c for cards in want.values() for c in cards]
    assert len(named) == len(set(named)), "a card is named twice"
    rest = [c for c in pack if c not in set(named)]
    for p in order:
        assert len(want[p]) <= sizes[p], f"seat {p} gets only {sizes[p]} cards"
        while len(want[p]) < sizes[p]:
            want[p].append(rest.pop(0))
    deck = [""] * len(pack)
    for i, p in enumerate(order):
        deck[i :: len(order)] = want[p]
    return by_dealer(game, game.new(seats, seed, options, deck=deck, stacks=stacks))


def by_dealer(game: StopsGame, st: StopsState) -> StopsState:
    """The deal dealt by its dealer, where the dealer deals (else the state as it is)."""
    return game.apply(st, st.dealer, "deal") if st.phase == DEAL else st


def by_seat(st: StopsState) -> dict[int, list[str]]:
    """Each seat's hand, sorted, for asserting."""
    return {s: sorted(h) for s, h in enumerate(st.hands)}


FOURTH = "tests.games.stops.fourth"
"""The package of the fourth Stops page, a test's own."""


@pytest.fixture
def fourth(monkeypatch: pytest.MonkeyPatch) -> Iterator[StopsGame]:
    """The fourth page's game, registered for this test only: the registry's modules and
    caches are patched (undone when the test ends) and the AI's lookup is cleared before
    and after, so no other test sees the page."""
    monkeypatch.setattr(registry, "_MODULES", (*registry._MODULES, FOURTH))
    monkeypatch.setattr(registry, "_games", {})
    ai.policy_for.cache_clear()
    game = registry.get("saratoga-stops")
    assert isinstance(game, StopsGame)
    yield game
    ai.policy_for.cache_clear()
