ALTER TABLE "devices" ADD COLUMN "et_high_limit_f" real;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "et_reset_f" real;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "et_safe_action" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "roast_band_f" real;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "roast_band_s" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_et_reset_check" CHECK ("devices"."et_reset_f" is null or "devices"."et_high_limit_f" is null or "devices"."et_reset_f" < "devices"."et_high_limit_f");--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_et_safe_action_check" CHECK ("devices"."et_safe_action" is null or "devices"."et_safe_action" in ('burner-off', 'drop', 'quench'));