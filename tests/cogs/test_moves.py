"""Which legal moves a player's private message offers (cogs/_moves.py)."""

from __future__ import annotations

import itertools

from cogs._moves import MAX_SELECT, as_buttons, menu, natural_key


def test_moves_that_fit_are_all_offered_in_natural_order() -> None:
    legal = ["bid 10", "bid 2", "pass", "bid 1"]
    assert menu(legal) == ["bid 1", "bid 2", "bid 10", "pass"]


def test_a_long_bid_list_keeps_pass_the_lowest_and_the_highest() -> None:
    legal = [f"bid {n}" for n in range(1, 201)] + ["pass"]
    offered = menu(legal)
    assert len(offered) == MAX_SELECT
    assert "pass" in offered and "bid 1" in offered and "bid 200" in offered
    assert set(offered) <= set(legal)
    assert offered == sorted(offered, key=natural_key)
    # the low amounts come in a run, the rest spread up to the top
    assert offered[:12] == [f"bid {n}" for n in range(1, 13)]
    amounts = [int(a.split()[1]) for a in offered if a != "pass"]
    gaps = [b - a for a, b in itertools.pairwise(amounts[12:])]
    assert max(gaps) - min(gaps) <= 1


def test_two_numbered_kinds_share_the_room_and_each_keeps_its_ends() -> None:
    legal = [f"console {c}" for c in range(41)] + [f"bid {b}" for b in range(1, 101)]
    legal.append("pass")
    offered = menu(legal)
    assert len(offered) == MAX_SELECT
    for must in ("pass", "console 0", "console 40", "bid 1", "bid 100"):
        assert must in offered
    consoles = [a for a in offered if a.startswith("console")]
    bids = [a for a in offered if a.startswith("bid")]
    assert abs(len(consoles) - len(bids)) <= 1


def test_a_small_kind_gives_its_unused_room_to_the_others() -> None:
    legal = ["console 0", "console 1"] + [f"bid {b}" for b in range(1, 60)] + ["pass"]
    offered = menu(legal)
    assert len(offered) == MAX_SELECT
    assert {"console 0", "console 1", "pass", "bid 1", "bid 59"} <= set(offered)
    assert len([a for a in offered if a.startswith("bid")]) == MAX_SELECT - 3


def test_buttons_are_for_a_few_one_word_choices_only() -> None:
    assert as_buttons(["call", "pass"])
    assert not as_buttons([])
    assert not as_buttons(["bid 1", "pass"])
    assert not as_buttons(["a", "b", "c", "d", "e", "f"])
    assert not as_buttons(["Call"])
