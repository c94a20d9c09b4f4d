CREATE TABLE "admin_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_reports" ADD CONSTRAINT "admin_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The reporting views: what an administrator's SQL report may read, in lbs and plain names.
CREATE VIEW "report_ledger_movements" AS
SELECT l."id", l."movement_id", l."reason", fd."device_id" AS "from_device", td."device_id" AS "to_device",
  lot."lot_number", lot."kind" AS "lot_kind", b."bean_name", l."centi_lbs" / 100.0 AS "lbs",
  l."order_id", l."batch_id", l."dump_id", l."transfer_id", l."at"
FROM "ledger_entries" l
JOIN "lots" lot ON lot."id" = l."lot_ref"
JOIN "beans" b ON b."id" = lot."bean_ref"
LEFT JOIN "devices" fd ON fd."id" = l."from_device"
LEFT JOIN "devices" td ON td."id" = l."to_device";
--> statement-breakpoint
CREATE VIEW "report_orders" AS
SELECT o."id" AS "order_id", o."kind", o."name", o."customer", p."product_name" AS "product",
  o."qty_centi" / 100.0 AS "qty_lbs", o."status", o."priority", o."order_date", o."fulfillment_date",
  o."started_at", o."finished_at"
FROM "orders" o JOIN "products" p ON p."id" = o."product_ref";
--> statement-breakpoint
CREATE VIEW "report_batches" AS
SELECT ob."id" AS "batch_id", ob."order_ref" AS "order_id", ob."seq", ob."status",
  r."device_id" AS "roaster", d."device_id" AS "destination", ob."planned_centi" / 100.0 AS "planned_lbs",
  ob."green_centi" / 100.0 AS "green_lbs", ob."roasted_centi" / 100.0 AS "roasted_lbs",
  ob."started_at", ob."finished_at"
FROM "order_batches" ob
LEFT JOIN "devices" r ON r."id" = ob."roaster_device"
LEFT JOIN "devices" d ON d."id" = ob."destination_device";
--> statement-breakpoint
CREATE VIEW "report_events" AS
SELECT e."event_id", e."device_name", e."event_description", e."kind", e."user_name", e."result",
  e."event_time"
FROM "events" e;
--> statement-breakpoint
-- Administrators' reports run as this role: it reads the views above and nothing else. The
-- views run with their owner's rights, so the tables behind them stay closed to it.
DO $$ BEGIN
  CREATE ROLE "roastery_reporting" NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  EXECUTE format('GRANT "roastery_reporting" TO %I', current_user);
EXCEPTION WHEN others THEN NULL;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO "roastery_reporting";
--> statement-breakpoint
GRANT SELECT ON "report_ledger_movements", "report_orders", "report_batches", "report_events" TO "roastery_reporting";
--> statement-breakpoint
-- A report must not hold a connection by sleeping: the embedded database cannot interrupt a
-- statement at its timeout, so the sleep functions are closed to everyone but the owner.
REVOKE EXECUTE ON FUNCTION pg_sleep(double precision), pg_sleep_for(interval), pg_sleep_until(timestamp with time zone) FROM PUBLIC;
