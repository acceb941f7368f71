-- Room documents and secrets as JSON text instead of jsonb (docs/rooms.md, Storage): every answer
-- reads and writes the whole document, and the server never queries inside it. Rows written
-- before keep jsonb's layout until their next version; the room service compares documents by
-- their JSON.stringify text and re-serialises such a row once (services/server/rooms/doc-json.ts).
ALTER TABLE "rooms" ALTER COLUMN "doc" SET DATA TYPE text USING "doc"::text;--> statement-breakpoint
ALTER TABLE "rooms" ALTER COLUMN "secret" SET DATA TYPE text USING "secret"::text;
