CREATE TABLE "quality_lot_status" (
	"lot_ref" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"needs_second" boolean DEFAULT false NOT NULL,
	"first_release" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"lot_ref" integer NOT NULL,
	"batch_ref" integer,
	"kind" text NOT NULL,
	"value" real NOT NULL,
	"source" text NOT NULL,
	"user_id" integer,
	"user_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"in_spec" boolean,
	"spec_text" text
);
--> statement-breakpoint
CREATE TABLE "quality_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"lot_ref" integer NOT NULL,
	"user_id" integer NOT NULL,
	"user_name" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"meaning" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"record_sha256" text NOT NULL,
	CONSTRAINT "quality_signatures_hash" CHECK (length("quality_signatures"."record_sha256") = 64)
);
--> statement-breakpoint
CREATE TABLE "quality_specs" (
	"product_ref" integer PRIMARY KEY NOT NULL,
	"colour_min" real,
	"colour_max" real,
	"moisture_min" real,
	"moisture_max" real,
	"loss_min" real,
	"loss_max" real,
	"development_min" real,
	"development_max" real,
	"cupping_min" real,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quality_lot_status" ADD CONSTRAINT "quality_lot_status_lot_ref_lots_id_fk" FOREIGN KEY ("lot_ref") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_results" ADD CONSTRAINT "quality_results_lot_ref_lots_id_fk" FOREIGN KEY ("lot_ref") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_results" ADD CONSTRAINT "quality_results_batch_ref_order_batches_id_fk" FOREIGN KEY ("batch_ref") REFERENCES "public"."order_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_signatures" ADD CONSTRAINT "quality_signatures_lot_ref_lots_id_fk" FOREIGN KEY ("lot_ref") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_specs" ADD CONSTRAINT "quality_specs_product_ref_products_id_fk" FOREIGN KEY ("product_ref") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quality_results_lot_idx" ON "quality_results" USING btree ("lot_ref");--> statement-breakpoint
CREATE INDEX "quality_signatures_lot_idx" ON "quality_signatures" USING btree ("lot_ref");--> statement-breakpoint
CREATE FUNCTION "quality_signatures_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'Quality signatures are append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "quality_signatures_append_only" BEFORE UPDATE OR DELETE ON "quality_signatures" FOR EACH ROW EXECUTE FUNCTION "quality_signatures_append_only"();
