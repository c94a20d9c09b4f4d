-- The events log's counts per UTC hour and day, device and kind (device_ref 0: none), kept by
-- statement triggers in the transaction that changes events, so the log's exact total adds up
-- days and hours instead of counting rows. Each statement adds its rows' deltas in key order,
-- so concurrent writers take the counters' locks in one order.
CREATE TABLE "event_counts" (
	"span" text NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"device_ref" integer NOT NULL,
	"kind" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "event_counts_span_bucket_start_device_ref_kind_pk" PRIMARY KEY("span","bucket_start","device_ref","kind"),
	CONSTRAINT "event_counts_span" CHECK ("event_counts"."span" in ('hour', 'day'))
);--> statement-breakpoint
CREATE FUNCTION "event_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "event_counts" AS c ("span", "bucket_start", "device_ref", "kind", "n")
    SELECT s."span", date_trunc(s."span", d."event_time" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
           coalesce(d."device_ref", 0), d."kind", sum(d."n")
    FROM (SELECT "event_time", "device_ref", "kind", 1 AS "n" FROM "new_rows") AS d CROSS JOIN (VALUES ('hour'), ('day')) AS s("span")
    GROUP BY 1, 2, 3, 4 HAVING sum(d."n") <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("span", "bucket_start", "device_ref", "kind") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "event_counts" AS c ("span", "bucket_start", "device_ref", "kind", "n")
    SELECT s."span", date_trunc(s."span", d."event_time" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
           coalesce(d."device_ref", 0), d."kind", sum(d."n")
    FROM (SELECT "event_time", "device_ref", "kind", -1 AS "n" FROM "old_rows") AS d CROSS JOIN (VALUES ('hour'), ('day')) AS s("span")
    GROUP BY 1, 2, 3, 4 HAVING sum(d."n") <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("span", "bucket_start", "device_ref", "kind") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "event_counts" AS c ("span", "bucket_start", "device_ref", "kind", "n")
    SELECT s."span", date_trunc(s."span", d."event_time" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
           coalesce(d."device_ref", 0), d."kind", sum(d."n")
    FROM (SELECT "event_time", "device_ref", "kind", 1 AS "n" FROM "new_rows" UNION ALL SELECT "event_time", "device_ref", "kind", -1 AS "n" FROM "old_rows") AS d CROSS JOIN (VALUES ('hour'), ('day')) AS s("span")
    GROUP BY 1, 2, 3, 4 HAVING sum(d."n") <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("span", "bucket_start", "device_ref", "kind") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSE
    TRUNCATE "event_counts";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "event_counts_insert" AFTER INSERT ON "events" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "event_counts_track"();--> statement-breakpoint
CREATE TRIGGER "event_counts_update" AFTER UPDATE ON "events" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "event_counts_track"();--> statement-breakpoint
CREATE TRIGGER "event_counts_delete" AFTER DELETE ON "events" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "event_counts_track"();--> statement-breakpoint
CREATE TRIGGER "event_counts_truncate" AFTER TRUNCATE ON "events" FOR EACH STATEMENT EXECUTE FUNCTION "event_counts_track"();--> statement-breakpoint
-- The log as it stands when the counts begin.
INSERT INTO "event_counts" ("span", "bucket_start", "device_ref", "kind", "n")
SELECT s."span", date_trunc(s."span", e."event_time" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
       coalesce(e."device_ref", 0), e."kind", count(*)
FROM "events" e CROSS JOIN (VALUES ('hour'), ('day')) AS s("span")
GROUP BY 1, 2, 3, 4;
