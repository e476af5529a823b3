"""The solver's verdicts on small deals against an independent exhaustive search: a game
dealt from its pack cut down to its lowest three ranks (a test-only subclass of the
game's spec whose `pack` keeps those cards; every rule is the game's own), then every
state reachable from the deal visited breadth first through the spec's own `moves`,
`apply` and `won`, whole layouts as keys, no move pruned, no pile taken as alike. Where
that search finishes, the solver's "won" or "lost" must be its answer."""

from __future__ import annotations

import time
from collections import deque

import pytest

from bot.games import registry
from bot.games.patience.engine import Ctx, Layout, Spec
from bot.games.patience.game import PatienceGame
from bot.games.patience.search import LOST, WON, Budget, replays, solve

RANKS = 3
CAP = 5000
"""The most states the exhaustive search visits before it gives a deal up as too big."""
SEEDS = range(1, 7)
SMALL = {
    "corners": 2,
    "double-jump": 3,
    "fours": 3,
    "fourteen": 3,
    "grandfathers": 3,
    "knaves-dial": 3,
    "lady-of-the-manor": 3,
    "little-lots": 3,
    "number-eleven": 3,
    "paternal": 3,
    "picture-gallery": 3,
    "puzzle": 3,
    "trios": 3,
    "wandering-card": 3,
}
"""The games whose deals take a cut pack, each with the fewest of its six small deals the
exhaustive search must finish (so that the comparison is made)."""
MIXED = ("fours", "little-lots")
"""Games whose small deals include both deals that come out and deals that do not."""


def cut_game(key: str, ranks: int = RANKS) -> PatienceGame:
    """The game under this key dealt from its pack's lowest `ranks` ranks (in the pack's
    order: ace first, or the seven in a piquet pack)."""
    game = registry.get(key)
    assert isinstance(game, PatienceGame)
    spec = game.spec
    order = list(dict.fromkeys(card[:-1] for card in spec.pack()))
    cut = tuple(card for card in spec.pack() if card[:-1] in order[:ranks])

    def pack(self: Spec) -> tuple[str, ...]:
        return cut

    small = type(f"Small{type(spec).__name__}", (type(spec),), {"pack": pack})
    return PatienceGame(small())


def every_state(spec: Spec, ctx: Ctx, start: Layout, cap: int) -> bool | None:
    """Breadth first over every layout reachable from `start` by the spec's own moves:
    whether a won one is among them (None: more than `cap` layouts)."""
    seen = {start}
    queue = deque([start])
    while queue:
        layout = queue.popleft()
        if spec.won(layout):
            return True
        for move in spec.moves(layout, ctx):
            after = spec.apply(layout, move, ctx)
            if after not in seen:
                if len(seen) >= cap:
                    return None
                seen.add(after)
                queue.append(after)
    return False


def answers(key: str) -> list[bool]:
    """The exhaustive answers on a game's small deals, each checked against the solver."""
    game = cut_game(key)
    found: list[bool] = []
    for seed in SEEDS:
        state = game.new(1, seed, {"move_limit": 20000})
        whole = every_state(game.spec, Ctx(seed, dict(state.options)), state.layout, CAP)
        if whole is None:
            continue
        verdict = solve(game, state, Budget(positions=10**6, seconds=60), time.perf_counter)
        assert verdict.result == (WON if whole else LOST), (key, seed)
        if whole:
            assert replays(game, state, verdict.line), (key, seed)
        found.append(whole)
    return found


@pytest.mark.parametrize("key", sorted(SMALL))
def test_verdicts_on_cut_down_packs_are_the_exhaustive_search_s(key: str) -> None:
    found = answers(key)
    assert len(found) >= SMALL[key]
    if key in MIXED:
        assert set(found) == {True, False}  # both verdicts checked


def test_a_cut_pack_keeps_the_lowest_ranks_and_the_game_s_rules() -> None:
    game = cut_game("fours")
    assert len(game.spec.pack()) == 12
    assert {card[:-1] for card in game.spec.pack()} == {"A", "2", "3"}
    assert type(game.spec).moves is type(registry.get("fours").spec).moves  # type: ignore[attr-defined]
    assert every_state(game.spec, Ctx(1), game.new(1, 1).layout, 1) is None  # the cap holds
