-- Winnable deals (issue 34): a table may be dealt a seed the patience solver has proved
-- winnable, drawn from a stock of such seeds that a background task keeps filled.
-- `winnable` marks a table dealt so; only the table service sets it, from the stock.
ALTER TABLE tables ADD COLUMN winnable INTEGER NOT NULL DEFAULT 0 CHECK (winnable IN (0, 1));
-- A winnable deal is dealt once, whichever process draws it: the database refuses a
-- second winnable table of a game with the same seed.
CREATE UNIQUE INDEX tables_winnable_once ON tables (game, seed) WHERE winnable = 1;

-- The stock: seeds proved winnable, per game and its resolved options (JSON, keys in
-- order), each taken by the one statement that deletes it, so that no two processes
-- sharing the database hand out the same seed; a seed is in the stock once.
CREATE TABLE winnable_seeds (
    id       INTEGER PRIMARY KEY,
    game     TEXT    NOT NULL,
    options  TEXT    NOT NULL,
    seed     INTEGER NOT NULL,
    found_at TEXT    NOT NULL,
    UNIQUE (game, seed)
) STRICT;
CREATE INDEX winnable_seeds_stock ON winnable_seeds (game, options, id);
