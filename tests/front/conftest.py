"""The shared words are tested on a table service with the web attached (`site`)."""

from tests.web.conftest import discord, site

__all__ = ["discord", "site"]
