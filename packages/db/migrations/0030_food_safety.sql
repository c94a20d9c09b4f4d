CREATE TABLE "food_safety_corrective_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"deviation_id" integer NOT NULL,
	"day" date NOT NULL,
	"who" text NOT NULL,
	"what" text NOT NULL,
	"done_at" timestamp with time zone NOT NULL,
	"entered_by_id" integer NOT NULL,
	"entered_by" text NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "food_safety_corrective_actions_deviation_id_unique" UNIQUE("deviation_id")
);
--> statement-breakpoint
CREATE TABLE "food_safety_day_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"user_name" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"record_sha256" text NOT NULL,
	CONSTRAINT "food_safety_day_signatures_hash" CHECK (length("food_safety_day_signatures"."record_sha256") = 64)
);
--> statement-breakpoint
CREATE TABLE "food_safety_deviations" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"monitoring_id" integer,
	"packing_check_id" integer,
	"lot_id" integer,
	"subject" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "food_safety_limits" (
	"product_ref" integer PRIMARY KEY NOT NULL,
	"kill_step" boolean DEFAULT false NOT NULL,
	"min_bt_f" real,
	"min_seconds" real,
	"max_end_f" real,
	"max_total_s" real,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "food_safety_monitoring" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"batch_id" integer NOT NULL,
	"batch_seq" integer,
	"order_id" integer,
	"roast_record_id" integer NOT NULL,
	"lot_id" integer,
	"lot_number" text NOT NULL,
	"product_id" integer,
	"product_name" text NOT NULL,
	"roaster" text NOT NULL,
	"dropped_at" timestamp with time zone NOT NULL,
	"person" text NOT NULL,
	"kill_step" boolean NOT NULL,
	"min_bt_f" real,
	"seconds_at_or_above" real,
	"max_bt_f" real NOT NULL,
	"end_bt_f" real NOT NULL,
	"total_s" real NOT NULL,
	"colour" real,
	"checks" jsonb NOT NULL,
	"met" boolean NOT NULL,
	"corrects" integer,
	"correction_reason" text
);
--> statement-breakpoint
CREATE TABLE "food_safety_packing_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"packing_order_id" integer NOT NULL,
	"order_number" text NOT NULL,
	"product_name" text NOT NULL,
	"metal_fe" text NOT NULL,
	"metal_non_fe" text NOT NULL,
	"metal_stainless" text NOT NULL,
	"check_weigher" text NOT NULL,
	"check_weigher_lbs" real NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"by_id" integer NOT NULL,
	"by_name" text NOT NULL,
	"corrects" integer,
	"correction_reason" text
);
--> statement-breakpoint
ALTER TABLE "food_safety_corrective_actions" ADD CONSTRAINT "food_safety_corrective_actions_deviation_id_food_safety_deviations_id_fk" FOREIGN KEY ("deviation_id") REFERENCES "public"."food_safety_deviations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "food_safety_deviations" ADD CONSTRAINT "food_safety_deviations_monitoring_id_food_safety_monitoring_id_fk" FOREIGN KEY ("monitoring_id") REFERENCES "public"."food_safety_monitoring"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "food_safety_deviations" ADD CONSTRAINT "food_safety_deviations_packing_check_id_food_safety_packing_checks_id_fk" FOREIGN KEY ("packing_check_id") REFERENCES "public"."food_safety_packing_checks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "food_safety_limits" ADD CONSTRAINT "food_safety_limits_product_ref_products_id_fk" FOREIGN KEY ("product_ref") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "food_safety_actions_day_idx" ON "food_safety_corrective_actions" USING btree ("day");--> statement-breakpoint
CREATE INDEX "food_safety_day_signatures_day_idx" ON "food_safety_day_signatures" USING btree ("day");--> statement-breakpoint
CREATE INDEX "food_safety_deviations_day_idx" ON "food_safety_deviations" USING btree ("day");--> statement-breakpoint
CREATE INDEX "food_safety_deviations_lot_id_index" ON "food_safety_deviations" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "food_safety_monitoring_day_idx" ON "food_safety_monitoring" USING btree ("day");--> statement-breakpoint
CREATE INDEX "food_safety_monitoring_batch_id_index" ON "food_safety_monitoring" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "food_safety_packing_checks_day_idx" ON "food_safety_packing_checks" USING btree ("day");--> statement-breakpoint
CREATE FUNCTION "food_safety_records_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'Food-safety records are append-only and kept for at least two years: % on % is not allowed; record a correction instead', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "food_safety_monitoring_append_only" BEFORE UPDATE OR DELETE ON "food_safety_monitoring" FOR EACH ROW EXECUTE FUNCTION "food_safety_records_append_only"();--> statement-breakpoint
CREATE TRIGGER "food_safety_deviations_append_only" BEFORE UPDATE OR DELETE ON "food_safety_deviations" FOR EACH ROW EXECUTE FUNCTION "food_safety_records_append_only"();--> statement-breakpoint
CREATE TRIGGER "food_safety_corrective_actions_append_only" BEFORE UPDATE OR DELETE ON "food_safety_corrective_actions" FOR EACH ROW EXECUTE FUNCTION "food_safety_records_append_only"();--> statement-breakpoint
CREATE TRIGGER "food_safety_packing_checks_append_only" BEFORE UPDATE OR DELETE ON "food_safety_packing_checks" FOR EACH ROW EXECUTE FUNCTION "food_safety_records_append_only"();--> statement-breakpoint
CREATE TRIGGER "food_safety_day_signatures_append_only" BEFORE UPDATE OR DELETE ON "food_safety_day_signatures" FOR EACH ROW EXECUTE FUNCTION "food_safety_records_append_only"();--> statement-breakpoint
CREATE FUNCTION "food_safety_records_no_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'Food-safety records are kept for at least two years: TRUNCATE on % is not allowed', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "food_safety_monitoring_no_truncate" BEFORE TRUNCATE ON "food_safety_monitoring" FOR EACH STATEMENT EXECUTE FUNCTION "food_safety_records_no_truncate"();--> statement-breakpoint
CREATE TRIGGER "food_safety_deviations_no_truncate" BEFORE TRUNCATE ON "food_safety_deviations" FOR EACH STATEMENT EXECUTE FUNCTION "food_safety_records_no_truncate"();--> statement-breakpoint
CREATE TRIGGER "food_safety_corrective_actions_no_truncate" BEFORE TRUNCATE ON "food_safety_corrective_actions" FOR EACH STATEMENT EXECUTE FUNCTION "food_safety_records_no_truncate"();--> statement-breakpoint
CREATE TRIGGER "food_safety_packing_checks_no_truncate" BEFORE TRUNCATE ON "food_safety_packing_checks" FOR EACH STATEMENT EXECUTE FUNCTION "food_safety_records_no_truncate"();--> statement-breakpoint
CREATE TRIGGER "food_safety_day_signatures_no_truncate" BEFORE TRUNCATE ON "food_safety_day_signatures" FOR EACH STATEMENT EXECUTE FUNCTION "food_safety_records_no_truncate"();
