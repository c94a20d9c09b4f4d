CREATE TABLE "roast_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"roaster_device" integer NOT NULL,
	"batch_ref" integer,
	"charged_at" timestamp with time zone NOT NULL,
	"dropped_at" timestamp with time zone NOT NULL,
	"roast_s" real NOT NULL,
	"end_bt_f" real NOT NULL,
	"green_centi" bigint,
	"roasted_centi" bigint,
	"colour" real,
	"dry_end_f" real NOT NULL,
	"samples" jsonb NOT NULL,
	"marks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"events" jsonb NOT NULL,
	"phases" jsonb NOT NULL,
	"deviation_rms_f" real,
	"deviation_max_f" real,
	"notes" text DEFAULT '' NOT NULL,
	CONSTRAINT "roast_records_batch_ref_unique" UNIQUE("batch_ref")
);
--> statement-breakpoint
ALTER TABLE "roast_records" ADD CONSTRAINT "roast_records_roaster_device_devices_id_fk" FOREIGN KEY ("roaster_device") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roast_records" ADD CONSTRAINT "roast_records_batch_ref_order_batches_id_fk" FOREIGN KEY ("batch_ref") REFERENCES "public"."order_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roast_records_roaster_idx" ON "roast_records" USING btree ("roaster_device","dropped_at");--> statement-breakpoint
CREATE INDEX "roast_records_charged_idx" ON "roast_records" USING btree ("charged_at");