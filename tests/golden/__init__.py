"""Golden playthroughs (DESIGN.md "Testing" 5): seeded games kept as files and replayed."""
