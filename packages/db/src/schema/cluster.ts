import { bigserial, index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Hub events too large for a PostgreSQL notification (8000 bytes): the notification carries the
 * row's id and every instance reads the event from here. Rows older than a minute are deleted.
 */
export const hubPayloads = pgTable('hub_payloads', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  payload: jsonb('payload').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What an instance that does not drive the plant asks the leading one to do (a manual PLC
 * command, a workflow or order start), and what any instance ran under a caller's
 * Idempotency-Key. The leader claims a row once, runs it and stores the answer; the asking
 * instance answers its HTTP request with it. Answered rows are deleted after a retention period.
 */
export const leaderRequests = pgTable(
  'leader_requests',
  {
    id: serial('id').primaryKey(),
    /** One request of a person: a retried HTTP call with the same key is the same request. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** SHA-256 of the request: the same key with another request is refused, not answered. */
    requestHash: text('request_hash'),
    operation: text('operation').notNull(),
    args: jsonb('args').notNull(),
    requestedBy: text('requested_by').notNull(),
    status: text('status', { enum: ['pending', 'claimed', 'done', 'failed', 'expired'] })
      .notNull()
      .default('pending'),
    claimedBy: text('claimed_by'),
    /** The operation's answer when done; `{ statusCode, message }` when failed. */
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('leader_requests_status_idx').on(t.status, t.id)],
);
