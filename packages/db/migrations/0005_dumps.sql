CREATE TABLE "dumps" (
	"id" serial PRIMARY KEY NOT NULL,
	"lot_ref" integer NOT NULL,
	"bean_ref" integer NOT NULL,
	"centi_lbs" bigint NOT NULL,
	"target_kind" text NOT NULL,
	"target_device" integer NOT NULL,
	"order_id" integer,
	"status" text NOT NULL,
	"workflow_id" integer,
	"run_id" text,
	"error" text,
	"requested_by" integer,
	"acknowledged_by" integer,
	"acknowledged_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dumps_positive" CHECK ("dumps"."centi_lbs" > 0)
);
--> statement-breakpoint
ALTER TABLE "dumps" ADD CONSTRAINT "dumps_lot_ref_lots_id_fk" FOREIGN KEY ("lot_ref") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dumps" ADD CONSTRAINT "dumps_bean_ref_beans_id_fk" FOREIGN KEY ("bean_ref") REFERENCES "public"."beans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dumps" ADD CONSTRAINT "dumps_target_device_devices_id_fk" FOREIGN KEY ("target_device") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dumps" ADD CONSTRAINT "dumps_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dumps" ADD CONSTRAINT "dumps_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dumps_status_idx" ON "dumps" USING btree ("status");