-- Finished games' results, for the "games won" leaderboard of games not played for chips.
-- One row per human player of a finished table, written in the unit of work that
-- finishes it; a replayed finish finds its rows already there and adds nothing.
CREATE TABLE game_results (
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    points      INTEGER NOT NULL,                   -- the final score
    won         INTEGER NOT NULL CHECK (won IN (0, 1)),
    finished_at TEXT    NOT NULL,
    PRIMARY KEY (table_id, user_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX game_results_board ON game_results (guild_id, game, user_id);
