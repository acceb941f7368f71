CREATE TABLE "contest_entries" (
	"contest_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" text NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"wrong" integer DEFAULT 0 NOT NULL,
	"questions_attended" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone,
	"prize_rank" integer,
	"prize_coins" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contest_entries_contest_id_user_id_pk" PRIMARY KEY("contest_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "exam_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"exam_module_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'in_exam' NOT NULL,
	"questions" jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"client_id" text NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"client_left_at" timestamp with time zone,
	"hidden_since" timestamp with time zone,
	"hidden_violation_id" integer,
	"hidden_limit_seconds" integer NOT NULL,
	"resume_minutes" integer NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"rules_violated" boolean DEFAULT false NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_attempts_status_known" CHECK ("exam_attempts"."status" in ('in_exam','completed'))
);
--> statement-breakpoint
CREATE TABLE "exam_violations" (
	"id" serial PRIMARY KEY NOT NULL,
	"attempt_id" text NOT NULL,
	"kind" text NOT NULL,
	"question_id" integer,
	"at" timestamp with time zone NOT NULL,
	"duration_ms" integer,
	"client_id" text
);
--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "content_key" text;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_modules" ADD COLUMN "starts_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_modules" ADD COLUMN "ends_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_modules" ADD COLUMN "require_fullscreen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_modules" ADD COLUMN "content_key" text;--> statement-breakpoint
ALTER TABLE "exam_modules" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "contest_entries" ADD CONSTRAINT "contest_entries_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_entries" ADD CONSTRAINT "contest_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_exam_module_id_exam_modules_id_fk" FOREIGN KEY ("exam_module_id") REFERENCES "public"."exam_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_violations" ADD CONSTRAINT "exam_violations_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contest_entries_rank" ON "contest_entries" USING btree ("contest_id","score" DESC NULLS LAST,"user_id") WHERE "contest_entries"."finished_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_one_per_player" ON "exam_attempts" USING btree ("exam_module_id","user_id");--> statement-breakpoint
CREATE INDEX "exam_attempts_user" ON "exam_attempts" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "exam_attempts_in_exam" ON "exam_attempts" USING btree ("deadline") WHERE "exam_attempts"."status" = 'in_exam';--> statement-breakpoint
CREATE INDEX "exam_violations_attempt" ON "exam_violations" USING btree ("attempt_id","at");--> statement-breakpoint
CREATE INDEX "contests_window" ON "contests" USING btree ("starts_at","ends_at");--> statement-breakpoint
CREATE INDEX "exam_modules_window" ON "exam_modules" USING btree ("starts_at","ends_at");--> statement-breakpoint
ALTER TABLE "exam_modules" DROP COLUMN "exam_date";--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_content_key_unique" UNIQUE("content_key");--> statement-breakpoint
ALTER TABLE "exam_modules" ADD CONSTRAINT "exam_modules_content_key_unique" UNIQUE("content_key");--> statement-breakpoint
ALTER TABLE "contest_prizes" ADD CONSTRAINT "contest_prizes_coins_positive" CHECK ("contest_prizes"."coins" > 0);--> statement-breakpoint
ALTER TABLE "contest_questions" ADD CONSTRAINT "contest_questions_answer_letter" CHECK ("contest_questions"."answer" in ('a','b','c','d','e'));--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_window_order" CHECK ("contests"."ends_at" > "contests"."starts_at");--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_fee_nonnegative" CHECK ("contests"."entry_fee" >= 0);--> statement-breakpoint
ALTER TABLE "exam_module_questions" ADD CONSTRAINT "exam_module_questions_marks_positive" CHECK ("exam_module_questions"."marks" > 0);--> statement-breakpoint
ALTER TABLE "exam_module_questions" ADD CONSTRAINT "exam_module_questions_answer_letter" CHECK ("exam_module_questions"."answer" in ('a','b','c','d','e'));--> statement-breakpoint
ALTER TABLE "exam_modules" ADD CONSTRAINT "exam_modules_window_order" CHECK ("exam_modules"."ends_at" > "exam_modules"."starts_at");--> statement-breakpoint
ALTER TABLE "exam_modules" ADD CONSTRAINT "exam_modules_key_digits" CHECK ("exam_modules"."exam_key" ~ '^[0-9]{4}$');--> statement-breakpoint
ALTER TABLE "exam_modules" ADD CONSTRAINT "exam_modules_duration_positive" CHECK ("exam_modules"."duration_minutes" > 0);