CREATE TABLE "live_answers" (
	"game_id" integer NOT NULL,
	"question_index" integer NOT NULL,
	"player_id" integer NOT NULL,
	"answer" text NOT NULL,
	"correct" boolean NOT NULL,
	"points" integer NOT NULL,
	"bonus" integer NOT NULL,
	"elapsed_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_answers_game_id_question_index_player_id_pk" PRIMARY KEY("game_id","question_index","player_id")
);
--> statement-breakpoint
CREATE TABLE "live_games" (
	"id" serial PRIMARY KEY NOT NULL,
	"pin" text NOT NULL,
	"host_id" integer NOT NULL,
	"title" text NOT NULL,
	"source" jsonb NOT NULL,
	"questions" jsonb NOT NULL,
	"status" text DEFAULT 'lobby' NOT NULL,
	"paused" text,
	"paused_at" timestamp with time zone,
	"locked" boolean DEFAULT false NOT NULL,
	"current_index" integer DEFAULT -1 NOT NULL,
	"opens_at" timestamp with time zone,
	"deadline_at" timestamp with time zone,
	"restarted" boolean DEFAULT false NOT NULL,
	"max_players" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"last_ranks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ended_reason" text,
	"host_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "live_games_status_known" CHECK ("live_games"."status" in ('lobby','question','reveal','leaderboard','podium','ended')),
	CONSTRAINT "live_games_paused_known" CHECK ("live_games"."paused" is null or "live_games"."paused" in ('host','host_left'))
);
--> statement-breakpoint
CREATE TABLE "live_players" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"nickname" text NOT NULL,
	"nickname_key" text NOT NULL,
	"user_id" integer,
	"token_hash" text NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"streak" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"time_ms" bigint DEFAULT 0 NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_answers" ADD CONSTRAINT "live_answers_game_id_live_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."live_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_answers" ADD CONSTRAINT "live_answers_player_id_live_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."live_players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_games" ADD CONSTRAINT "live_games_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_players" ADD CONSTRAINT "live_players_game_id_live_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."live_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_players" ADD CONSTRAINT "live_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_games_running_pin" ON "live_games" USING btree ("pin") WHERE "live_games"."status" in ('lobby','question','reveal','leaderboard');--> statement-breakpoint
CREATE INDEX "live_games_host" ON "live_games" USING btree ("host_id","created_at");--> statement-breakpoint
CREATE INDEX "live_games_running" ON "live_games" USING btree ("status") WHERE "live_games"."status" in ('lobby','question','reveal','leaderboard');--> statement-breakpoint
CREATE UNIQUE INDEX "live_players_nickname" ON "live_players" USING btree ("game_id","nickname_key");--> statement-breakpoint
CREATE UNIQUE INDEX "live_players_token" ON "live_players" USING btree ("token_hash");