-- Notices owed to channels: the words a table's channel is to be told (a table set aside at
-- a restart), written in the unit of work that sets the table aside and deleted once
-- Discord has taken them, so a start-up with Discord out of reach loses none.
CREATE TABLE channel_notices (
    id         INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL,
    table_id   INTEGER NOT NULL REFERENCES tables (id),
    words      TEXT    NOT NULL,
    created_at TEXT    NOT NULL
) STRICT;
