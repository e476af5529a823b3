-- Spectators' links: one unguessable key per table (issue 33), the whole of what a web
-- page needs to find its table. A key is made when a link is first asked for and replaced
-- by a reset; a key is unique so that it names one table, and a table has one key at a
-- time so that a reset shuts out every page opened on the old one.
CREATE TABLE watch_keys (
    table_id   INTEGER PRIMARY KEY REFERENCES tables (id),
    key        TEXT    NOT NULL UNIQUE,
    created_at TEXT    NOT NULL
) STRICT;
