import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { notifications } from './plant.ts';
import { users } from './users.ts';

/**
 * Where alarm messages go: one row. `config` is null until an administrator saves one (nothing
 * is sent then); its secrets stay here and are never returned. `link_key` signs the
 * acknowledgement links.
 */
export const alarmDeliverySettings = pgTable(
  'alarm_delivery_settings',
  {
    id: integer('id').primaryKey(),
    config: jsonb('config').$type<Record<string, unknown>>(),
    linkKey: text('link_key').notNull(),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [check('alarm_delivery_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * The outbox: every message due, sent or given up. `key` names what a message is about (an
 * alarm's first message on a pipeline, an escalation step, a flood's summary), so a repeated
 * event never schedules it twice.
 */
export const alarmDeliveries = pgTable(
  'alarm_deliveries',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    notificationId: integer('notification_id').references(() => notifications.id, {
      onDelete: 'cascade',
    }),
    pipeline: text('pipeline').notNull(),
    kind: text('kind', { enum: ['raised', 'escalation', 'returned', 'flood'] }).notNull(),
    step: integer('step').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['pending', 'sent', 'skipped', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    detail: text('detail'),
    /** A worker holds it until then; another takes it over after. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alarm_deliveries_due').on(t.status, t.dueAt)],
);

/** Each attempt to send a message, failed or not. */
export const alarmDeliveryAttempts = pgTable('alarm_delivery_attempts', {
  id: serial('id').primaryKey(),
  deliveryId: integer('delivery_id')
    .notNull()
    .references(() => alarmDeliveries.id, { onDelete: 'cascade' }),
  at: timestamp('at', { withTimezone: true }).notNull(),
  ok: boolean('ok').notNull(),
  detail: text('detail'),
});

/** The acknowledgement links sent, so that each is used once. */
export const alarmAckLinks = pgTable('alarm_ack_links', {
  jti: text('jti').primaryKey(),
  notificationId: integer('notification_id')
    .notNull()
    .references(() => notifications.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
