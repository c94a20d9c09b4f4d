import { pgTable, serial, text, timestamp, integer } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A report an administrator defined: its code is a Metabase question id when the console embeds
 * Metabase, otherwise a read-only SELECT over the reporting views (migration 0009).
 */
export const adminReports = pgTable('admin_reports', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  code: text('code').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
