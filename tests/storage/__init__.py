"""Tests of bot.storage: migrations and the group-commit unit of work."""
