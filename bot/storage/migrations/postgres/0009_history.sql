-- /table history and /stats (issue 23), and the replay_reveal server setting.
--
-- A server's finished tables newest first, keyset-paged on (closed_at, id): one index for
-- every game and one for a single game, both over closed tables only, so the first page
-- reads ten index entries instead of sorting the server's tables.
CREATE INDEX tables_closed ON tables (guild_id, closed_at DESC, id DESC) WHERE status = 'closed';
CREATE INDEX tables_closed_game ON tables (guild_id, game, closed_at DESC, id DESC)
    WHERE status = 'closed';
-- The tables a member sat at (seats_one_per_user leads with the table, not the member).
CREATE INDEX seats_by_user ON seats (user_id, table_id) WHERE user_id IS NOT NULL;
-- A member's results in the order they finished, for /stats over every game at once.
CREATE INDEX game_results_player ON game_results (guild_id, user_id, finished_at);

-- 1 lets replays of a closed table show every hand of its finished deals; NULL is off.
ALTER TABLE guild_settings ADD COLUMN replay_reveal INTEGER CHECK (replay_reveal IN (0, 1));
