-- Per-server settings (bot/guilds.py), and the ledger's record of daily claims.
--
-- A NULL setting follows the operator's default (PARLOUR_* environment), so a server
-- keeps only what its admins changed. An empty guild_channels set means "everywhere".
CREATE TABLE guild_settings (
    guild_id          BIGINT PRIMARY KEY,
    starting_chips    BIGINT CHECK (starting_chips >= 0),
    daily_chips       BIGINT CHECK (daily_chips >= 0),
    buy_in            BIGINT CHECK (buy_in >= 1),
    min_buy_in        BIGINT CHECK (min_buy_in >= 1),
    max_buy_in        BIGINT CHECK (max_buy_in >= 1),
    turn_clock_s      BIGINT CHECK (turn_clock_s >= 1),
    moderator_role_id BIGINT,
    updated_at        TEXT NOT NULL
);

CREATE TABLE guild_channels (
    guild_id   BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    PRIMARY KEY (guild_id, channel_id)
);

-- One row per daily claim, written in the same unit of work as its transfer: the time
-- comes from the bot's clock (so tests can move it), the chips from `transfers`.
CREATE TABLE daily_claims (
    transfer_id BIGINT PRIMARY KEY REFERENCES transfers (id),
    guild_id    BIGINT NOT NULL,
    user_id     BIGINT NOT NULL,
    claimed_at  DOUBLE PRECISION NOT NULL  -- unix seconds (UTC)
);
CREATE INDEX daily_claims_by_user ON daily_claims (guild_id, user_id, claimed_at);

CREATE TRIGGER daily_claims_no_update BEFORE UPDATE ON daily_claims
FOR EACH ROW EXECUTE FUNCTION ledger_refuse('ledger: daily claims are append-only');

CREATE TRIGGER daily_claims_no_delete BEFORE DELETE ON daily_claims
FOR EACH ROW EXECUTE FUNCTION ledger_refuse('ledger: daily claims are append-only');

CREATE TRIGGER daily_claims_no_truncate BEFORE TRUNCATE ON daily_claims
FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse('ledger: daily claims are append-only');
