ALTER TABLE "devices" DROP CONSTRAINT "devices_occupancy_check";--> statement-breakpoint
ALTER TABLE "devices" DROP COLUMN "occupancy";