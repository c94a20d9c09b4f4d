import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  real,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { lots, products } from './inventory.ts';
import { orderBatches } from './orders.ts';

export const lotStatuses = ['pending', 'released', 'on_hold', 'rejected'] as const;
export const qualityResultKinds = ['colour', 'moisture', 'loss', 'development', 'cupping'] as const;
export const signatureMeanings = ['released', 'rejected', 'released_under_deviation'] as const;

/**
 * A product's quality specification: each bound is optional, and a product without a row, or a
 * bound left empty, checks nothing. Colour on the roast record's 0-100 scale; moisture, roast
 * loss and development in %; cupping as an SCA score.
 */
export const qualitySpecs = pgTable('quality_specs', {
  productId: integer('product_ref')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  colourMin: real('colour_min'),
  colourMax: real('colour_max'),
  moistureMin: real('moisture_min'),
  moistureMax: real('moisture_max'),
  lossMin: real('loss_min'),
  lossMax: real('loss_max'),
  developmentMin: real('development_min'),
  developmentMax: real('development_max'),
  cuppingMin: real('cupping_min'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by').notNull(),
});

/**
 * A roasted lot's quality status; a roasted lot without a row is pending. The lot itself is the
 * inventory's, so its status is kept here. `needsSecond`: the lot went on hold for a result out
 * of its specification, so its release takes two different people; `firstRelease` is the
 * signature waiting for the second.
 */
export const qualityLotStatus = pgTable('quality_lot_status', {
  lotId: integer('lot_ref')
    .primaryKey()
    .references(() => lots.id),
  status: text('status', { enum: lotStatuses }).notNull(),
  reason: text('reason').notNull().default(''),
  needsSecond: boolean('needs_second').notNull().default(false),
  firstRelease: integer('first_release'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One measured result of a roasted lot and its batch: read from the roast record or entered by a
 * person, with the verdict against the specification as it stood then (null: no bound applied).
 */
export const qualityResults = pgTable(
  'quality_results',
  {
    id: serial('id').primaryKey(),
    lotId: integer('lot_ref')
      .notNull()
      .references(() => lots.id),
    batchId: integer('batch_ref').references(() => orderBatches.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: qualityResultKinds }).notNull(),
    value: real('value').notNull(),
    source: text('source', { enum: ['roast_record', 'entered'] }).notNull(),
    userId: integer('user_id'),
    userName: text('user_name').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    notes: text('notes').notNull().default(''),
    inSpec: boolean('in_spec'),
    /** The range the value was checked against, as the reason names it ('45-60', 'at least 80'). */
    specText: text('spec_text'),
  },
  (t) => [index('quality_results_lot_idx').on(t.lotId)],
);

/**
 * A signed decision on a lot: who, when, what it means, why, and the SHA-256 of the lot's quality
 * record as it stood when signed. Append-only: a trigger (migration 0027) refuses UPDATE and
 * DELETE; each signature is also an entry of the audit chain.
 */
export const qualitySignatures = pgTable(
  'quality_signatures',
  {
    id: serial('id').primaryKey(),
    lotId: integer('lot_ref')
      .notNull()
      .references(() => lots.id),
    userId: integer('user_id').notNull(),
    userName: text('user_name').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    meaning: text('meaning', { enum: signatureMeanings }).notNull(),
    reason: text('reason').notNull().default(''),
    recordSha256: text('record_sha256').notNull(),
  },
  (t) => [
    index('quality_signatures_lot_idx').on(t.lotId),
    check('quality_signatures_hash', sql`length(${t.recordSha256}) = 64`),
  ],
);
