-- parlour: rebuilds tables
-- Tournaments (issue 24): the ledger's fifth account kind, four new reasons, and the
-- tournaments' own tables.
--
-- An `entry` account is a tournament's escrow: its buy-ins, until the prizes are paid
-- (`entry`: purse -> entry, `prize`: entry -> purse; a cancelled tournament's buy-ins go
-- back with `refund`). At a tournament table the bank lends every seat an equal stack
-- (`lend`: issuance -> stake) and takes it back when the seat leaves (`repay`).
--
-- SQLite cannot alter a CHECK, so `accounts` and `transfers` are rebuilt by SQLite's
-- documented procedure (the first line above has the runner do it with foreign keys off,
-- checked before the commit). Every row, id, index, trigger and invariant of 0001 is kept;
-- no later migration added any to these two tables. The triggers of `transfers` go
-- first: the rename re-parses triggers, and transfers_apply names `accounts`.
DROP TRIGGER transfers_apply;
DROP TRIGGER transfers_no_update;
DROP TRIGGER transfers_no_delete;

CREATE TABLE accounts_new (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    kind          TEXT    NOT NULL CHECK (kind IN ('issuance', 'purse', 'stake', 'pot', 'entry')),
    user_id       INTEGER,
    table_id      INTEGER,
    seat          INTEGER,
    balance       INTEGER NOT NULL DEFAULT 0,
    created_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    closed_at     TEXT,
    tournament_id INTEGER,
    -- Which identity columns an account has depends on its kind.
    CONSTRAINT account_shape CHECK (
        CASE kind
            WHEN 'issuance' THEN user_id IS NULL AND table_id IS NULL AND seat IS NULL
                AND tournament_id IS NULL
            WHEN 'purse' THEN user_id IS NOT NULL AND table_id IS NULL AND seat IS NULL
                AND tournament_id IS NULL
            WHEN 'stake' THEN user_id IS NULL AND table_id IS NOT NULL AND seat IS NOT NULL
                AND tournament_id IS NULL
            WHEN 'pot' THEN user_id IS NULL AND table_id IS NOT NULL AND seat IS NULL
                AND tournament_id IS NULL
            WHEN 'entry' THEN user_id IS NULL AND table_id IS NULL AND seat IS NULL
                AND tournament_id IS NOT NULL
        END
    ),
    -- The issuance account mints chips, so it alone runs below zero.
    CONSTRAINT no_overdraft CHECK (kind = 'issuance' OR balance >= 0),
    -- Escrow (a table's stakes and pot, a tournament's entries) closes; nothing else does.
    CONSTRAINT only_escrow_closes CHECK (closed_at IS NULL OR kind IN ('stake', 'pot', 'entry'))
) STRICT;

INSERT INTO accounts_new
    (id, guild_id, kind, user_id, table_id, seat, balance, created_at, closed_at)
SELECT id, guild_id, kind, user_id, table_id, seat, balance, created_at, closed_at
FROM accounts;
DROP TABLE accounts;
ALTER TABLE accounts_new RENAME TO accounts;

-- One account per identity (partial indexes, since NULLs never collide in a UNIQUE).
CREATE UNIQUE INDEX accounts_issuance ON accounts (guild_id) WHERE kind = 'issuance';
CREATE UNIQUE INDEX accounts_purse ON accounts (guild_id, user_id) WHERE kind = 'purse';
CREATE UNIQUE INDEX accounts_stake ON accounts (guild_id, table_id, seat) WHERE kind = 'stake';
CREATE UNIQUE INDEX accounts_pot ON accounts (guild_id, table_id) WHERE kind = 'pot';
CREATE UNIQUE INDEX accounts_entry ON accounts (guild_id, tournament_id) WHERE kind = 'entry';
-- A table's escrow, for closing it and for the per-game leaderboard.
CREATE INDEX accounts_table ON accounts (table_id, guild_id) WHERE table_id IS NOT NULL;

CREATE TABLE transfers_new (
    id                INTEGER PRIMARY KEY,
    guild_id          INTEGER NOT NULL,
    debit_account_id  INTEGER NOT NULL REFERENCES accounts (id),
    credit_account_id INTEGER NOT NULL REFERENCES accounts (id),
    amount            INTEGER NOT NULL CHECK (amount > 0 AND amount <= 1000000000000),
    reason            TEXT    NOT NULL CHECK (reason IN (
        'start', 'daily', 'grant', 'gift', 'buyin', 'topup', 'cashout', 'settle',
        'refund', 'ai_buyin', 'ai_cashout', 'carry', 'entry', 'prize', 'lend', 'repay'
    )),
    key               TEXT    NOT NULL UNIQUE CHECK (length(key) BETWEEN 1 AND 200),
    game              TEXT,
    table_id          INTEGER,
    created_at        TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    CHECK (debit_account_id <> credit_account_id)
) STRICT;

INSERT INTO transfers_new
    (id, guild_id, debit_account_id, credit_account_id, amount, reason, key, game, table_id,
     created_at)
SELECT id, guild_id, debit_account_id, credit_account_id, amount, reason, key, game, table_id,
       created_at
FROM transfers;
DROP TABLE transfers;
ALTER TABLE transfers_new RENAME TO transfers;

CREATE INDEX transfers_debit ON transfers (debit_account_id);
CREATE INDEX transfers_credit ON transfers (credit_account_id);
CREATE INDEX transfers_game ON transfers (guild_id, game) WHERE game IS NOT NULL;

-- The triggers of 0001, word for word but for `entry` and tournament_id.
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
BEFORE UPDATE OF guild_id, kind, user_id, table_id, seat, tournament_id ON accounts
BEGIN
    SELECT RAISE(ABORT, 'ledger: an account keeps its identity');
END;

CREATE TRIGGER accounts_close BEFORE UPDATE OF closed_at ON accounts
BEGIN
    SELECT CASE
        WHEN OLD.closed_at IS NOT NULL THEN RAISE(ABORT, 'ledger: closed accounts stay closed')
        WHEN OLD.kind NOT IN ('stake', 'pot', 'entry') THEN RAISE(ABORT, 'ledger: only escrow closes')
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

-- The tournaments themselves (bot/tournaments): the event, its players, its tables round
-- by round, and the byes it gave.
CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,      -- where the signup message and standings go
    message_id INTEGER,               -- the signup message, once posted
    host_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    format TEXT NOT NULL CHECK (format IN ('swiss', 'knockout')),
    rounds INTEGER NOT NULL CHECK (rounds BETWEEN 0 AND 20),  -- 0: knockout (until one is left)
    seats INTEGER NOT NULL CHECK (seats BETWEEN 2 AND 12),
    buy_in INTEGER NOT NULL CHECK (buy_in >= 0),
    stack INTEGER NOT NULL CHECK (stack >= 0),                 -- equal stacks at chip tables
    shares TEXT NOT NULL,             -- prize percentages, e.g. '50,30,20'
    options TEXT NOT NULL,            -- JSON object of the game's options
    seed INTEGER NOT NULL,
    starts_at REAL,                   -- unix seconds, when it starts by itself; NULL: by hand
    status TEXT NOT NULL
        CHECK (status IN ('signup', 'running', 'paying', 'finished', 'cancelled')),
    round INTEGER NOT NULL DEFAULT 0, -- the round under way (0 before the first)
    signups INTEGER NOT NULL DEFAULT 0, -- signups ever made: numbers each one, never twice
    created_at TEXT NOT NULL,
    finished_at TEXT
) STRICT;
CREATE INDEX tournaments_live ON tournaments (guild_id)
    WHERE status IN ('signup', 'running', 'paying');
CREATE INDEX tournaments_done ON tournaments (guild_id, id) WHERE status = 'finished';

CREATE TABLE tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    user_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    seq INTEGER NOT NULL,             -- order of joining, 1, 2, ... (the seeding)
    dropped INTEGER NOT NULL DEFAULT 0,  -- round after which they left or forfeited; 0: in
    place INTEGER,                    -- final place once finished
    prize INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, user_id)
) STRICT;
CREATE INDEX tournament_players_user ON tournament_players (user_id, tournament_id);

CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round INTEGER NOT NULL,
    number INTEGER NOT NULL,          -- 1, 2, ... within the round
    seats TEXT NOT NULL,              -- JSON list: user id per seat, null for an AI seat
    thread_id INTEGER,                -- the thread it is played in, once opened
    table_id INTEGER REFERENCES tables (id),  -- once opened
    result TEXT,                      -- JSON once over: {"places", "points", "forfeits"}
    PRIMARY KEY (tournament_id, round, number)
) STRICT;

CREATE TABLE tournament_byes (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, round, user_id)
) STRICT;

-- The tournament a table belongs to; NULL for an ordinary table.
ALTER TABLE tables ADD COLUMN tournament_id INTEGER REFERENCES tournaments (id);
CREATE INDEX tables_tournament ON tables (tournament_id) WHERE tournament_id IS NOT NULL;
