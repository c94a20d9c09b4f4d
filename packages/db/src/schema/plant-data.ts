import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The MQTT broker and what the console publishes to it: one row, written by an administrator.
 * The configuration is kept as the server's schema shapes it (secrets included: the database is
 * the console's own).
 */
export const plantDataSettings = pgTable(
  'plant_data_settings',
  {
    id: integer('id').primaryKey(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('plant_data_settings_one_row', sql`${t.id} = 1`)],
);
