ALTER TABLE "beans" ADD COLUMN "typical_moisture_pct" numeric(3, 1);--> statement-breakpoint
ALTER TABLE "beans" ADD COLUMN "typical_density_g_per_l" integer;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "moisture_pct" numeric(3, 1);--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "density_g_per_l" integer;--> statement-breakpoint
ALTER TABLE "roast_records" ADD COLUMN "green_moisture_pct" real;--> statement-breakpoint
ALTER TABLE "roast_records" ADD COLUMN "green_density_g_per_l" real;--> statement-breakpoint
ALTER TABLE "beans" ADD CONSTRAINT "beans_moisture_range" CHECK ("beans"."typical_moisture_pct" between 6 and 16);--> statement-breakpoint
ALTER TABLE "beans" ADD CONSTRAINT "beans_density_range" CHECK ("beans"."typical_density_g_per_l" between 550 and 800);--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_moisture_range" CHECK ("lots"."moisture_pct" between 6 and 16);--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_density_range" CHECK ("lots"."density_g_per_l" between 550 and 800);