"""Yukon (bot/games/french/yukon/rules.md; RULES.md §14): stacked-deck scenarios for the
pack by player count, the deal and stock, the Grand Yukon and the first Yukon, following
(a Yukon lead, a forced Yukon, the strict and Parlett options), drawing winner first,
partners opposite, 125 card points a hand, the target checked at the end of a hand, the
refusals, the view and persistence."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.games import registry
from bot.games.french.yukon.flow import YukonState, evolve, pack, points
from bot.games.french.yukon.game import GAME
from tests.helpers import moves_of

play, refusal = moves_of(GAME)


def stacked(seats: int, hands: Sequence[Sequence[str]], stock: Sequence[str] = ()) -> list[str]:
    """A deck that deals `hands` (seat 0 deals, so seat 1 gets the first card) and then
    leaves `stock` on top of the stock, the rest of the pack after it."""
    deck = [hands[(1 + i) % seats][i // seats] for i in range(5 * seats)]
    rest = [c for c in pack(seats) if c not in deck and c not in stock]
    return [*deck, *stock, *rest]


def new(
    seats: int, hands: Sequence[Sequence[str]], stock: Sequence[str] = (), **opts: object
) -> YukonState:
    """A game with the first hand stacked."""
    return GAME.new(seats, 7, opts or None, deck=stacked(seats, hands, stock))


FOUR = (
    ("2H", "3H", "4H", "5H", "6H"),
    ("JS", "7C", "8C", "9C", "2D"),
    ("JH", "3C", "4C", "5C", "3D"),
    ("AH", "KH", "QH", "JD", "4D"),
)


def test_registered_with_its_options() -> None:
    assert registry.get("yukon") is GAME
    assert (GAME.info.min_seats, GAME.info.max_seats) == (2, 5)
    names = [o.name for o in GAME.info.options]
    assert names == [
        "yukon_strict_jacks",
        "yukon_parlett_trump_suit",
        "yukon_tie_plays_on",
        "target",
    ]
    assert GAME.options(None)["target"] == 250


def test_the_2s_come_out_for_three_and_five_and_five_cards_each() -> None:
    assert len(pack(2)) == len(pack(4)) == 52
    assert len(pack(3)) == 51 and "2C" not in pack(3)
    assert len(pack(5)) == 50 and not {"2C", "2D"} & set(pack(5))
    for seats, stock in ((2, 42), (3, 36), (4, 32), (5, 25)):
        st = GAME.new(seats, 3)
        assert [len(h) for h in st.hands] == [5] * seats
        assert len(st.stock) == stock and stock % seats == 0


def test_card_points_make_125_a_deal() -> None:
    assert sum(points(c) for c in pack(4)) == 125
    assert sum(points(c) for c in pack(5)) == 125
    assert (
        points("JS"),
        points("JH"),
        points("10C"),
        points("AD"),
        points("KS"),
        points("QH"),
        points("9H"),
    ) == (15, 10, 10, 5, 3, 2, 0)


def test_elder_leads_and_the_grand_yukon_beats_an_earlier_yukon() -> None:
    st = new(4, FOUR)
    assert GAME.awaiting(st) == {1}
    # Elder (seat 1) leads a diamond and the others follow it while they can.
    st = play(st, (1, "play 2D"), (2, "play 3D"), (3, "play 4D"))
    # Seat 0 has no diamond and no Yukon: anything.
    st = play(st, (0, "play 2H"))
    assert st.last_winner == 3  # the 4 of diamonds, highest of the suit led
    # Seat 3 leads a heart: seat 1 has none and must play its Yukon, the Grand Yukon; seat 2
    # must then play its own Yukon, which cannot beat it.
    st = play(st, (3, "play AH"), (0, "play 3H"))
    assert GAME.legal_actions(st, 1) == ["play JS"]
    st = play(st, (1, "play JS"))
    assert GAME.legal_actions(st, 2) == ["play JH"]  # no heart (a Jack is not one): Yukon
    st = play(st, (2, "play JH"))
    assert st.last_winner == 1


def test_the_first_yukon_played_wins_among_the_other_jacks() -> None:
    hands = (
        ("2H", "3H", "4H", "5H", "6H"),
        ("JD", "7C", "8C", "9C", "2D"),
        ("JH", "3C", "4C", "5C", "3D"),
        ("7H", "KH", "QH", "JC", "4D"),
    )
    st = new(4, hands)
    st = play(st, (1, "play 7C"), (2, "play 3C"))
    assert GAME.legal_actions(st, 3) == ["play JC"]  # void in clubs: a Yukon is forced
    st = play(st, (3, "play JC"), (0, "play 2H"))
    assert st.last_winner == 3
    st = play(st, (3, "play 7H"), (0, "play 3H"))
    st = play(st, (1, "play JD"), (2, "play JH"))
    assert st.last_winner == 1  # JD fell first


def test_a_yukon_lead_asks_its_printed_suit_or_a_yukon_under_parlett() -> None:
    hands = (
        ("2H", "3H", "4H", "5H", "6H"),
        ("JC", "7C", "8S", "9S", "2D"),
        ("JH", "3C", "4S", "5S", "3D"),
        ("7H", "KH", "QH", "JD", "4D"),
    )
    st = new(4, hands)
    st = play(st, (1, "play JC"))
    assert GAME.legal_actions(st, 2) == ["play 3C"]  # a club, not the Jack of hearts
    assert "follow its suit with a club" in refusal(st, 2, "play JH")
    st = play(st, (2, "play 3C"))
    assert GAME.legal_actions(st, 3) == ["play JD"]  # no club: a Yukon
    parlett = new(4, hands, yukon_parlett_trump_suit=True)
    parlett = play(parlett, (1, "play JC"))
    assert GAME.legal_actions(parlett, 2) == ["play JH"]
    assert "must play a Yukon" in refusal(parlett, 2, "play 3C")


def test_a_jack_does_not_follow_its_suit_unless_the_strict_option_is_off() -> None:
    hands = (
        ("2H", "3H", "4H", "5H", "JH"),
        ("9H", "7C", "8S", "9S", "2D"),
        ("10H", "3C", "4S", "5S", "3D"),
        ("7H", "KH", "QH", "JD", "4D"),
    )
    st = play(new(4, hands), (1, "play 9H"), (2, "play 10H"), (3, "play 7H"))
    assert "JH" not in str(GAME.legal_actions(st, 0))
    assert "a Jack is a Yukon" in refusal(st, 0, "play JH")
    lax = play(
        new(4, hands, yukon_strict_jacks=False), (1, "play 9H"), (2, "play 10H"), (3, "play 7H")
    )
    assert "play JH" in GAME.legal_actions(lax, 0)
    lax = play(lax, (0, "play JH"))
    assert lax.last_winner == 0


def test_the_winner_draws_first_then_the_others_clockwise() -> None:
    stock = ["AS", "KS", "QS", "10S"]
    st = new(4, FOUR, stock)
    st = play(st, (1, "play 2D"), (2, "play 3D"), (3, "play 4D"), (0, "play 2H"))
    assert st.last_winner == 3
    assert (st.hands[3][-1], st.hands[0][-1], st.hands[1][-1], st.hands[2][-1]) == tuple(stock)
    assert len(st.stock) == 28 and GAME.awaiting(st) == {3}


def test_partners_sit_opposite_at_four_and_pool_their_cards() -> None:
    st = new(4, FOUR)
    assert GAME.view(st, 0)["teams"] == [0, 1, 0, 1]
    st = play(st, (1, "play 2D"), (2, "play 3D"), (3, "play 4D"), (0, "play 2H"))
    assert st.won[1] == ("2D", "3D", "4D", "2H") and st.tricks == (0, 1)
    assert [s["team"] for s in GAME.view(st, 0)["scene"]["seats"]] == [0, 1, 0, 1]
    assert "team" not in GAME.view(GAME.new(3, 1), 0)["scene"]["seats"][0]


def _play_out_hand(st: YukonState, rng: random.Random) -> YukonState:
    """The state after the current hand is played out with random legal cards."""
    deal = st.deal
    while st.deal == deal and not st.winners:
        (seat,) = GAME.awaiting(st)
        st = GAME.apply(st, seat, rng.choice(GAME.legal_actions(st, seat)))
    return st


def test_each_hand_shares_out_125_and_the_game_is_checked_at_its_end() -> None:
    rng = random.Random(5)
    for seats in (2, 3, 4, 5):
        st = _play_out_hand(GAME.new(seats, seats), rng)
        assert sum(st.last_deal) == 125 and sum(st.scores) == 125
    st = evolve(GAME.new(4, 11), scores=(240, 0))
    passed_mid_hand = False
    while not st.winners and st.deal == 1:
        passed_mid_hand |= 240 + sum(points(c) for c in st.won[0]) >= 250 and any(st.hands)
        (seat,) = GAME.awaiting(st)
        st = GAME.apply(st, seat, GAME.legal_actions(st, seat)[0])
    assert passed_mid_hand  # side 0 held 250 in its tricks mid-hand, and play went on
    assert st.winners == (0,) and st.scores[0] >= 250


def test_sides_past_the_target_together_the_higher_wins_a_tie_plays_on() -> None:
    from bot.games.french.yukon.flow import end_hand

    won = (("JS", "10H", "10D", "AS"), ("JH", "JD", "10C", "10S", "AD", "AH"))
    st = evolve(GAME.new(2, 1), scores=(200, 200), won=won)
    assert end_hand(st).winners == (1,)  # 240 against 250: only seat 1 is past
    st = evolve(st, scores=(240, 240), won=(("JS", "JH"), ("JD", "10C", "AD")))
    assert end_hand(st).winners == ()  # 265 each: another hand
    assert end_hand(st).deal == st.deal + 1
    assert end_hand(evolve(st, tie_plays_on=False)).winners == (0, 1)
    st = evolve(st, won=(("JS", "JH"), ("JD",)))
    assert end_hand(st).winners == (0,)  # 265 against 250: the higher total


def test_refusals_say_what_to_do() -> None:
    st = new(4, FOUR)
    assert "not your turn" in refusal(st, 0, "play 2H")
    assert "do not hold" in refusal(st, 1, "play AS")
    assert "Write 'play'" in refusal(st, 1, "discard 2D")
    st = play(st, (1, "play 9C"))
    assert "follow suit: you hold a club" in refusal(st, 2, "play 3D")
    st = play(st, (2, "play 3C"))
    assert "must play a Yukon" in refusal(st, 3, "play AH")


def test_views_hide_other_hands_and_the_stock_and_persist() -> None:
    st = new(4, FOUR)
    view = GAME.view(st, 0)
    assert view["hand"] == list(FOUR[0]) and view["stock"] == 32
    text = str({k: v for k, v in view.items() if k != "hand"})
    assert not any(c in text for c in FOUR[1] + FOUR[2] + FOUR[3] + tuple(st.stock))
    counters = {c["label"]: c["value"] for c in view["scene"]["counters"]}
    sides = counters["Seat 0 & seat 2"], counters["Seat 1 & seat 3"]
    assert (counters["Stock"], sides, counters["Target"]) == ("32", ("0", "0"), "250")
    assert GAME.load(GAME.dump(st)) == st


def test_the_grand_yukon_beats_a_yukon_played_before_it() -> None:
    hands = (
        ("2C", "3H", "4H", "5H", "6H"),
        ("7C", "8C", "9C", "10C", "2D"),
        ("JH", "3S", "4S", "5S", "3D"),
        ("JS", "KH", "QH", "7H", "4D"),
    )
    st = play(new(4, hands), (1, "play 7C"), (2, "play JH"))
    assert GAME.legal_actions(st, 3) == ["play JS"]
    st = play(st, (3, "play JS"), (0, "play 2C"))
    assert st.last_winner == 3 and st.won[1] == ("7C", "JH", "JS", "2C")
