-- The events log's text search: trigram index for ILIKE '%text%' (pg_trgm is a trusted extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "events_text_trgm_idx" ON "events" USING gin ("event_description" gin_trgm_ops,"device_name" gin_trgm_ops);
