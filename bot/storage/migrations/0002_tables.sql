-- The table service: one open table per channel, its seats, and its action log.
CREATE TABLE tables (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    options TEXT NOT NULL,                 -- JSON object of the resolved options
    seed INTEGER NOT NULL,
    host_id INTEGER NOT NULL,
    buy_in INTEGER NOT NULL CHECK (buy_in >= 0),  -- 0 for games not played for chips
    status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'closed')),
    start_stacks TEXT,                     -- JSON list, the stacks the game began with
    version INTEGER NOT NULL DEFAULT 0,    -- number of entries in the action log
    digest TEXT,                           -- hash of the game state after the last entry
    deadline_at REAL,                      -- turn deadline, unix seconds (UTC)
    created_at TEXT NOT NULL,
    closed_at TEXT,
    close_reason TEXT
);
CREATE UNIQUE INDEX tables_one_open_per_channel ON tables (channel_id) WHERE status != 'closed';
CREATE INDEX tables_open ON tables (status) WHERE status != 'closed';

CREATE TABLE seats (
    table_id INTEGER NOT NULL REFERENCES tables (id),
    chair INTEGER NOT NULL,                -- fixed at join; names the seat's stake account
    user_id INTEGER,                       -- NULL for an AI seat
    name TEXT NOT NULL,
    ticket TEXT NOT NULL,                  -- names this sitting in ledger keys (buy-in, cash-out)
    ai_control INTEGER NOT NULL DEFAULT 0, -- 1 when the seat is handed to the AI
    timeouts INTEGER NOT NULL DEFAULT 0,   -- timeouts in a row
    leaving INTEGER NOT NULL DEFAULT 0,    -- 1 when the player leaves at the end of the hand
    left INTEGER NOT NULL DEFAULT 0,       -- 1 once the player has left a game in play
    PRIMARY KEY (table_id, chair)
) WITHOUT ROWID;
CREATE UNIQUE INDEX seats_one_per_user ON seats (table_id, user_id) WHERE user_id IS NOT NULL;

CREATE TABLE actions (
    table_id INTEGER NOT NULL REFERENCES tables (id),
    seq INTEGER NOT NULL,                  -- 1, 2, ... in order
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('act', 'stack')),
    action TEXT NOT NULL,
    actor TEXT NOT NULL CHECK (actor IN ('player', 'ai', 'timeout', 'table')),
    created_at TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
