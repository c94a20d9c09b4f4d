import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { products } from './inventory.ts';

/** One monitored value against its limit, as the record was written. */
export interface StoredMonitoringCheck {
  criterion: 'time_at_temperature' | 'end_temperature' | 'total_time' | 'colour';
  actual: number | null;
  /** The limits as they stood when the record was written; null: none on that side. */
  min: number | null;
  max: number | null;
  met: boolean | null;
}

export const passFailResults = ['pass', 'fail'] as const;

/**
 * A product's critical limits (°F and seconds): whether its roast is the kill step, the bean
 * temperature held and for how long, and, against acrylamide, the highest end temperature and
 * the longest roast. An empty limit is not monitored; a product without a row monitors nothing.
 */
export const foodSafetyLimits = pgTable('food_safety_limits', {
  productId: integer('product_ref')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  killStep: boolean('kill_step').notNull().default(false),
  minBtF: real('min_bt_f'),
  minSeconds: real('min_seconds'),
  maxEndF: real('max_end_f'),
  maxTotalS: real('max_total_s'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by').notNull(),
});

/*
 * The record book's own tables below keep what they record as text and numbers, with no foreign
 * key to the orders, lots or products they name: a record is kept for at least two years, whole,
 * whatever happens to the rows it was written from. Triggers (migration 0030) refuse every
 * UPDATE and DELETE on them: a correction is a new row naming the one it corrects.
 */

/** A batch's monitoring record, written from its roast record as the PLC measured it. */
export const foodSafetyMonitoring = pgTable(
  'food_safety_monitoring',
  {
    id: serial('id').primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    batchId: integer('batch_id').notNull(),
    batchSeq: integer('batch_seq'),
    orderId: integer('order_id'),
    roastRecordId: integer('roast_record_id').notNull(),
    lotId: integer('lot_id'),
    lotNumber: text('lot_number').notNull(),
    productId: integer('product_id'),
    productName: text('product_name').notNull(),
    roaster: text('roaster').notNull(),
    droppedAt: timestamp('dropped_at', { withTimezone: true }).notNull(),
    person: text('person').notNull(),
    killStep: boolean('kill_step').notNull(),
    minBtF: real('min_bt_f'),
    secondsAtOrAbove: real('seconds_at_or_above'),
    maxBtF: real('max_bt_f').notNull(),
    endBtF: real('end_bt_f').notNull(),
    totalS: real('total_s').notNull(),
    colour: real('colour'),
    checks: jsonb('checks').$type<StoredMonitoringCheck[]>().notNull(),
    met: boolean('met').notNull(),
    corrects: integer('corrects'),
    correctionReason: text('correction_reason'),
  },
  (t) => [index('food_safety_monitoring_day_idx').on(t.day), index().on(t.batchId)],
);

/** A missed limit or a failed check at packing; open until its corrective action is recorded. */
export const foodSafetyDeviations = pgTable(
  'food_safety_deviations',
  {
    id: serial('id').primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    source: text('source', { enum: ['monitoring', 'packing'] }).notNull(),
    monitoringId: integer('monitoring_id').references(() => foodSafetyMonitoring.id),
    packingCheckId: integer('packing_check_id').references(() => foodSafetyPackingChecks.id),
    lotId: integer('lot_id'),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
  },
  (t) => [index('food_safety_deviations_day_idx').on(t.day), index().on(t.lotId)],
);

/** Who did what, and when, about a deviation; the deviation is closed by it. */
export const foodSafetyCorrectiveActions = pgTable(
  'food_safety_corrective_actions',
  {
    id: serial('id').primaryKey(),
    deviationId: integer('deviation_id')
      .notNull()
      .references(() => foodSafetyDeviations.id),
    day: date('day', { mode: 'string' }).notNull(),
    who: text('who').notNull(),
    what: text('what').notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull(),
    enteredById: integer('entered_by_id').notNull(),
    enteredBy: text('entered_by').notNull(),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique().on(t.deviationId), index('food_safety_actions_day_idx').on(t.day)],
);

/** The checks at a packing line: metal detector test pieces and check-weigher, by a person. */
export const foodSafetyPackingChecks = pgTable(
  'food_safety_packing_checks',
  {
    id: serial('id').primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    packingOrderId: integer('packing_order_id').notNull(),
    orderNumber: text('order_number').notNull(),
    productName: text('product_name').notNull(),
    metalFe: text('metal_fe', { enum: passFailResults }).notNull(),
    metalNonFe: text('metal_non_fe', { enum: passFailResults }).notNull(),
    metalStainless: text('metal_stainless', { enum: passFailResults }).notNull(),
    checkWeigher: text('check_weigher', { enum: passFailResults }).notNull(),
    checkWeigherLbs: real('check_weigher_lbs').notNull(),
    notes: text('notes').notNull().default(''),
    byId: integer('by_id').notNull(),
    byName: text('by_name').notNull(),
    corrects: integer('corrects'),
    correctionReason: text('correction_reason'),
  },
  (t) => [index('food_safety_packing_checks_day_idx').on(t.day)],
);

/**
 * A supervisor's signed verification of a day's records: the SHA-256 of the records it covers
 * (those written up to `at`). Also an entry of the audit chain.
 */
export const foodSafetyDaySignatures = pgTable(
  'food_safety_day_signatures',
  {
    id: serial('id').primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    userName: text('user_name').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    recordSha256: text('record_sha256').notNull(),
  },
  (t) => [
    index('food_safety_day_signatures_day_idx').on(t.day),
    check('food_safety_day_signatures_hash', sql`length(${t.recordSha256}) = 64`),
  ],
);
