CREATE TABLE "workflow_device_sort" (
	"workflow_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"sort_no" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"workflow_id" integer NOT NULL,
	"product_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"workflow_id" integer NOT NULL,
	"state" text NOT NULL,
	"data" jsonb NOT NULL,
	"cleared" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"workflow_id" integer NOT NULL,
	"sort_no" integer NOT NULL,
	"device_id" text NOT NULL,
	"type" text NOT NULL,
	"command_id" integer NOT NULL,
	"command_value" numeric DEFAULT 0 NOT NULL,
	"dynamic" boolean DEFAULT false NOT NULL,
	"wait_finish" boolean DEFAULT false NOT NULL,
	"wait_device" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"current_mode" text,
	"color" text,
	"timeout_s" integer
);
--> statement-breakpoint
CREATE TABLE "workflow_triggers" (
	"id" serial PRIMARY KEY NOT NULL,
	"workflow_id" integer NOT NULL,
	"when" text NOT NULL,
	"parent_id" integer,
	CONSTRAINT "workflow_triggers_parent" CHECK (("workflow_triggers"."when" = 'parent_finished') = ("workflow_triggers"."parent_id" is not null)),
	CONSTRAINT "workflow_triggers_not_self" CHECK ("workflow_triggers"."parent_id" is distinct from "workflow_triggers"."workflow_id")
);
--> statement-breakpoint
CREATE TABLE "workflows" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"type" text NOT NULL,
	"nodes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"edges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"wait_timeout_s" integer DEFAULT 600 NOT NULL,
	"manual_timeout_s" integer DEFAULT 600 NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workflow_device_sort" ADD CONSTRAINT "workflow_device_sort_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_products" ADD CONSTRAINT "workflow_products_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_products" ADD CONSTRAINT "workflow_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_steps" ADD CONSTRAINT "workflow_steps_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_triggers" ADD CONSTRAINT "workflow_triggers_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_triggers" ADD CONSTRAINT "workflow_triggers_parent_id_workflows_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_device_sort_key" ON "workflow_device_sort" USING btree ("workflow_id","device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_products_key" ON "workflow_products" USING btree ("workflow_id","product_id");--> statement-breakpoint
CREATE INDEX "workflow_runs_open_idx" ON "workflow_runs" USING btree ("cleared","workflow_id");--> statement-breakpoint
CREATE INDEX "workflow_steps_workflow_idx" ON "workflow_steps" USING btree ("workflow_id","sort_no");--> statement-breakpoint
CREATE UNIQUE INDEX "workflows_name_key" ON "workflows" USING btree (lower("name"));