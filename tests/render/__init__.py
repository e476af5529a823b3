"""Tests of render/: card sprites, table, hand and leaderboard pictures, golden images."""
