CREATE TABLE "order_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_ref" integer NOT NULL,
	"seq" integer NOT NULL,
	"planned_centi" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"workflow_id" integer,
	"run_id" text,
	"roaster_device" integer,
	"destination_device" integer,
	"draws" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"green_centi" bigint,
	"roasted_centi" bigint,
	"roasted_lot" integer,
	"error" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"customer" text DEFAULT '' NOT NULL,
	"product_ref" integer NOT NULL,
	"qty_centi" bigint,
	"batch_centi" bigint,
	"override_batch" boolean DEFAULT false NOT NULL,
	"workflow_id" integer,
	"roaster_device" integer,
	"destination_device" integer,
	"priority" text DEFAULT 'medium' NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"lot_number" text,
	"failure" text,
	"order_date" timestamp with time zone NOT NULL,
	"fulfillment_date" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "orders_qty_positive" CHECK ("orders"."qty_centi" is null or "orders"."qty_centi" > 0),
	CONSTRAINT "orders_batch_positive" CHECK ("orders"."batch_centi" is null or "orders"."batch_centi" > 0),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in (0, 1, 2, 3, 4, 5, 11))
);
--> statement-breakpoint
ALTER TABLE "order_batches" ADD CONSTRAINT "order_batches_order_ref_orders_id_fk" FOREIGN KEY ("order_ref") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_batches" ADD CONSTRAINT "order_batches_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_batches" ADD CONSTRAINT "order_batches_roaster_device_devices_id_fk" FOREIGN KEY ("roaster_device") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_batches" ADD CONSTRAINT "order_batches_destination_device_devices_id_fk" FOREIGN KEY ("destination_device") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_batches" ADD CONSTRAINT "order_batches_roasted_lot_lots_id_fk" FOREIGN KEY ("roasted_lot") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_ref_products_id_fk" FOREIGN KEY ("product_ref") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_roaster_device_devices_id_fk" FOREIGN KEY ("roaster_device") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_destination_device_devices_id_fk" FOREIGN KEY ("destination_device") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_batches_seq_key" ON "order_batches" USING btree ("order_ref","seq");--> statement-breakpoint
CREATE INDEX "order_batches_status_idx" ON "order_batches" USING btree ("status");--> statement-breakpoint
CREATE INDEX "order_batches_run_idx" ON "order_batches" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "orders_kind_status_idx" ON "orders" USING btree ("kind","status");