CREATE TABLE "web_vitals" (
	"id" serial PRIMARY KEY NOT NULL,
	"route" text NOT NULL,
	"metric" text NOT NULL,
	"value" double precision NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "web_vitals_metric_known" CHECK ("web_vitals"."metric" in ('LCP','INP','CLS'))
);
--> statement-breakpoint
CREATE INDEX "web_vitals_route_metric_at" ON "web_vitals" USING btree ("route","metric","at");