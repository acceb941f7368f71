ALTER TABLE "leaderboard_counts" DROP CONSTRAINT "leaderboard_counts_tier_known";--> statement-breakpoint
ALTER TABLE "leaderboard_counts" ADD CONSTRAINT "leaderboard_counts_tier_known" CHECK ("leaderboard_counts"."tier" between 0 and 7);--> statement-breakpoint
-- Counts in levels (docs/decisions/061-leaderboard-count-levels.md), so that a rank at ten million
-- players reads a bounded number of count rows and a short count of ties.
--
-- Scores: tier 6 counts a block of 4,096 points (`score` is score >> 12), tier 0 a band of 256
-- (score >> 8, as before), tier 7 a group of 16 (score >> 4), tier 1 one score (as before). The
-- players of higher scores are those of the higher blocks, of the higher bands inside the
-- player's block, of the higher groups inside the band and of the higher scores inside the group:
-- at most 15 rows of each but the first.
--
-- Time: tier 2 + l counts a score in a slot of level l, l = 0..3. A level-0 slot is the board's
-- unit — 4 seconds on the daily board, a minute on the monthly board, an hour on the all-time
-- board — and a level-l slot is 64^l of them, counted from the epoch, so each lies inside one slot
-- of the level above. The players of the same score who reached it before a player are those of
-- the earlier level-3 slots, of the earlier level-l slots inside the player's level-(l + 1) slot
-- (at most 63 rows each), and the ties inside the player's own unit slot, counted through the rank
-- index.
CREATE OR REPLACE FUNCTION leaderboard_slot_seconds(board text) RETURNS int LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE board WHEN 'daily' THEN 4 WHEN 'monthly' THEN 60 ELSE 3600 END
$$;--> statement-breakpoint
CREATE FUNCTION leaderboard_slot(board text, at timestamptz, level int) RETURNS int LANGUAGE sql IMMUTABLE AS $$
  SELECT floor(extract(epoch FROM at) / (leaderboard_slot_seconds(board)::bigint * (64::bigint ^ level)::bigint))::int
$$;--> statement-breakpoint
-- The keys of the counts one listed player is in: block, band, group, score, and the score's slot of each level.
CREATE FUNCTION leaderboard_count_keys(p_board text, p_score int, p_at timestamptz)
RETURNS TABLE (tier smallint, score int, slot int) LANGUAGE sql IMMUTABLE AS $$
  SELECT 0::smallint, p_score >> 8, 0
  UNION ALL SELECT 1::smallint, p_score, 0
  UNION ALL SELECT (2 + l)::smallint, p_score, leaderboard_slot(p_board, p_at, l) FROM generate_series(0, 3) AS l
  UNION ALL SELECT 6::smallint, p_score >> 12, 0
  UNION ALL SELECT 7::smallint, p_score >> 4, 0
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION leaderboard_count_move(p_board text, p_period date, p_old_score int, p_old_at timestamptz, p_new_score int, p_new_at timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO leaderboard_counts AS c (board, period, tier, score, slot, players)
  SELECT p_board, p_period, k.tier, k.score, k.slot, sum(k.delta)::int
  FROM (
    SELECT o.tier, o.score, o.slot, -1 AS delta FROM leaderboard_count_keys(p_board, p_old_score, p_old_at) o WHERE p_old_score IS NOT NULL
    UNION ALL SELECT n.tier, n.score, n.slot, 1 FROM leaderboard_count_keys(p_board, p_new_score, p_new_at) n WHERE p_new_score IS NOT NULL
  ) k
  GROUP BY k.tier, k.score, k.slot
  HAVING sum(k.delta) <> 0
  ORDER BY k.tier, k.score, k.slot
  ON CONFLICT (board, period, tier, score, slot) DO UPDATE SET players = c.players + excluded.players;
  -- A past time slot only ever drains: drop it once empty.
  IF p_old_score IS NOT NULL THEN
    DELETE FROM leaderboard_counts c
    USING leaderboard_count_keys(p_board, p_old_score, p_old_at) o
    WHERE c.board = p_board AND c.period = p_period AND o.tier BETWEEN 2 AND 5
      AND c.tier = o.tier AND c.score = o.score AND c.slot = o.slot AND c.players = 0;
  END IF;
END
$$;--> statement-breakpoint
-- Takes every count from the boards again: this migration, and `rebuildCounts` after a bulk load
-- with the triggers off.
CREATE FUNCTION leaderboard_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM leaderboard_counts;
  INSERT INTO leaderboard_counts (board, period, tier, score, slot, players)
  SELECT r.board, r.period, k.tier, k.score, k.slot, count(*)::int
  FROM (
    SELECT 'daily' AS board, period, score, reached_at FROM leaderboard_daily WHERE visible
    UNION ALL SELECT 'monthly', period, score, reached_at FROM leaderboard_monthly WHERE visible
    UNION ALL SELECT 'all_time', DATE '1970-01-01', score, reached_at FROM leaderboard_all_time WHERE visible
  ) r
  CROSS JOIN LATERAL leaderboard_count_keys(r.board, r.score, r.reached_at) k
  GROUP BY r.board, r.period, k.tier, k.score, k.slot;
$$;--> statement-breakpoint
-- The counts again, in the new tiers.
SELECT leaderboard_counts_rebuild();