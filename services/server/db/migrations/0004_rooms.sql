CREATE TABLE "battle_results" (
	"room_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"outcome" text NOT NULL,
	"points" integer NOT NULL,
	"correct" integer NOT NULL,
	"opponents" jsonb NOT NULL,
	"winner_ids" jsonb NOT NULL,
	"is_drawn" boolean NOT NULL,
	"entry_fee" integer NOT NULL,
	"coins_won" integer NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	CONSTRAINT "battle_results_room_id_user_id_pk" PRIMARY KEY("room_id","user_id"),
	CONSTRAINT "battle_results_outcome_known" CHECK ("battle_results"."outcome" in ('win','lose','draw','victory','defeat','tie'))
);
--> statement-breakpoint
CREATE TABLE "battle_streaks" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"random_wins" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_members" (
	"room_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"seat" integer NOT NULL,
	"is_bot" boolean DEFAULT false NOT NULL,
	"ready" boolean DEFAULT false NOT NULL,
	"left" boolean DEFAULT false NOT NULL,
	"connections" integer DEFAULT 0 NOT NULL,
	"streamed" boolean DEFAULT false NOT NULL,
	"grace_until" timestamp with time zone,
	"fee_held" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"joined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "room_members_room_id_user_id_pk" PRIMARY KEY("room_id","user_id"),
	CONSTRAINT "room_members_seat" UNIQUE("room_id","seat"),
	CONSTRAINT "room_members_connections_nonnegative" CHECK ("room_members"."connections" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"code" text,
	"version" integer NOT NULL,
	"language_id" integer DEFAULT 0 NOT NULL,
	"category" text,
	"entry_fee" integer DEFAULT 0 NOT NULL,
	"vs_bot" boolean DEFAULT false NOT NULL,
	"created_by" integer NOT NULL,
	"search_deadline_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"doc" jsonb NOT NULL,
	"questions" jsonb,
	"secret" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rooms_type_known" CHECK ("rooms"."type" in ('random','friend','group')),
	CONSTRAINT "rooms_status_known" CHECK ("rooms"."status" in ('waiting','started','finished','deleted')),
	CONSTRAINT "rooms_fee_nonnegative" CHECK ("rooms"."entry_fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "battle_results" ADD CONSTRAINT "battle_results_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battle_results" ADD CONSTRAINT "battle_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battle_streaks" ADD CONSTRAINT "battle_streaks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_members" ADD CONSTRAINT "room_members_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_members" ADD CONSTRAINT "room_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "battle_results_user" ON "battle_results" USING btree ("user_id","finished_at");--> statement-breakpoint
CREATE INDEX "room_members_user" ON "room_members" USING btree ("user_id","room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_waiting_code" ON "rooms" USING btree ("code") WHERE "rooms"."status" = 'waiting' and "rooms"."code" is not null;--> statement-breakpoint
CREATE INDEX "rooms_code" ON "rooms" USING btree ("code","created_at") WHERE "rooms"."code" is not null;--> statement-breakpoint
CREATE INDEX "rooms_matchmaking" ON "rooms" USING btree ("language_id","entry_fee","category","created_at") WHERE "rooms"."status" = 'waiting' and "rooms"."type" = 'random' and not "rooms"."vs_bot";--> statement-breakpoint
CREATE INDEX "rooms_status_due" ON "rooms" USING btree ("status","due_at") WHERE "rooms"."due_at" is not null;