CREATE TABLE "alarm_sources_out_of_service" (
	"source" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"user_id" integer,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_transitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"notification_id" integer NOT NULL,
	"event" text NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"user_id" integer,
	"reason" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "shelved_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "shelved_by" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "shelve_reason" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "suppression" text;--> statement-breakpoint
ALTER TABLE "alarm_sources_out_of_service" ADD CONSTRAINT "alarm_sources_out_of_service_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_transitions" ADD CONSTRAINT "alarm_transitions_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_transitions" ADD CONSTRAINT "alarm_transitions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_transitions_notification_idx" ON "alarm_transitions" USING btree ("notification_id","at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_shelved_by_users_id_fk" FOREIGN KEY ("shelved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_source_idx" ON "notifications" USING btree ("source");