"""Tests of bot.ledger: worked examples, reports, and a model-based state machine."""
