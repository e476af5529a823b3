-- "Can I still win?" (issue 34): how many times a finished patience game's player asked
-- it. A game with one is assisted: it is never a perfect win and counts in no streak
-- (an assisted game ends a run of wins, as a loss does). Rows stored before this
-- migration had no such answers to give, so they take 0.
ALTER TABLE patience_results ADD COLUMN assists BIGINT NOT NULL DEFAULT 0 CHECK (assists >= 0);
