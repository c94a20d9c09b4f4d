CREATE TABLE "plant_data_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"config" jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plant_data_settings_one_row" CHECK ("plant_data_settings"."id" = 1)
);
