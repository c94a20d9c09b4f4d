-- The reporting views give weights to the hundredth, as the ledger keeps them: a division by
-- 100.0 alone is a numeric of sixteen decimals (500.0000000000000000) in every report.
CREATE OR REPLACE VIEW "report_ledger_movements" AS
SELECT l."id", l."movement_id", l."reason", fd."device_id" AS "from_device", td."device_id" AS "to_device",
  lot."lot_number", lot."kind" AS "lot_kind", b."bean_name", round(l."centi_lbs" / 100.0, 2) AS "lbs",
  l."order_id", l."batch_id", l."dump_id", l."transfer_id", l."at"
FROM "ledger_entries" l
JOIN "lots" lot ON lot."id" = l."lot_ref"
JOIN "beans" b ON b."id" = lot."bean_ref"
LEFT JOIN "devices" fd ON fd."id" = l."from_device"
LEFT JOIN "devices" td ON td."id" = l."to_device";
--> statement-breakpoint
CREATE OR REPLACE VIEW "report_orders" AS
SELECT o."id" AS "order_id", o."kind", o."name", o."customer", p."product_name" AS "product",
  round(o."qty_centi" / 100.0, 2) AS "qty_lbs", o."status", o."priority", o."order_date", o."fulfillment_date",
  o."started_at", o."finished_at"
FROM "orders" o JOIN "products" p ON p."id" = o."product_ref";
--> statement-breakpoint
CREATE OR REPLACE VIEW "report_batches" AS
SELECT ob."id" AS "batch_id", ob."order_ref" AS "order_id", ob."seq", ob."status",
  r."device_id" AS "roaster", d."device_id" AS "destination", round(ob."planned_centi" / 100.0, 2) AS "planned_lbs",
  round(ob."green_centi" / 100.0, 2) AS "green_lbs", round(ob."roasted_centi" / 100.0, 2) AS "roasted_lbs",
  ob."started_at", ob."finished_at"
FROM "order_batches" ob
LEFT JOIN "devices" r ON r."id" = ob."roaster_device"
LEFT JOIN "devices" d ON d."id" = ob."destination_device";
