-- Finished patience games, one row per human player, for /patience stats and the patience
-- leaderboards: written in the unit of work that finishes the table; a replayed finish
-- finds its rows already there and adds nothing.
CREATE TABLE patience_results (
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    won         INTEGER NOT NULL CHECK (won IN (0, 1)),
    moves       INTEGER NOT NULL CHECK (moves >= 0),
    undos       INTEGER NOT NULL CHECK (undos >= 0),
    hints       INTEGER NOT NULL CHECK (hints >= 0),
    score       INTEGER NOT NULL,
    finished_at TEXT    NOT NULL,
    PRIMARY KEY (table_id, user_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX patience_results_player ON patience_results (guild_id, user_id, game, finished_at);
CREATE INDEX patience_results_board ON patience_results (guild_id, game, user_id);
