-- Finished patience games, one row per human player, for /patience stats and the patience
-- leaderboards: written in the unit of work that finishes the table; a replayed finish
-- finds its rows already there and adds nothing.
CREATE TABLE patience_results (
    table_id    BIGINT  NOT NULL REFERENCES tables (id),
    guild_id    BIGINT  NOT NULL,
    user_id     BIGINT  NOT NULL,
    game        TEXT    NOT NULL,
    won         INTEGER NOT NULL CHECK (won IN (0, 1)),  -- INTEGER: SUM(won) stays an integer
    moves       BIGINT  NOT NULL CHECK (moves >= 0),
    undos       BIGINT  NOT NULL CHECK (undos >= 0),
    hints       BIGINT  NOT NULL CHECK (hints >= 0),
    score       BIGINT  NOT NULL,
    finished_at TEXT    NOT NULL,
    PRIMARY KEY (table_id, user_id)
);

CREATE INDEX patience_results_player ON patience_results (guild_id, user_id, game, finished_at);
CREATE INDEX patience_results_board ON patience_results (guild_id, game, user_id);
