-- Finished games' results, for the "games won" leaderboard of games not played for chips.
-- One row per human player of a finished table, written in the unit of work that
-- finishes it; a replayed finish finds its rows already there and adds nothing.
CREATE TABLE game_results (
    table_id    BIGINT  NOT NULL REFERENCES tables (id),
    guild_id    BIGINT  NOT NULL,
    game        TEXT    NOT NULL,
    user_id     BIGINT  NOT NULL,
    points      BIGINT  NOT NULL,                   -- the final score
    won         INTEGER NOT NULL CHECK (won IN (0, 1)),  -- INTEGER: SUM(won) stays an integer
    finished_at TEXT    NOT NULL,
    PRIMARY KEY (table_id, user_id)
);

CREATE INDEX game_results_board ON game_results (guild_id, game, user_id);
