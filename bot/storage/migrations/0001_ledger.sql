-- The chip ledger (DESIGN.md, "Chips and the ledger"): accounts and append-only transfers.
--
-- The rules live here, not only in Python: a transfer is one inserted row, and its
-- trigger moves both balances; a CHECK refuses any balance below zero except the
-- issuance account's; transfers can be neither updated nor deleted; a closed escrow
-- account takes no more transfers and cannot be closed while it holds chips.

CREATE TABLE accounts (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    kind       TEXT    NOT NULL CHECK (kind IN ('issuance', 'purse', 'stake', 'pot')),
    user_id    INTEGER,
    table_id   INTEGER,
    seat       INTEGER,
    balance    INTEGER NOT NULL DEFAULT 0,
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    closed_at  TEXT,
    -- Which identity columns an account has depends on its kind.
    CONSTRAINT account_shape CHECK (
        CASE kind
            WHEN 'issuance' THEN user_id IS NULL AND table_id IS NULL AND seat IS NULL
            WHEN 'purse' THEN user_id IS NOT NULL AND table_id IS NULL AND seat IS NULL
            WHEN 'stake' THEN user_id IS NULL AND table_id IS NOT NULL AND seat IS NOT NULL
            WHEN 'pot' THEN user_id IS NULL AND table_id IS NOT NULL AND seat IS NULL
        END
    ),
    -- The issuance account mints chips, so it alone runs below zero.
    CONSTRAINT no_overdraft CHECK (kind = 'issuance' OR balance >= 0),
    CONSTRAINT only_escrow_closes CHECK (closed_at IS NULL OR kind IN ('stake', 'pot'))
) STRICT;

-- One account per identity (partial indexes, since NULLs never collide in a UNIQUE).
CREATE UNIQUE INDEX accounts_issuance ON accounts (guild_id) WHERE kind = 'issuance';
CREATE UNIQUE INDEX accounts_purse ON accounts (guild_id, user_id) WHERE kind = 'purse';
CREATE UNIQUE INDEX accounts_stake ON accounts (guild_id, table_id, seat) WHERE kind = 'stake';
CREATE UNIQUE INDEX accounts_pot ON accounts (guild_id, table_id) WHERE kind = 'pot';
-- A table's escrow, for closing it and for the per-game leaderboard.
CREATE INDEX accounts_table ON accounts (table_id, guild_id) WHERE table_id IS NOT NULL;

CREATE TABLE transfers (
    id                INTEGER PRIMARY KEY,
    guild_id          INTEGER NOT NULL,
    debit_account_id  INTEGER NOT NULL REFERENCES accounts (id),
    credit_account_id INTEGER NOT NULL REFERENCES accounts (id),
    amount            INTEGER NOT NULL CHECK (amount > 0 AND amount <= 1000000000000),
    reason            TEXT    NOT NULL CHECK (reason IN (
        'start', 'daily', 'grant', 'gift', 'buyin', 'topup', 'cashout', 'settle',
        'refund', 'ai_buyin', 'ai_cashout', 'carry'
    )),
    key               TEXT    NOT NULL UNIQUE CHECK (length(key) BETWEEN 1 AND 200),
    game              TEXT,
    table_id          INTEGER,
    created_at        TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    CHECK (debit_account_id <> credit_account_id)
) STRICT;

CREATE INDEX transfers_debit ON transfers (debit_account_id);
CREATE INDEX transfers_credit ON transfers (credit_account_id);
CREATE INDEX transfers_game ON transfers (guild_id, game) WHERE game IS NOT NULL;

-- AFTER, not BEFORE: an INSERT ... ON CONFLICT (key) DO NOTHING that meets an existing
-- key inserts nothing and fires nothing, so replaying a transfer of a since-closed
-- table is still recognised as a replay.
CREATE TRIGGER transfers_apply AFTER INSERT ON transfers
BEGIN
    SELECT CASE
        WHEN guild_id <> NEW.guild_id THEN RAISE(ABORT, 'ledger: account of another server')
        ELSE RAISE(ABORT, 'ledger: account closed')
    END
    FROM accounts
    WHERE id IN (NEW.debit_account_id, NEW.credit_account_id)
      AND (guild_id <> NEW.guild_id OR closed_at IS NOT NULL);
    UPDATE accounts SET balance = balance - NEW.amount WHERE id = NEW.debit_account_id;
    UPDATE accounts SET balance = balance + NEW.amount WHERE id = NEW.credit_account_id;
END;

-- A correction is a new transfer, never an edit.
CREATE TRIGGER transfers_no_update BEFORE UPDATE ON transfers
BEGIN
    SELECT RAISE(ABORT, 'ledger: transfers are append-only');
END;

CREATE TRIGGER transfers_no_delete BEFORE DELETE ON transfers
BEGIN
    SELECT RAISE(ABORT, 'ledger: transfers are append-only');
END;

CREATE TRIGGER accounts_no_delete BEFORE DELETE ON accounts
BEGIN
    SELECT RAISE(ABORT, 'ledger: accounts are permanent');
END;

CREATE TRIGGER accounts_identity_fixed
BEFORE UPDATE OF guild_id, kind, user_id, table_id, seat ON accounts
BEGIN
    SELECT RAISE(ABORT, 'ledger: an account keeps its identity');
END;

CREATE TRIGGER accounts_close BEFORE UPDATE OF closed_at ON accounts
BEGIN
    SELECT CASE
        WHEN OLD.closed_at IS NOT NULL THEN RAISE(ABORT, 'ledger: closed accounts stay closed')
        WHEN OLD.kind NOT IN ('stake', 'pot') THEN RAISE(ABORT, 'ledger: only escrow closes')
        WHEN NEW.balance <> 0 THEN RAISE(ABORT, 'ledger: escrow not empty')
    END;
END;

-- Once any escrow account of a table is closed, the table takes no new ones.
CREATE TRIGGER accounts_escrow_of_closed_table BEFORE INSERT ON accounts
WHEN NEW.table_id IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'ledger: account closed')
    WHERE EXISTS (
        SELECT 1 FROM accounts
        WHERE table_id = NEW.table_id AND guild_id = NEW.guild_id AND closed_at IS NOT NULL
    );
END;
