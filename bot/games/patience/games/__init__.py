"""Cheney's patience games: one module and one rules page per game, each module listing
its specs in `SPECS`."""
