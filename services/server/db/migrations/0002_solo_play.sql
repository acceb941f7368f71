CREATE TABLE "bookmarks" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"question_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookmarks_user_id_kind_question_id_pk" PRIMARY KEY("user_id","kind","question_id")
);
--> statement-breakpoint
CREATE TABLE "daily_quiz_plays" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"language_id" integer,
	"session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "daily_quiz_plays_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "leaderboard_all_time" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leaderboard_daily" (
	"period" date NOT NULL,
	"user_id" integer NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaderboard_daily_period_user_id_pk" PRIMARY KEY("period","user_id")
);
--> statement-breakpoint
CREATE TABLE "leaderboard_monthly" (
	"period" date NOT NULL,
	"user_id" integer NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaderboard_monthly_period_user_id_pk" PRIMARY KEY("period","user_id")
);
--> statement-breakpoint
CREATE TABLE "level_progress" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"subcategory_id" integer,
	"highest_passed" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "level_progress_user_place" UNIQUE NULLS NOT DISTINCT("user_id","category_id","subcategory_id")
);
--> statement-breakpoint
CREATE TABLE "play_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"mode" text NOT NULL,
	"context_key" text NOT NULL,
	"question_table" text DEFAULT 'questions' NOT NULL,
	"category_id" integer,
	"subcategory_id" integer,
	"level" integer,
	"language_id" integer,
	"day" date,
	"questions" jsonb NOT NULL,
	"current_index" integer DEFAULT 0 NOT NULL,
	"current_opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"current_deadline" timestamp with time zone,
	"time_per_question" integer,
	"total_time" integer,
	"total_deadline" timestamp with time zone,
	"lifelines_used" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rules" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"result" jsonb,
	"settled_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "play_sessions_status_known" CHECK ("play_sessions"."status" in ('open','finished')),
	CONSTRAINT "play_sessions_index_nonnegative" CHECK ("play_sessions"."current_index" >= 0)
);
--> statement-breakpoint
CREATE TABLE "question_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text DEFAULT '1' NOT NULL,
	"question_id" integer NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unlocked_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"subcategory_id" integer,
	"coins" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unlocked_categories_user_place" UNIQUE NULLS NOT DISTINCT("user_id","category_id","subcategory_id")
);
--> statement-breakpoint
CREATE TABLE "user_badges" (
	"user_id" integer NOT NULL,
	"badge" text NOT NULL,
	"status" text DEFAULT 'locked' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"unlocked_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_badges_user_id_badge_pk" PRIMARY KEY("user_id","badge"),
	CONSTRAINT "user_badges_status_known" CHECK ("user_badges"."status" in ('locked','unlocked','claimed'))
);
--> statement-breakpoint
CREATE TABLE "user_statistics" (
	"user_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_statistics_user_id_category_id_pk" PRIMARY KEY("user_id","category_id")
);
--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_quiz_plays" ADD CONSTRAINT "daily_quiz_plays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_quiz_plays" ADD CONSTRAINT "daily_quiz_plays_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_quiz_plays" ADD CONSTRAINT "daily_quiz_plays_session_id_play_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."play_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_all_time" ADD CONSTRAINT "leaderboard_all_time_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_daily" ADD CONSTRAINT "leaderboard_daily_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_monthly" ADD CONSTRAINT "leaderboard_monthly_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_progress" ADD CONSTRAINT "level_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_progress" ADD CONSTRAINT "level_progress_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_progress" ADD CONSTRAINT "level_progress_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_sessions" ADD CONSTRAINT "play_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_sessions" ADD CONSTRAINT "play_sessions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_sessions" ADD CONSTRAINT "play_sessions_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_sessions" ADD CONSTRAINT "play_sessions_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unlocked_categories" ADD CONSTRAINT "unlocked_categories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unlocked_categories" ADD CONSTRAINT "unlocked_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unlocked_categories" ADD CONSTRAINT "unlocked_categories_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_statistics" ADD CONSTRAINT "user_statistics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_statistics" ADD CONSTRAINT "user_statistics_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookmarks_user_kind" ON "bookmarks" USING btree ("user_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "leaderboard_all_time_rank" ON "leaderboard_all_time" USING btree ("score" DESC NULLS LAST,"reached_at","user_id");--> statement-breakpoint
CREATE INDEX "leaderboard_daily_rank" ON "leaderboard_daily" USING btree ("period","score" DESC NULLS LAST,"reached_at","user_id");--> statement-breakpoint
CREATE INDEX "leaderboard_monthly_rank" ON "leaderboard_monthly" USING btree ("period","score" DESC NULLS LAST,"reached_at","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "play_sessions_one_open" ON "play_sessions" USING btree ("user_id","context_key") WHERE "play_sessions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "play_sessions_user_settled" ON "play_sessions" USING btree ("user_id","settled_at");--> statement-breakpoint
CREATE INDEX "play_sessions_user_mode" ON "play_sessions" USING btree ("user_id","mode","category_id","subcategory_id");--> statement-breakpoint
CREATE INDEX "question_reports_question" ON "question_reports" USING btree ("kind","question_id");