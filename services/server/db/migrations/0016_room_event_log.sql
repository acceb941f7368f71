CREATE TABLE "room_events" (
	"room_id" text NOT NULL,
	"version" integer NOT NULL,
	"delta" text NOT NULL,
	"secret" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "room_events_room_id_version_pk" PRIMARY KEY("room_id","version")
);
--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "snapshot_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "room_events" ADD CONSTRAINT "room_events_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every existing room's document is its own snapshot: it has no events after it.
UPDATE "rooms" SET "snapshot_version" = "version";
