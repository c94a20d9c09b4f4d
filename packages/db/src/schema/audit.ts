import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who did what to the console, append-only. Each row's hash covers the previous row's hash and
 * its own fields, so an edited, removed or inserted row breaks the chain; `seal` says how it was
 * computed (a MAC under a key kept outside the database, or plain SHA-256 for the rows written
 * before that key). A trigger (migration 0014) refuses UPDATE, DELETE and TRUNCATE. The user is kept by id and name without a foreign
 * key: deleting a user must leave the record of what that user did as it was.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    userId: integer('user_id'),
    userName: text('user_name'),
    address: text('address'),
    category: text('category').notNull(),
    action: text('action').notNull(),
    target: text('target'),
    result: text('result').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    seal: text('seal').notNull().default('sha256'),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_category_idx').on(t.category)],
);
