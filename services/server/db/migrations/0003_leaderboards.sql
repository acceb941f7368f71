CREATE TABLE "leaderboard_counts" (
	"board" text NOT NULL,
	"period" date NOT NULL,
	"tier" smallint NOT NULL,
	"score" integer NOT NULL,
	"slot" integer NOT NULL,
	"players" integer NOT NULL,
	CONSTRAINT "leaderboard_counts_board_period_tier_score_slot_pk" PRIMARY KEY("board","period","tier","score","slot"),
	CONSTRAINT "leaderboard_counts_board_known" CHECK ("leaderboard_counts"."board" in ('daily','monthly','all_time')),
	CONSTRAINT "leaderboard_counts_tier_known" CHECK ("leaderboard_counts"."tier" in (0, 1, 2))
);
--> statement-breakpoint
DROP INDEX "leaderboard_all_time_rank";--> statement-breakpoint
DROP INDEX "leaderboard_daily_rank";--> statement-breakpoint
DROP INDEX "leaderboard_monthly_rank";--> statement-breakpoint
ALTER TABLE "leaderboard_all_time" ADD COLUMN "visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "leaderboard_daily" ADD COLUMN "visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "leaderboard_monthly" ADD COLUMN "visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "leaderboard_daily_user" ON "leaderboard_daily" USING btree ("user_id","period");--> statement-breakpoint
CREATE INDEX "leaderboard_monthly_user" ON "leaderboard_monthly" USING btree ("user_id","period");--> statement-breakpoint
CREATE INDEX "users_referred_by" ON "users" USING btree ("referred_by") WHERE "users"."referred_by" is not null;--> statement-breakpoint
CREATE INDEX "leaderboard_all_time_rank" ON "leaderboard_all_time" USING btree ("score" DESC NULLS LAST,"reached_at","user_id") WHERE "leaderboard_all_time"."visible";--> statement-breakpoint
CREATE INDEX "leaderboard_daily_rank" ON "leaderboard_daily" USING btree ("period","score" DESC NULLS LAST,"reached_at","user_id") WHERE "leaderboard_daily"."visible";--> statement-breakpoint
CREATE INDEX "leaderboard_monthly_rank" ON "leaderboard_monthly" USING btree ("period","score" DESC NULLS LAST,"reached_at","user_id") WHERE "leaderboard_monthly"."visible";--> statement-breakpoint
-- Leaderboard counts (docs/decisions/010-leaderboard-ranks.md). A time slot of reached_at: minutes
-- on the daily board, hours on the monthly board, days on the all-time board.
CREATE FUNCTION leaderboard_slot_seconds(board text) RETURNS int LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE board WHEN 'daily' THEN 60 WHEN 'monthly' THEN 3600 ELSE 86400 END
$$;--> statement-breakpoint
CREATE FUNCTION leaderboard_slot(board text, at timestamptz) RETURNS int LANGUAGE sql IMMUTABLE AS $$
  SELECT floor(extract(epoch FROM at) / leaderboard_slot_seconds(board))::int
$$;--> statement-breakpoint
CREATE FUNCTION leaderboard_slot_start(board text, at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT to_timestamp(leaderboard_slot(board, at)::bigint * leaderboard_slot_seconds(board))
$$;--> statement-breakpoint
-- Moves one listed player in the counts: out of (old score, old reach time), into (new score, new
-- reach time); either side null. The rows are changed in one statement in key order, so two
-- settlements moving across each other's scores lock them in the same order and cannot deadlock.
CREATE FUNCTION leaderboard_count_move(p_board text, p_period date, p_old_score int, p_old_at timestamptz, p_new_score int, p_new_at timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO leaderboard_counts AS c (board, period, tier, score, slot, players)
  SELECT p_board, p_period, k.tier, k.score, k.slot, sum(k.delta)::int
  FROM (
    SELECT 0::smallint AS tier, p_old_score >> 8 AS score, 0 AS slot, -1 AS delta WHERE p_old_score IS NOT NULL
    UNION ALL SELECT 1::smallint, p_old_score, 0, -1 WHERE p_old_score IS NOT NULL
    UNION ALL SELECT 2::smallint, p_old_score, leaderboard_slot(p_board, p_old_at), -1 WHERE p_old_score IS NOT NULL
    UNION ALL SELECT 0::smallint, p_new_score >> 8, 0, 1 WHERE p_new_score IS NOT NULL
    UNION ALL SELECT 1::smallint, p_new_score, 0, 1 WHERE p_new_score IS NOT NULL
    UNION ALL SELECT 2::smallint, p_new_score, leaderboard_slot(p_board, p_new_at), 1 WHERE p_new_score IS NOT NULL
  ) k
  GROUP BY k.tier, k.score, k.slot
  HAVING sum(k.delta) <> 0
  ORDER BY k.tier, k.score, k.slot
  ON CONFLICT (board, period, tier, score, slot) DO UPDATE SET players = c.players + excluded.players;
  -- A past time slot only ever drains: drop it once empty.
  IF p_old_score IS NOT NULL THEN
    DELETE FROM leaderboard_counts
    WHERE board = p_board AND period = p_period AND tier = 2 AND score = p_old_score
      AND slot = leaderboard_slot(p_board, p_old_at) AND players = 0;
  END IF;
END
$$;--> statement-breakpoint
-- Keeps the counts of a board: TG_ARGV[0] names the board.
CREATE FUNCTION leaderboard_counts_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_period date;
  v_old_score int;
  v_old_at timestamptz;
  v_new_score int;
  v_new_at timestamptz;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.visible THEN
    v_old_score := OLD.score;
    v_old_at := OLD.reached_at;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.visible THEN
    v_new_score := NEW.score;
    v_new_at := NEW.reached_at;
  END IF;
  IF TG_ARGV[0] = 'all_time' THEN
    v_period := DATE '1970-01-01';
  ELSIF TG_OP = 'DELETE' THEN
    v_period := OLD.period;
  ELSE
    v_period := NEW.period;
  END IF;
  IF v_old_score IS DISTINCT FROM v_new_score OR v_old_at IS DISTINCT FROM v_new_at THEN
    PERFORM leaderboard_count_move(TG_ARGV[0], v_period, v_old_score, v_old_at, v_new_score, v_new_at);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Deactivating, reactivating or deleting a player hides or shows their rows (and so their counts).
CREATE FUNCTION leaderboard_users_visibility() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v boolean := NEW.status AND NEW.deleted_at IS NULL;
BEGIN
  IF v IS DISTINCT FROM (OLD.status AND OLD.deleted_at IS NULL) THEN
    UPDATE leaderboard_daily SET visible = v WHERE user_id = NEW.id AND visible <> v;
    UPDATE leaderboard_monthly SET visible = v WHERE user_id = NEW.id AND visible <> v;
    UPDATE leaderboard_all_time SET visible = v WHERE user_id = NEW.id AND visible <> v;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Deleted players leave the boards (their scores went with their personal data); deactivated ones are hidden.
DELETE FROM "leaderboard_daily" WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "deleted_at" IS NOT NULL);--> statement-breakpoint
DELETE FROM "leaderboard_monthly" WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "deleted_at" IS NOT NULL);--> statement-breakpoint
DELETE FROM "leaderboard_all_time" WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "deleted_at" IS NOT NULL);--> statement-breakpoint
UPDATE "leaderboard_daily" l SET "visible" = false FROM "users" u WHERE u."id" = l."user_id" AND NOT u."status";--> statement-breakpoint
UPDATE "leaderboard_monthly" l SET "visible" = false FROM "users" u WHERE u."id" = l."user_id" AND NOT u."status";--> statement-breakpoint
UPDATE "leaderboard_all_time" l SET "visible" = false FROM "users" u WHERE u."id" = l."user_id" AND NOT u."status";--> statement-breakpoint
-- The counts of the scores recorded so far.
INSERT INTO "leaderboard_counts" ("board", "period", "tier", "score", "slot", "players")
SELECT r.board, r.period, k.tier, k.score, k.slot, count(*)::int
FROM (
  SELECT 'daily' AS board, "period", "score", "reached_at" FROM "leaderboard_daily" WHERE "visible"
  UNION ALL SELECT 'monthly', "period", "score", "reached_at" FROM "leaderboard_monthly" WHERE "visible"
  UNION ALL SELECT 'all_time', DATE '1970-01-01', "score", "reached_at" FROM "leaderboard_all_time" WHERE "visible"
) r
CROSS JOIN LATERAL (VALUES (0::smallint, r.score >> 8, 0), (1::smallint, r.score, 0), (2::smallint, r.score, leaderboard_slot(r.board, r.reached_at))) k(tier, score, slot)
GROUP BY r.board, r.period, k.tier, k.score, k.slot;--> statement-breakpoint
CREATE TRIGGER "leaderboard_daily_counts" AFTER INSERT OR DELETE OR UPDATE OF "score", "reached_at", "visible" ON "leaderboard_daily"
  FOR EACH ROW EXECUTE FUNCTION leaderboard_counts_trigger('daily');--> statement-breakpoint
CREATE TRIGGER "leaderboard_monthly_counts" AFTER INSERT OR DELETE OR UPDATE OF "score", "reached_at", "visible" ON "leaderboard_monthly"
  FOR EACH ROW EXECUTE FUNCTION leaderboard_counts_trigger('monthly');--> statement-breakpoint
CREATE TRIGGER "leaderboard_all_time_counts" AFTER INSERT OR DELETE OR UPDATE OF "score", "reached_at", "visible" ON "leaderboard_all_time"
  FOR EACH ROW EXECUTE FUNCTION leaderboard_counts_trigger('all_time');--> statement-breakpoint
CREATE TRIGGER "users_leaderboard_visibility" AFTER UPDATE OF "status", "deleted_at" ON "users"
  FOR EACH ROW EXECUTE FUNCTION leaderboard_users_visibility();
