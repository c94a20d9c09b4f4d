-- The process historian. Samples and rollups are partitioned by range of time (declared here,
-- which Drizzle cannot): the historian creates each day's (samples) and month's (rollups)
-- partition ahead and drops whole ones when their retention has passed.
CREATE TABLE "historian_rollups" (
	"tag_id" integer NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"avg" double precision NOT NULL,
	"last" double precision NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "historian_rollups_tag_id_minute_pk" PRIMARY KEY("tag_id","minute")
) PARTITION BY RANGE ("minute");
--> statement-breakpoint
CREATE TABLE "historian_samples" (
	"tag_id" integer NOT NULL,
	"sampled_at" timestamp (3) with time zone NOT NULL,
	"value" double precision,
	"quality" smallint NOT NULL,
	CONSTRAINT "historian_samples_quality" CHECK ("historian_samples"."quality" between 0 and 2)
) PARTITION BY RANGE ("sampled_at");
--> statement-breakpoint
CREATE TABLE "historian_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"raw_days" integer DEFAULT 30 NOT NULL,
	"rollup_days" integer DEFAULT 730 NOT NULL,
	"folded_until" timestamp with time zone,
	CONSTRAINT "historian_state_single" CHECK ("historian_state"."id" = 1),
	CONSTRAINT "historian_state_days" CHECK ("historian_state"."raw_days" > 0 and "historian_state"."rollup_days" >= "historian_state"."raw_days")
);
--> statement-breakpoint
CREATE TABLE "historian_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_code" text NOT NULL,
	"kind" text NOT NULL,
	"command_id" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "historian_samples_tag_time" ON "historian_samples" USING btree ("tag_id","sampled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "historian_tags_key" ON "historian_tags" USING btree ("device_code","kind","command_id");--> statement-breakpoint
INSERT INTO "historian_state" ("id") VALUES (1);
