ALTER TABLE "devices" ADD COLUMN "batch_capacity" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "ideal_cycle_minutes" numeric(8, 2);--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "rated_lbs_per_hour" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_batch_capacity_check" CHECK ("devices"."batch_capacity" is null or "devices"."batch_capacity" > 0);--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_ideal_cycle_check" CHECK ("devices"."ideal_cycle_minutes" is null or "devices"."ideal_cycle_minutes" > 0);--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_rated_rate_check" CHECK ("devices"."rated_lbs_per_hour" is null or "devices"."rated_lbs_per_hour" > 0);