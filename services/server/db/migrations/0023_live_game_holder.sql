ALTER TABLE "live_games" ADD COLUMN "holder" text;--> statement-breakpoint
ALTER TABLE "live_games" ADD COLUMN "held_until" timestamp with time zone;