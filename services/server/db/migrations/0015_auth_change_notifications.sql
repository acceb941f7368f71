-- What makes a session held in a process's memory wrong: its sessions row changed or went, or its
-- player's name, role, status, identity or deletion changed. Every such change, whoever makes it,
-- notifies the channel quiz_auth (services/server/accounts/session-cache.ts).
CREATE OR REPLACE FUNCTION "quiz_auth_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('quiz_auth', 'u:' || OLD."id");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "quiz_auth_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('quiz_auth', 's:' || OLD."token_hash");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "quiz_auth_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('quiz_auth', '*');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OF "name", "role", "status", "deleted_at", "firebase_id" ON "users" FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."role" IS DISTINCT FROM NEW."role" OR OLD."status" IS DISTINCT FROM NEW."status"
        OR OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at" OR OLD."firebase_id" IS DISTINCT FROM NEW."firebase_id")
  EXECUTE FUNCTION "quiz_auth_user_changed"();--> statement-breakpoint
CREATE TRIGGER "users_auth_deleted" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "quiz_auth_user_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_auth_changed" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "quiz_auth_session_changed"();--> statement-breakpoint
CREATE TRIGGER "users_auth_truncated" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "quiz_auth_truncated"();--> statement-breakpoint
CREATE TRIGGER "sessions_auth_truncated" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "quiz_auth_truncated"();
