"""Quinto (Hoffmann, c. 1900; RULES.md §13): its pure rules so far, in rules.py."""
