CREATE TABLE "transfer_routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"conveyor_device" integer NOT NULL,
	"route_no" integer NOT NULL,
	"device" integer NOT NULL,
	CONSTRAINT "transfer_routes_number_check" CHECK ("transfer_routes"."route_no" between 1 and 65535)
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_device" integer NOT NULL,
	"target_device" integer NOT NULL,
	"conveyor_device" integer NOT NULL,
	"bean_ref" integer,
	"bean_name" text NOT NULL,
	"centi_lbs" bigint NOT NULL,
	"moved_centi" bigint,
	"status" text NOT NULL,
	"segregation_override" boolean DEFAULT false NOT NULL,
	"workflow_id" integer,
	"run_id" text,
	"error" text,
	"stalled_since" timestamp with time zone,
	"stall_answered" boolean DEFAULT false NOT NULL,
	"substitute_device" integer,
	"continues" integer,
	"requested_by" integer,
	"acknowledged_by" integer,
	"acknowledged_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfers_positive" CHECK ("transfers"."centi_lbs" > 0),
	CONSTRAINT "transfers_distinct" CHECK ("transfers"."source_device" <> "transfers"."target_device")
);
--> statement-breakpoint
ALTER TABLE "dumps" ADD COLUMN "level_at_start_centi" bigint;--> statement-breakpoint
ALTER TABLE "dumps" ADD COLUMN "booked_centi" bigint;--> statement-breakpoint
ALTER TABLE "dumps" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dumps" ADD COLUMN "reminded_by" integer;--> statement-breakpoint
ALTER TABLE "transfer_routes" ADD CONSTRAINT "transfer_routes_conveyor_device_devices_id_fk" FOREIGN KEY ("conveyor_device") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_routes" ADD CONSTRAINT "transfer_routes_device_devices_id_fk" FOREIGN KEY ("device") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_source_device_devices_id_fk" FOREIGN KEY ("source_device") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_target_device_devices_id_fk" FOREIGN KEY ("target_device") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_conveyor_device_devices_id_fk" FOREIGN KEY ("conveyor_device") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_bean_ref_beans_id_fk" FOREIGN KEY ("bean_ref") REFERENCES "public"."beans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_substitute_device_devices_id_fk" FOREIGN KEY ("substitute_device") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_routes_number" ON "transfer_routes" USING btree ("conveyor_device","route_no");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_routes_device" ON "transfer_routes" USING btree ("conveyor_device","device");--> statement-breakpoint
CREATE INDEX "transfers_status_idx" ON "transfers" USING btree ("status");--> statement-breakpoint
ALTER TABLE "dumps" ADD CONSTRAINT "dumps_reminded_by_users_id_fk" FOREIGN KEY ("reminded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;