-- The Discord table: which message shows each table, and who has closed DMs.
ALTER TABLE tables ADD COLUMN message_id BIGINT;

CREATE TABLE dm_status (
    user_id BIGINT PRIMARY KEY,
    open INTEGER NOT NULL,            -- 1 if the last DM reached the user
    told INTEGER NOT NULL DEFAULT 0,  -- 1 once told to use "My hand" instead
    checked_at TEXT NOT NULL
);
