"""Tests of bot.tournaments: pairing, standings and prizes, by scenario and by property."""
