CREATE TABLE "room_stream_holders" (
	"instance_id" text NOT NULL,
	"room_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"streams" integer NOT NULL,
	CONSTRAINT "room_stream_holders_instance_id_room_id_user_id_pk" PRIMARY KEY("instance_id","room_id","user_id"),
	CONSTRAINT "room_stream_holders_streams_positive" CHECK ("room_stream_holders"."streams" > 0)
);
--> statement-breakpoint
CREATE TABLE "server_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "room_stream_holders" ADD CONSTRAINT "room_stream_holders_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;