ALTER TABLE "lots" ADD COLUMN "supplier" text;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "supplier_lot" text;--> statement-breakpoint
CREATE INDEX "lots_supplier_lot_idx" ON "lots" USING btree (lower("supplier_lot"));--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree (lower("customer"));