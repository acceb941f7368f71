CREATE TABLE "notification_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"image" text,
	"link" text,
	"audience" text NOT NULL,
	"user_id" integer,
	"language_id" integer,
	"status" text DEFAULT 'delivering' NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"sent_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "notification_sends_audience_known" CHECK ("notification_sends"."audience" in ('all', 'user', 'language')),
	CONSTRAINT "notification_sends_status_known" CHECK ("notification_sends"."status" in ('delivering', 'done')),
	CONSTRAINT "notification_sends_target" CHECK (("notification_sends"."audience" = 'user') = ("notification_sends"."user_id" is not null) and ("notification_sends"."audience" = 'language') = ("notification_sends"."language_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "send_id" integer;--> statement-breakpoint
ALTER TABLE "question_reports" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "question_reports" ADD COLUMN "resolved_by" integer;--> statement-breakpoint
ALTER TABLE "question_reports" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_sends" ADD CONSTRAINT "notification_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_sends" ADD CONSTRAINT "notification_sends_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_sends" ADD CONSTRAINT "notification_sends_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_sends_delivering" ON "notification_sends" USING btree ("id") WHERE "notification_sends"."status" = 'delivering';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_send_id_notification_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."notification_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_send_user" ON "notifications" USING btree ("send_id","user_id") WHERE "notifications"."send_id" is not null;--> statement-breakpoint
CREATE INDEX "question_reports_open" ON "question_reports" USING btree ("id") WHERE "question_reports"."status" = 'open';--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_status_known" CHECK ("question_reports"."status" in ('open', 'fixed', 'dismissed'));