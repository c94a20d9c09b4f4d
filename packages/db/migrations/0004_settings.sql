CREATE TABLE "settings" (
	"ref_id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"placeholder" text DEFAULT '' NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"family" text NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL
);
