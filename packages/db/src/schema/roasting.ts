import {
  check,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { products } from './inventory.ts';
import { devices } from './plant.ts';

const fahrenheit = (name: string) => numeric(name, { precision: 6, scale: 1, mode: 'number' });
const lbs = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/** A point of a bean temperature reference curve, seconds after charge. */
export interface StoredReferencePoint {
  t_s: number;
  bt_f: number;
}

/** From t_s on, the burner and the airflow at these settings. */
export interface StoredPowerStep {
  t_s: number;
  burner_pct: number;
  airflow_pct: number;
}

export const endConditionKinds = [
  'drop_temperature',
  'time_after_first_crack',
  'development_ratio',
  'total_time',
] as const;

/**
 * How a product is roasted on one roaster (ISA-88's master recipe); its settings live in its
 * versions. A profile has no use without its product and roaster, and goes with either: a
 * product or roaster that ever roasted a batch cannot be deleted anyway (its orders and the
 * ledger hold it).
 */
export const roastProfiles = pgTable(
  'roast_profiles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    productId: integer('product_ref')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    roasterDevice: integer('roaster_device')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roast_profiles_product_roaster_key').on(t.productId, t.roasterDevice)],
);

/** One version of a profile: written once, never changed; a revision adds the next. */
export const roastProfileVersions = pgTable(
  'roast_profile_versions',
  {
    profileId: integer('profile_ref')
      .notNull()
      .references(() => roastProfiles.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The username of who saved it, or 'system' for the demo's own. */
    createdBy: text('created_by').notNull(),
    /** Why the profile changed; empty for the first version. */
    reason: text('reason').notNull().default(''),
    sourceKind: text('source_kind', { enum: ['manual', 'alog'] }).notNull(),
    /** The Artisan file the curve came from, when it came from one. */
    sourceFile: text('source_file'),
    chargeTemperatureF: fahrenheit('charge_temperature_f').notNull(),
    batchMinLbs: lbs('batch_min_lbs').notNull(),
    batchMaxLbs: lbs('batch_max_lbs').notNull(),
    reference: jsonb('reference').$type<StoredReferencePoint[]>().notNull(),
    power: jsonb('power').$type<StoredPowerStep[]>().notNull().default([]),
    endKind: text('end_kind', { enum: endConditionKinds }).notNull(),
    endValue: numeric('end_value', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    dryEndF: fahrenheit('dry_end_f').notNull(),
    notes: text('notes').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.version] }),
    check('roast_profile_versions_version_check', sql`${t.version} >= 1`),
    check('roast_profile_versions_batch_check', sql`${t.batchMinLbs} <= ${t.batchMaxLbs}`),
  ],
);
