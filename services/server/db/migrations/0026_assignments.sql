CREATE TABLE "assignment_answers" (
	"attempt_id" integer NOT NULL,
	"question_index" integer NOT NULL,
	"position" integer NOT NULL,
	"answer" text NOT NULL,
	"correct" boolean NOT NULL,
	"points" integer NOT NULL,
	"bonus" integer NOT NULL,
	"elapsed_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_answers_attempt_id_question_index_pk" PRIMARY KEY("attempt_id","question_index")
);
--> statement-breakpoint
CREATE TABLE "assignment_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"assignment_id" integer NOT NULL,
	"pupil_id" integer NOT NULL,
	"number" integer NOT NULL,
	"question_order" jsonb NOT NULL,
	"option_orders" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"question_sent_at" timestamp (3) with time zone,
	"score" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"streak" integer DEFAULT 0 NOT NULL,
	"time_ms" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "assignment_pupils" (
	"id" serial PRIMARY KEY NOT NULL,
	"assignment_id" integer NOT NULL,
	"nickname" text NOT NULL,
	"nickname_key" text NOT NULL,
	"user_id" integer,
	"token_hash" text NOT NULL,
	"resume_code" text NOT NULL,
	"time_percent" smallint DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"pin" text NOT NULL,
	"host_id" integer NOT NULL,
	"title" text NOT NULL,
	"source" jsonb NOT NULL,
	"questions" jsonb NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"shuffle" boolean DEFAULT false NOT NULL,
	"show_answers" text DEFAULT 'end' NOT NULL,
	"timer" text DEFAULT 'question' NOT NULL,
	"closed_early_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignments_show_answers_known" CHECK ("assignments"."show_answers" in ('each','end','after_close')),
	CONSTRAINT "assignments_timer_known" CHECK ("assignments"."timer" in ('question','none')),
	CONSTRAINT "assignments_attempts_range" CHECK ("assignments"."attempts" between 1 and 10),
	CONSTRAINT "assignments_window" CHECK ("assignments"."closes_at" > "assignments"."opens_at")
);
--> statement-breakpoint
ALTER TABLE "assignment_answers" ADD CONSTRAINT "assignment_answers_attempt_id_assignment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."assignment_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_attempts" ADD CONSTRAINT "assignment_attempts_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_attempts" ADD CONSTRAINT "assignment_attempts_pupil_id_assignment_pupils_id_fk" FOREIGN KEY ("pupil_id") REFERENCES "public"."assignment_pupils"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_pupils" ADD CONSTRAINT "assignment_pupils_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_pupils" ADD CONSTRAINT "assignment_pupils_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_attempts_number" ON "assignment_attempts" USING btree ("pupil_id","number");--> statement-breakpoint
CREATE INDEX "assignment_attempts_assignment" ON "assignment_attempts" USING btree ("assignment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_pupils_nickname" ON "assignment_pupils" USING btree ("assignment_id","nickname_key");--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_pupils_token" ON "assignment_pupils" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_pupils_resume" ON "assignment_pupils" USING btree ("assignment_id","resume_code");--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_pupils_user" ON "assignment_pupils" USING btree ("assignment_id","user_id") WHERE "assignment_pupils"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "assignments_host" ON "assignments" USING btree ("host_id","created_at");--> statement-breakpoint
CREATE INDEX "assignments_pin" ON "assignments" USING btree ("pin","closes_at");