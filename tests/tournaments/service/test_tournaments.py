"""The tournament service end to end over the table service and the ledger, on both
backends: Swiss and knockout tournaments played to their end, for points and for chips,
with prizes paid from the escrow, cancellations, leavers, no-shows and refusals."""

from __future__ import annotations

import itertools

import pytest

from bot.ledger import Account
from bot.tables.models import Status
from bot.tournaments import repeated_meetings
from bot.tournaments.pairing import Round, Table
from bot.tournaments.service import NewsKind, Phase, TournamentError
from tests.tournaments.service.playing import (
    CHANNEL,
    GUILD,
    MOD,
    PLAYERS,
    START,
    FakeClock,
    Place,
    RecordingHost,
    play_humans,
    play_out,
    sign_up,
)


async def balance(place: Place, user: int) -> int:
    return await place.ledger.balance(Account.purse(GUILD, user))


async def assert_books_clean(place: Place) -> None:
    assert await place.ledger.check() == []
    for table in place.tables.tables():
        assert table.tournament_id is None, "a tournament table was left open"


async def test_a_points_swiss_plays_its_rounds_without_repeat_meetings(
    place: Place, host: RecordingHost
) -> None:
    t = await place.tournaments.create(
        guild_id=GUILD, channel_id=CHANNEL, host_id=MOD, game_key="tilters",
        format="swiss", seats=2, rounds=3,
    )  # fmt: skip
    await sign_up(place, t, PLAYERS[:4])
    await place.tournaments.start(t.id, MOD, moderator=True)
    assert t.round == 1 and len(t.slots_of(1)) == 2
    await play_out(place, t)
    assert t.phase is Phase.FINISHED and t.round == 3
    history = [Round(tuple(Table(s.seats) for s in t.slots_of(r))) for r in (1, 2, 3)]
    for r in range(1, 3):
        assert repeated_meetings(history[r], history[:r]) == 0
    view = await place.tournaments.standings(t.id, GUILD)
    assert view.final and view.lines[0].place == 1
    assert {line.user_id for line in view.lines} == set(PLAYERS[:4])
    assert sum(line.games for line in view.lines) == 4 * 3
    assert host.kinds().count(NewsKind.ROUND_SEATED) == 3
    assert host.kinds()[-1] is NewsKind.FINISHED
    # the deals are shuffled afresh: two may tie on points, and then they share first place
    first = [line for line in view.lines if line.place == 1]
    said = "wins" if len(first) == 1 else "share first place"
    assert said in host.news[-1].words
    assert len(host.threads) == 6
    for p in PLAYERS[:4]:
        assert await balance(place, p) == 0  # a points tournament opens no purse
    await assert_books_clean(place)


async def test_a_chip_swiss_pays_its_prizes_from_the_escrow(place: Place) -> None:
    t = await place.tournaments.create(
        guild_id=GUILD, channel_id=CHANNEL, host_id=MOD, game_key="black-joke",
        format="swiss", seats=3, rounds=2, buy_in=50, stack=80, shares="60 40",
    )  # fmt: skip
    await sign_up(place, t, PLAYERS[:5])
    assert t.pot == 250
    for p in PLAYERS[:5]:
        assert await balance(place, p) == START - 50
    assert await place.ledger.balance(Account.entry(GUILD, t.id)) == 250
    await place.tournaments.start(t.id, MOD, moderator=True)
    # five players at tables of three: two tables, one short, its seat an AI's
    assert sorted(len(s.players) for s in t.slots_of(1)) == [2, 3]
    await play_out(place, t)
    assert t.phase is Phase.FINISHED
    prizes = {p.user_id: p.prize for p in t.players.values()}
    assert sum(prizes.values()) == 250
    view = await place.tournaments.standings(t.id, GUILD)
    assert view.unit == "chips"
    for line in view.lines:
        assert await balance(place, line.user_id) == START - 50 + line.prize
    assert await place.ledger.balance(Account.entry(GUILD, t.id)) == 0
    await assert_books_clean(place)


async def test_a_knockout_ends_with_one_winner_and_byes_for_the_top_seeds(place: Place) -> None:
    t = await place.tournaments.create(
        guild_id=GUILD, channel_id=CHANNEL, host_id=MOD, game_key="tilters",
        format="knockout", seats=2,
    )  # fmt: skip
    await sign_up(place, t, PLAYERS[:5])
    await place.tournaments.start(t.id, MOD, moderator=True)
    # five in a bracket of eight: seeds 1-3 sit out round one
    assert len(t.slots_of(1)) == 1 and len(t.byes[1]) == 3
    assert set(t.byes[1]) == set(PLAYERS[:3])
    await play_out(place, t)
    view = await place.tournaments.standings(t.id, GUILD)
    assert [line.place for line in view.lines].count(1) == 1
    assert t.round == 3
    final = t.slots_of(3)[0]
    assert final.result is not None
    winner = view.lines[0].user_id
    assert winner in final.seats
    await assert_books_clean(place)


async def test_cancelling_mid_round_returns_every_buy_in_and_stops_the_tables(
    place: Place, host: RecordingHost
) -> None:
    t = await place.tournaments.create(
        guild_id=GUILD, channel_id=CHANNEL, host_id=MOD, game_key="bunkum",
        format="swiss", seats=2, rounds=2, buy_in=30,
    )  # fmt: skip
    await sign_up(place, t, PLAYERS[:4])
    await place.tournaments.start(t.id, MOD, moderator=True)
    assert len([x for x in place.tables.tables() if x.tournament_id == t.id]) == 2
    with pytest.raises(TournamentError, match="host or a moderator"):
        await place.tournaments.cancel(t.id, PLAYERS[0], moderator=False)
    await place.tournaments.cancel(t.id, PLAYERS[0], moderator=True)
    await place.tournaments.settle()
    assert t.phase is Phase.CANCELLED and host.kinds()[-1] is NewsKind.CANCELLED
    for p in PLAYERS[:4]:
        assert await balance(place, p) == START
    await assert_books_clean(place)
    with pytest.raises(TournamentError, match="no tournament"):
        await place.tournaments.join(t.id, PLAYERS[5], "late")


async def test_leaving_during_signup_returns_the_buy_in(place: Place) -> None:
    t = await place.tournaments.create(
        guild_id=GUILD, channel_id=CHANNEL, host_id=MOD, game_key="bunkum",
        format="swiss", buy_in=40,
    )  # fmt: skip
    await sign_up(place, t, PLAYERS[:2])
    await place.tournaments.leave(t.id, PLAYERS[0])
    assert await balance(place, PLAYERS[0]) == START
    assert t.pot == 40 and PLAYERS[0] not in t.players
    await place.tournaments.join(t.id, PLAYERS[0], "back")  # a rejoin pays again, once
    assert await balance(place, PLAYERS[0]) == START - 40
    await place.tournaments.cancel(t.id, MOD, moderator=True)
    await assert_books_clean(place)


async def test_a_leaver_is_played_for_by_the_ai_and_dropped_from_pairing(place: Place) -> None:
    t = await place.tournaments.create(
        guild_id=GUILD, channel_id=CHANNEL, host_id=MOD, game_key="tilters",
        format="swiss", seats=2, rounds=2,
    )  # fmt: skip
    await sign_up(place, t, PLAYERS[:4])
    await place.tournaments.start(t.id, MOD, moderator=True)
    leaver = PLAYERS[1]
    await place.tournaments.leave(t.id, leaver)
    await place.tournaments.settle()
    assert t.players[leaver].dropped == 1
    slot = next(s for s in t.slots_of(1) if leaver in s.seats)
    assert slot.table_id is not None
    await play_out(place, t)
    assert all(leaver not in s.seats for s in t.slots_of(2))
    assert len(t.byes.get(2, ())) == 1  # three left at tables of two: one bye
    with pytest.raises(TournamentError, match="no tournament"):
        await place.tournaments.leave(t.id, leaver)
    await assert_books_clean(place)


async def test_a_no_show_forfeits_after_the_turn_clock(place: Place, clock: FakeClock) -> None:
    t = await place.tournaments.create(
        guild_id=GUILD, channel_id=CHANNEL, host_id=MOD, game_key="tilters",
        format="swiss", seats=2, rounds=2,
    )  # fmt: skip
    await sign_up(place, t, PLAYERS[:4])
    await place.tournaments.start(t.id, MOD, moderator=True)
    absent = PLAYERS[2]
    for _ in range(40):
        await play_humans(place, absent=frozenset({absent}))
        if t.players[absent].dropped:
            break
        clock.now += 61
        await place.tables.tick()
    assert t.players[absent].dropped == 1
    await play_out(place, t)
    slot = next(s for s in t.slots_of(1) if absent in s.seats)
    assert slot.result is not None
    seat = slot.seats.index(absent)
    assert seat in slot.result.forfeits and slot.result.places[seat] == 2
    assert all(absent not in s.seats for s in t.slots_of(2))
    await assert_books_clean(place)


async def test_refusals_are_said_in_words_and_change_nothing(place: Place) -> None:
    make = {"guild_id": GUILD, "host_id": MOD}
    with pytest.raises(TournamentError, match="played alone"):
        await place.tournaments.create(**make, channel_id=1, game_key="clock", format="swiss")
    with pytest.raises(TournamentError, match="leave rounds out"):
        await place.tournaments.create(
            **make, channel_id=1, game_key="tilters", format="knockout", rounds=3
        )
    with pytest.raises(TournamentError, match="percentages"):
        await place.tournaments.create(
            **make, channel_id=1, game_key="tilters", format="swiss", shares="lots"
        )
    with pytest.raises(TournamentError, match="add up to 100"):
        await place.tournaments.create(
            **make, channel_id=1, game_key="tilters", format="swiss", shares="50 40"
        )
    with pytest.raises(TournamentError, match="not 9"):
        await place.tournaments.create(
            **make, channel_id=1, game_key="tilters", format="swiss", seats=9
        )
    t = await place.tournaments.create(
        **make, channel_id=CHANNEL, game_key="bunkum", format="swiss", buy_in=5000
    )
    with pytest.raises(TournamentError, match="already runs tournament"):
        await place.tournaments.create(
            **make, channel_id=CHANNEL, game_key="tilters", format="swiss"
        )
    with pytest.raises(TournamentError, match="buy-in is 5,000 chips and you have 1,000"):
        await place.tournaments.join(t.id, PLAYERS[0], "poor")
    assert t.players == {}
    other = await place.tournaments.create(
        **make, channel_id=CHANNEL + 1, game_key="tilters", format="swiss"
    )
    await place.tournaments.join(other.id, PLAYERS[0], "a")
    with pytest.raises(TournamentError, match="already signed up"):
        await place.tournaments.join(other.id, PLAYERS[0], "a")
    with pytest.raises(TournamentError, match=f"already in tournament #{other.id}"):
        await place.tournaments.join(t.id, PLAYERS[0], "a")
    with pytest.raises(TournamentError, match="at least two players"):
        await place.tournaments.start(other.id, MOD, moderator=True)
    with pytest.raises(TournamentError, match="Only its host"):
        await place.tournaments.start(other.id, PLAYERS[0], moderator=False)
    with pytest.raises(TournamentError, match="Several tournaments"):
        await place.tournaments.find(GUILD, None)
    assert (await place.tournaments.find(GUILD, other.id)) is other
    await assert_books_clean(place)


@pytest.mark.parametrize("players", [2, 3, 7])
async def test_knockouts_of_any_size_end(place: Place, players: int) -> None:
    t = await place.tournaments.create(
        guild_id=GUILD, channel_id=CHANNEL, host_id=MOD, game_key="yukon",
        format="knockout", seats=2, buy_in=10,
    )  # fmt: skip
    await sign_up(place, t, PLAYERS[:players])
    await place.tournaments.start(t.id, MOD, moderator=True)
    await play_out(place, t, seed=players)
    assert t.phase is Phase.FINISHED
    assert sum(p.prize for p in t.players.values()) == 10 * players
    met = list(itertools.chain.from_iterable(s.players for s in t.slots))
    assert set(met) <= set(PLAYERS[:players])
    assert not [x for x in place.tables.tables() if x.status is Status.PLAYING]
    await assert_books_clean(place)


async def test_leaving_the_table_itself_leaves_the_tournament(place: Place) -> None:
    t = await place.tournaments.create(
        guild_id=GUILD, channel_id=CHANNEL, host_id=MOD, game_key="tilters",
        format="swiss", seats=2, rounds=2,
    )  # fmt: skip
    await sign_up(place, t, PLAYERS[:4])
    await place.tournaments.start(t.id, MOD, moderator=True)
    slot = t.slots_of(1)[0]
    leaver = slot.players[0]
    assert slot.table_id is not None
    await place.tables.leave(slot.table_id, leaver)  # /table leave, not /tournament leave
    await place.tournaments.settle()
    assert t.players[leaver].dropped == 1
    await play_out(place, t)
    assert all(leaver not in s.seats for s in t.slots_of(2))
    await assert_books_clean(place)


async def test_a_signup_number_is_never_given_twice(place: Place) -> None:
    # found by the hunter: the last to join left, and the next signup took their number,
    # and with it the key of their buy-in (paying nothing, or refused)
    t = await place.tournaments.create(
        guild_id=GUILD, channel_id=CHANNEL, host_id=MOD, game_key="bunkum",
        format="swiss", buy_in=5,
    )  # fmt: skip
    a, b, c = PLAYERS[:3]
    await sign_up(place, t, [a, b])
    await place.tournaments.leave(t.id, b)
    await place.tournaments.join(t.id, b, "again")
    assert await balance(place, b) == START - 5
    await place.tournaments.leave(t.id, b)
    await place.tournaments.join(t.id, c, "c")
    assert await balance(place, c) == START - 5
    assert sorted(p.seq for p in t.players.values()) == [1, 4]
    assert await place.ledger.balance(Account.entry(GUILD, t.id)) == t.pot == 10
    await place.tournaments.cancel(t.id, MOD, moderator=True)
    for p in (a, b, c):
        assert await balance(place, p) == START
    await assert_books_clean(place)


async def test_the_summary_reads_as_sentences(place: Place) -> None:
    from bot.tournaments.service import summary

    t = await place.tournaments.create(
        guild_id=GUILD, channel_id=CHANNEL, host_id=MOD, game_key="black-joke",
        format="swiss", buy_in=25, stack=60,
    )  # fmt: skip
    await sign_up(place, t, PLAYERS[:2])
    text = summary(t)
    assert "Swiss, its rounds set at the start by the field's size · tables of 4" in text
    assert "Buy-in 25 chips · pot 50 · prizes 50/30/20" in text
    assert "Every table starts from 60 chips lent by the bank" in text
    assert "2 players signed up: P101, P102" in text
    await place.tournaments.start(t.id, MOD, moderator=True)
    assert "Swiss, 1 round · " in summary(t)  # two players: one round
    await place.tournaments.cancel(t.id, MOD, moderator=True)
