CREATE TABLE "roast_profile_versions" (
	"profile_ref" integer NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"source_kind" text NOT NULL,
	"source_file" text,
	"charge_temperature_f" numeric(6, 1) NOT NULL,
	"batch_min_lbs" numeric(12, 2) NOT NULL,
	"batch_max_lbs" numeric(12, 2) NOT NULL,
	"reference" jsonb NOT NULL,
	"power" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"end_kind" text NOT NULL,
	"end_value" numeric(8, 2) NOT NULL,
	"dry_end_f" numeric(6, 1) NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	CONSTRAINT "roast_profile_versions_profile_ref_version_pk" PRIMARY KEY("profile_ref","version"),
	CONSTRAINT "roast_profile_versions_version_check" CHECK ("roast_profile_versions"."version" >= 1),
	CONSTRAINT "roast_profile_versions_batch_check" CHECK ("roast_profile_versions"."batch_min_lbs" <= "roast_profile_versions"."batch_max_lbs")
);
--> statement-breakpoint
CREATE TABLE "roast_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"product_ref" integer NOT NULL,
	"roaster_device" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roast_profile_versions" ADD CONSTRAINT "roast_profile_versions_profile_ref_roast_profiles_id_fk" FOREIGN KEY ("profile_ref") REFERENCES "public"."roast_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roast_profiles" ADD CONSTRAINT "roast_profiles_product_ref_products_id_fk" FOREIGN KEY ("product_ref") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roast_profiles" ADD CONSTRAINT "roast_profiles_roaster_device_devices_id_fk" FOREIGN KEY ("roaster_device") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "roast_profiles_product_roaster_key" ON "roast_profiles" USING btree ("product_ref","roaster_device");