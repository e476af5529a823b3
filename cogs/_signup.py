"""A tournament's signup message: its words in an embed, and the Join and Leave buttons.

The buttons are `DynamicItem`s whose custom_id names the tournament (`tj:{id}` to join,
`tl:{id}` to leave), registered at start-up, so a signup message posted before a restart
still works. A click on a tournament that is over, started or unknown is answered with
the service's sentence; a custom_id not on its message is answered by `cogs._strays`,
as for every forged button. Joining and leaving are the service's; this module
only translates.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.tournaments.service import Phase, Tournament, summary
from cogs._base import Interaction, bot_of, dynamic_view, guarded, on_its_message

COLOUR = discord.Colour.dark_gold()
_ENDED = {
    Phase.RUNNING: "Under way: signup is closed.",
    Phase.PAYING: "Finished: prizes are being paid.",
    Phase.FINISHED: "Finished.",
    Phase.CANCELLED: "Cancelled: every buy-in went back to its purse.",
}


def signup_embed(tournament: Tournament) -> discord.Embed:
    """The signup message's embed: the service's summary, and where the tournament is."""
    embed = discord.Embed(
        title=f"Tournament #{tournament.id}: {tournament.title}",
        description=summary(tournament),
        colour=COLOUR,
    )
    footer = _ENDED.get(tournament.phase, "Join or leave with the buttons below.")
    embed.set_footer(text=footer)
    return embed


def signup_view(tournament: Tournament) -> discord.ui.View:
    """Join and Leave while the signup is open; no buttons once it closed."""
    view = dynamic_view()
    if tournament.phase is Phase.SIGNUP:
        view.add_item(SignupButton(tournament.id, "j"))
        view.add_item(SignupButton(tournament.id, "l"))
    return view


_LABELS = {
    "j": ("Join", discord.ButtonStyle.success),
    "l": ("Leave", discord.ButtonStyle.secondary),
}


class SignupButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"t(?P<verb>[jl]):(?P<tournament>[0-9]{1,19})",
):
    """Join (`tj:{id}`) or Leave (`tl:{id}`) under a tournament's signup message."""

    def __init__(self, tournament_id: int, verb: str) -> None:
        label, style = _LABELS[verb]
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"t{verb}:{tournament_id}")
        )
        self.tournament_id, self.verb = tournament_id, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SignupButton:
        """Rebuild the button from its custom_id (the tournament is checked on the click)."""
        return cls(int(match["tournament"]), match["verb"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Join or leave, answering privately in words."""
        if not on_its_message(interaction, self):
            return  # forged: cogs._strays answers it
        work = join_tournament if self.verb == "j" else leave_tournament
        await guarded(interaction, work(interaction, self.tournament_id))


async def join_tournament(interaction: Interaction, tournament_id: int) -> None:
    """Sign the user up, and tell them privately what they joined and what it cost."""
    service, user = bot_of(interaction).tournaments, interaction.user
    await interaction.response.defer(ephemeral=True, thinking=True)
    tournament = await service.join(tournament_id, user.id, user.display_name)
    paid = (
        f" Your buy-in of {tournament.buy_in:,} chips is held until it ends."
        if tournament.buy_in
        else ""
    )
    await interaction.followup.send(
        f"You are signed up for tournament #{tournament.id} ({tournament.title}).{paid}",
        ephemeral=True,
    )


async def leave_tournament(interaction: Interaction, tournament_id: int) -> None:
    """Take the user's name off, and tell them privately (and of their chips)."""
    service = bot_of(interaction).tournaments
    await interaction.response.defer(ephemeral=True, thinking=True)
    tournament = await service.leave(tournament_id, interaction.user.id)
    if tournament.phase is Phase.SIGNUP:
        back = " Your buy-in went back to your purse." if tournament.buy_in else ""
        text = f"You have left tournament #{tournament.id}.{back}"
    else:
        text = (
            f"You have left tournament #{tournament.id}: an AI plays out your table if it "
            "is under way, and you rank below every player who stays, with no prize."
        )
    await interaction.followup.send(text, ephemeral=True)
