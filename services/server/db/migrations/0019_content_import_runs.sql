ALTER TABLE "content_imports" ADD COLUMN "status" text DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_imports" ADD COLUMN "via" text DEFAULT 'command' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_imports" ADD COLUMN "started_by" integer;--> statement-breakpoint
ALTER TABLE "content_imports" ADD COLUMN "read" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "content_imports" ADD COLUMN "updated" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "content_imports" ADD COLUMN "bytes_read" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "content_imports" ADD COLUMN "total_bytes" bigint;--> statement-breakpoint
ALTER TABLE "content_imports" ADD COLUMN "rejected_sample" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "content_imports" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "content_imports" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "content_imports" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_import_id_content_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."content_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_imports_running" ON "content_imports" USING btree ("status") WHERE "content_imports"."status" = 'running';--> statement-breakpoint
ALTER TABLE "content_imports" ADD CONSTRAINT "content_imports_status_known" CHECK ("content_imports"."status" in ('running', 'done', 'failed'));--> statement-breakpoint
ALTER TABLE "content_imports" ADD CONSTRAINT "content_imports_via_known" CHECK ("content_imports"."via" in ('command', 'console'));--> statement-breakpoint
UPDATE "content_imports" SET "finished_at" = "created_at", "updated_at" = "created_at", "read" = "inserted" + "duplicates" + "rejected";