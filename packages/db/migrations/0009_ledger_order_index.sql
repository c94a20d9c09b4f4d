CREATE INDEX "ledger_order_idx" ON "ledger_entries" USING btree ("order_id");
