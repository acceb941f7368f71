CREATE TABLE "payment_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"payment_type" text NOT NULL,
	"payment_address" text NOT NULL,
	"coins" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_requests_type_known" CHECK ("payment_requests"."payment_type" in ('paypal', 'mobile', 'upi')),
	CONSTRAINT "payment_requests_status_known" CHECK ("payment_requests"."status" in ('pending', 'completed', 'invalid', 'deleted')),
	CONSTRAINT "payment_requests_coins_positive" CHECK ("payment_requests"."coins" > 0 and "payment_requests"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_requests_user" ON "payment_requests" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "payment_requests_status" ON "payment_requests" USING btree ("status","id");