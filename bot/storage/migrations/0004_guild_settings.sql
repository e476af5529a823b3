-- Per-server settings (bot/guilds.py), and the ledger's record of daily claims.
--
-- A NULL setting follows the operator's default (PARLOUR_* environment), so a server
-- keeps only what its admins changed. An empty guild_channels set means "everywhere".
CREATE TABLE guild_settings (
    guild_id          INTEGER PRIMARY KEY,
    starting_chips    INTEGER CHECK (starting_chips >= 0),
    daily_chips       INTEGER CHECK (daily_chips >= 0),
    buy_in            INTEGER CHECK (buy_in >= 1),
    min_buy_in        INTEGER CHECK (min_buy_in >= 1),
    max_buy_in        INTEGER CHECK (max_buy_in >= 1),
    turn_clock_s      INTEGER CHECK (turn_clock_s >= 1),
    moderator_role_id INTEGER,
    updated_at        TEXT NOT NULL
) STRICT;

CREATE TABLE guild_channels (
    guild_id   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    PRIMARY KEY (guild_id, channel_id)
) STRICT, WITHOUT ROWID;

-- One row per daily claim, written in the same unit of work as its transfer: the time
-- comes from the bot's clock (so tests can move it), the chips from `transfers`.
CREATE TABLE daily_claims (
    transfer_id INTEGER PRIMARY KEY REFERENCES transfers (id),
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    claimed_at  REAL    NOT NULL  -- unix seconds (UTC)
) STRICT;
CREATE INDEX daily_claims_by_user ON daily_claims (guild_id, user_id, claimed_at);

CREATE TRIGGER daily_claims_no_update BEFORE UPDATE ON daily_claims
BEGIN
    SELECT RAISE(ABORT, 'ledger: daily claims are append-only');
END;

CREATE TRIGGER daily_claims_no_delete BEFORE DELETE ON daily_claims
BEGIN
    SELECT RAISE(ABORT, 'ledger: daily claims are append-only');
END;
