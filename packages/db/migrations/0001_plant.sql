CREATE TABLE "alarm_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_ref" integer NOT NULL,
	"alarm_index" integer NOT NULL,
	"message" text NOT NULL,
	CONSTRAINT "alarm_texts_index_check" CHECK ("alarm_texts"."alarm_index" > 0)
);
--> statement-breakpoint
CREATE TABLE "binary_commands" (
	"command_id" integer PRIMARY KEY NOT NULL,
	"command_label" text NOT NULL,
	"command_owner" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_ref" integer NOT NULL,
	"label" text NOT NULL,
	"value" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "device_blocks_value_check" CHECK ("device_blocks"."value" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "device_modes" (
	"device_ref" integer PRIMARY KEY NOT NULL,
	"requested_manual" boolean DEFAULT false NOT NULL,
	"requested_at" timestamp with time zone,
	"requested_by" integer
);
--> statement-breakpoint
CREATE TABLE "device_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"led_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"priority" text NOT NULL,
	"type" text NOT NULL,
	"command_id" integer NOT NULL,
	"command_value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_ref" integer NOT NULL,
	"kind" text NOT NULL,
	"command_id" integer NOT NULL,
	"area" text NOT NULL,
	"address" integer NOT NULL,
	"data_type" text NOT NULL,
	"scale" integer DEFAULT 1 NOT NULL,
	"feedback_command_id" integer,
	CONSTRAINT "device_tags_address_check" CHECK ("device_tags"."address" between 0 and 65535),
	CONSTRAINT "device_tags_scale_check" CHECK ("device_tags"."scale" > 0)
);
--> statement-breakpoint
CREATE TABLE "device_type_commands" (
	"device_type" integer NOT NULL,
	"kind" text NOT NULL,
	"command_id" integer NOT NULL,
	CONSTRAINT "device_type_commands_device_type_kind_command_id_pk" PRIMARY KEY("device_type","kind","command_id")
);
--> statement-breakpoint
CREATE TABLE "device_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" text NOT NULL,
	"device_name" text NOT NULL,
	"device_description" text DEFAULT '' NOT NULL,
	"device_type" integer NOT NULL,
	"device_stage" smallint NOT NULL,
	"device_unit" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"device_features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"capacity" numeric(12, 2),
	"occupancy" numeric(12, 2) DEFAULT 0 NOT NULL,
	"virtual" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_stage_check" CHECK ("devices"."device_stage" between 1 and 4),
	CONSTRAINT "devices_capacity_check" CHECK ("devices"."capacity" is null or "devices"."capacity" > 0),
	CONSTRAINT "devices_occupancy_check" CHECK ("devices"."occupancy" >= 0)
);
--> statement-breakpoint
CREATE TABLE "events" (
	"event_id" serial PRIMARY KEY NOT NULL,
	"device_ref" integer,
	"device_name" text DEFAULT '' NOT NULL,
	"event_description" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"user_name" text,
	"command_kind" text,
	"command_id" integer,
	"value" numeric,
	"result" text,
	"latency_ms" integer,
	"event_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "input_commands" (
	"command_input_id" integer PRIMARY KEY NOT NULL,
	"command_input_label" text NOT NULL,
	"command_owner" text NOT NULL,
	"is_speed" boolean DEFAULT false NOT NULL,
	"unit" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"device_ref" integer,
	"text" text NOT NULL,
	"by" text NOT NULL,
	"source" text,
	"code" integer,
	"ack" boolean DEFAULT false NOT NULL,
	"ack_at" timestamp with time zone,
	"ack_by" integer,
	"seen_at" timestamp with time zone,
	"cleared_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarm_texts" ADD CONSTRAINT "alarm_texts_device_ref_devices_id_fk" FOREIGN KEY ("device_ref") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_blocks" ADD CONSTRAINT "device_blocks_device_ref_devices_id_fk" FOREIGN KEY ("device_ref") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_modes" ADD CONSTRAINT "device_modes_device_ref_devices_id_fk" FOREIGN KEY ("device_ref") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_modes" ADD CONSTRAINT "device_modes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tags" ADD CONSTRAINT "device_tags_device_ref_devices_id_fk" FOREIGN KEY ("device_ref") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_type_commands" ADD CONSTRAINT "device_type_commands_device_type_device_types_id_fk" FOREIGN KEY ("device_type") REFERENCES "public"."device_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_device_type_device_types_id_fk" FOREIGN KEY ("device_type") REFERENCES "public"."device_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_device_ref_devices_id_fk" FOREIGN KEY ("device_ref") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_device_ref_devices_id_fk" FOREIGN KEY ("device_ref") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_ack_by_users_id_fk" FOREIGN KEY ("ack_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_texts_index_key" ON "alarm_texts" USING btree ("device_ref","alarm_index");--> statement-breakpoint
CREATE UNIQUE INDEX "device_blocks_label_key" ON "device_blocks" USING btree ("device_ref","label");--> statement-breakpoint
CREATE UNIQUE INDEX "device_statuses_led_key" ON "device_statuses" USING btree ("led_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_tags_command_key" ON "device_tags" USING btree ("device_ref","kind","command_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_tags_address_key" ON "device_tags" USING btree ("area","address");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_device_id_key" ON "devices" USING btree (lower("device_id"));--> statement-breakpoint
CREATE INDEX "events_time_idx" ON "events" USING btree ("event_time");--> statement-breakpoint
CREATE INDEX "events_device_idx" ON "events" USING btree ("device_ref","event_time");--> statement-breakpoint
CREATE INDEX "notifications_open_idx" ON "notifications" USING btree ("ack","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_active_source_key" ON "notifications" USING btree ("source") WHERE "notifications"."cleared_at" is null and "notifications"."source" is not null;