"""Parlour: a Discord bot that hosts the card tables of the 19th century."""

__version__ = "0.1.0"
