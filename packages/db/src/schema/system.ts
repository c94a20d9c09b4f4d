import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Values the server generates once and must keep across restarts, such as the JWT signing key. */
export const systemSecrets = pgTable('system_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
