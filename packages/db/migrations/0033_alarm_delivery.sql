CREATE TABLE "alarm_ack_links" (
	"jti" text PRIMARY KEY NOT NULL,
	"notification_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alarm_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"notification_id" integer,
	"pipeline" text NOT NULL,
	"kind" text NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"detail" text,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alarm_deliveries_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "alarm_delivery_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ok" boolean NOT NULL,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "alarm_delivery_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"config" jsonb,
	"link_key" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone,
	CONSTRAINT "alarm_delivery_settings_one_row" CHECK ("alarm_delivery_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "alarm_ack_links" ADD CONSTRAINT "alarm_ack_links_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_ack_links" ADD CONSTRAINT "alarm_ack_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_deliveries" ADD CONSTRAINT "alarm_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_delivery_attempts" ADD CONSTRAINT "alarm_delivery_attempts_delivery_id_alarm_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."alarm_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_deliveries_due" ON "alarm_deliveries" USING btree ("status","due_at");