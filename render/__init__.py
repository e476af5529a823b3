"""Pictures: a view in, image bytes out (cards, tables, hands, leaderboards)."""
