CREATE TABLE "roasting_path_silos" (
	"path_ref" integer NOT NULL,
	"silo_device" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "roasting_path_silos_path_ref_silo_device_pk" PRIMARY KEY("path_ref","silo_device")
);
--> statement-breakpoint
CREATE TABLE "roasting_paths" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"roaster_device" integer NOT NULL,
	"destination_device" integer NOT NULL,
	"workflow_id" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "path_ref" integer;--> statement-breakpoint
ALTER TABLE "roasting_path_silos" ADD CONSTRAINT "roasting_path_silos_path_ref_roasting_paths_id_fk" FOREIGN KEY ("path_ref") REFERENCES "public"."roasting_paths"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roasting_path_silos" ADD CONSTRAINT "roasting_path_silos_silo_device_devices_id_fk" FOREIGN KEY ("silo_device") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roasting_paths" ADD CONSTRAINT "roasting_paths_roaster_device_devices_id_fk" FOREIGN KEY ("roaster_device") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roasting_paths" ADD CONSTRAINT "roasting_paths_destination_device_devices_id_fk" FOREIGN KEY ("destination_device") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roasting_paths" ADD CONSTRAINT "roasting_paths_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roasting_paths" ADD CONSTRAINT "roasting_paths_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roasting_paths" ADD CONSTRAINT "roasting_paths_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "roasting_paths_name_key" ON "roasting_paths" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_path_ref_roasting_paths_id_fk" FOREIGN KEY ("path_ref") REFERENCES "public"."roasting_paths"("id") ON DELETE set null ON UPDATE no action;