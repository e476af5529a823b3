"""Pip-Pip! (RULES.md §15): the pure rules so far; the game object is not built yet."""
