ALTER TABLE "live_games" ADD COLUMN "names" text DEFAULT 'free' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_games" ADD COLUMN "team_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "live_games" ADD COLUMN "team_mode" text DEFAULT 'balanced' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_players" ADD COLUMN "team" integer;