"""A tournament's chips, as ledger postings: a buy-in into its own escrow (the entry
account), a buy-in returned (a player leaving during signup, or a cancelled tournament),
and the prizes. Every key names the event, so a retry or a replay after a crash pays
once: `entry:{t}:{seq}` for the seq-th signup, `entry-back:{t}:{seq}` for its return on
leaving, `cancel:{t}:{seq}` for its return on cancelling, `prize:{t}:{user}`."""

from __future__ import annotations

from bot.ledger import Account, Posting, Reason
from bot.tournaments.service.models import Tournament


def buy_in(t: Tournament, user_id: int, seq: int) -> Posting:
    """A player's buy-in, from their purse to the tournament's escrow."""
    return Posting(
        Account.purse(t.guild_id, user_id),
        Account.entry(t.guild_id, t.id),
        t.buy_in,
        Reason.ENTRY,
        f"entry:{t.id}:{seq}",
        game=t.game.info.key,
    )


def returned(t: Tournament, user_id: int, seq: int, *, cancelled: bool) -> Posting:
    """A buy-in going back to its purse: on leaving during signup, or on cancelling."""
    kind = "cancel" if cancelled else "entry-back"
    return Posting(
        Account.entry(t.guild_id, t.id),
        Account.purse(t.guild_id, user_id),
        t.buy_in,
        Reason.REFUND,
        f"{kind}:{t.id}:{seq}",
        game=t.game.info.key,
    )


def prize(t: Tournament, user_id: int, amount: int) -> Posting:
    """A prize, from the tournament's escrow to the winner's purse."""
    return Posting(
        Account.entry(t.guild_id, t.id),
        Account.purse(t.guild_id, user_id),
        amount,
        Reason.PRIZE,
        f"prize:{t.id}:{user_id}",
        game=t.game.info.key,
    )
