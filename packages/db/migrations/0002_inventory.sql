CREATE TABLE "bean_bins" (
	"bean_ref" integer NOT NULL,
	"device_ref" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "beans" (
	"id" serial PRIMARY KEY NOT NULL,
	"bean_name" text NOT NULL,
	"bean_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"segregation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_lots" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"device_ref" integer NOT NULL,
	"lot_ref" integer NOT NULL,
	"centi_lbs" bigint NOT NULL,
	CONSTRAINT "device_lots_positive" CHECK ("device_lots"."centi_lbs" > 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"movement_id" text NOT NULL,
	"from_device" integer,
	"to_device" integer,
	"lot_ref" integer NOT NULL,
	"centi_lbs" bigint NOT NULL,
	"reason" text NOT NULL,
	"dump_id" integer,
	"transfer_id" integer,
	"order_id" integer,
	"batch_id" integer,
	"user_id" integer,
	"note" text,
	"segregation_override" boolean DEFAULT false NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_positive" CHECK ("ledger_entries"."centi_lbs" > 0),
	CONSTRAINT "ledger_moves" CHECK ("ledger_entries"."from_device" is not null or "ledger_entries"."to_device" is not null),
	CONSTRAINT "ledger_not_to_itself" CHECK ("ledger_entries"."from_device" is distinct from "ledger_entries"."to_device")
);
--> statement-breakpoint
CREATE TABLE "lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"lot_number" text NOT NULL,
	"bean_ref" integer NOT NULL,
	"kind" text NOT NULL,
	"roasted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_recipes" (
	"product_ref" integer NOT NULL,
	"bean_ref" integer NOT NULL,
	"ratio" numeric(5, 2) NOT NULL,
	CONSTRAINT "product_recipes_ratio_check" CHECK ("product_recipes"."ratio" >= 1 and "product_recipes"."ratio" <= 100)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_name" text NOT NULL,
	"product_description" text DEFAULT '' NOT NULL,
	"product_lot_number" text DEFAULT '-1' NOT NULL,
	"batch_weight" numeric(12, 2),
	"min_batch_weight" numeric(12, 2) DEFAULT 0 NOT NULL,
	"max_batch_weight" numeric(12, 2) DEFAULT 5000 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_batch_check" CHECK ("products"."min_batch_weight" <= "products"."max_batch_weight")
);
--> statement-breakpoint
ALTER TABLE "bean_bins" ADD CONSTRAINT "bean_bins_bean_ref_beans_id_fk" FOREIGN KEY ("bean_ref") REFERENCES "public"."beans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bean_bins" ADD CONSTRAINT "bean_bins_device_ref_devices_id_fk" FOREIGN KEY ("device_ref") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_lots" ADD CONSTRAINT "device_lots_device_ref_devices_id_fk" FOREIGN KEY ("device_ref") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_lots" ADD CONSTRAINT "device_lots_lot_ref_lots_id_fk" FOREIGN KEY ("lot_ref") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_from_device_devices_id_fk" FOREIGN KEY ("from_device") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_to_device_devices_id_fk" FOREIGN KEY ("to_device") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_lot_ref_lots_id_fk" FOREIGN KEY ("lot_ref") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_bean_ref_beans_id_fk" FOREIGN KEY ("bean_ref") REFERENCES "public"."beans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_recipes" ADD CONSTRAINT "product_recipes_product_ref_products_id_fk" FOREIGN KEY ("product_ref") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_recipes" ADD CONSTRAINT "product_recipes_bean_ref_beans_id_fk" FOREIGN KEY ("bean_ref") REFERENCES "public"."beans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bean_bins_key" ON "bean_bins" USING btree ("bean_ref","device_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "beans_name_key" ON "beans" USING btree (lower("bean_name"));--> statement-breakpoint
CREATE INDEX "device_lots_device_idx" ON "device_lots" USING btree ("device_ref","seq");--> statement-breakpoint
CREATE INDEX "ledger_from_idx" ON "ledger_entries" USING btree ("from_device");--> statement-breakpoint
CREATE INDEX "ledger_to_idx" ON "ledger_entries" USING btree ("to_device");--> statement-breakpoint
CREATE INDEX "ledger_lot_idx" ON "ledger_entries" USING btree ("lot_ref");--> statement-breakpoint
CREATE INDEX "ledger_movement_idx" ON "ledger_entries" USING btree ("movement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lots_number_key" ON "lots" USING btree ("lot_number");--> statement-breakpoint
CREATE UNIQUE INDEX "product_recipes_key" ON "product_recipes" USING btree ("product_ref","bean_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "products_name_key" ON "products" USING btree (lower("product_name"));