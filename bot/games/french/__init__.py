"""Games for the ordinary 52-card French pack (RULES.md §10-§15): one folder per game."""
