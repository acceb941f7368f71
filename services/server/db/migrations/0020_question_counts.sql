CREATE TABLE "question_counts" (
	"category_id" integer NOT NULL,
	"subcategory_id" integer NOT NULL,
	"level" integer NOT NULL,
	"questions" integer NOT NULL,
	CONSTRAINT "question_counts_category_id_subcategory_id_level_pk" PRIMARY KEY("category_id","subcategory_id","level")
);
--> statement-breakpoint
INSERT INTO "question_counts" ("category_id", "subcategory_id", "level", "questions")
  SELECT "category_id", coalesce("subcategory_id", 0), "level", count(*)::int FROM "questions" WHERE "status" GROUP BY 1, 2, 3;--> statement-breakpoint
-- One statement's changes, summed per key and applied in key order (the same order in every
-- transaction, so two writers wait for each other rather than deadlock).
CREATE FUNCTION question_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO question_counts (category_id, subcategory_id, level, questions)
      SELECT category_id, coalesce(subcategory_id, 0), level, count(*)::int FROM question_counts_new WHERE status GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (category_id, subcategory_id, level) DO UPDATE SET questions = question_counts.questions + excluded.questions;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO question_counts (category_id, subcategory_id, level, questions)
      SELECT category_id, coalesce(subcategory_id, 0), level, -count(*)::int FROM question_counts_old WHERE status GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (category_id, subcategory_id, level) DO UPDATE SET questions = question_counts.questions + excluded.questions;
  ELSE
    INSERT INTO question_counts (category_id, subcategory_id, level, questions)
      SELECT c, s, l, sum(d)::int FROM (
        SELECT category_id AS c, coalesce(subcategory_id, 0) AS s, level AS l, 1 AS d FROM question_counts_new WHERE status
        UNION ALL
        SELECT category_id, coalesce(subcategory_id, 0), level, -1 FROM question_counts_old WHERE status
      ) moves GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (category_id, subcategory_id, level) DO UPDATE SET questions = question_counts.questions + excluded.questions;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION question_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM question_counts;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "question_counts_insert" AFTER INSERT ON "questions" REFERENCING NEW TABLE AS question_counts_new
  FOR EACH STATEMENT EXECUTE FUNCTION question_counts_apply();--> statement-breakpoint
CREATE TRIGGER "question_counts_update" AFTER UPDATE ON "questions" REFERENCING OLD TABLE AS question_counts_old NEW TABLE AS question_counts_new
  FOR EACH STATEMENT EXECUTE FUNCTION question_counts_apply();--> statement-breakpoint
CREATE TRIGGER "question_counts_delete" AFTER DELETE ON "questions" REFERENCING OLD TABLE AS question_counts_old
  FOR EACH STATEMENT EXECUTE FUNCTION question_counts_apply();--> statement-breakpoint
CREATE TRIGGER "question_counts_truncate" AFTER TRUNCATE ON "questions"
  FOR EACH STATEMENT EXECUTE FUNCTION question_counts_clear();
