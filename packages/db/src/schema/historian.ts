import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The historian's tags: one row per (device code, command) that ever had a value stored, so a
 * sample carries a small integer instead of three columns. A device renamed starts a new tag.
 */
export const historianTags = pgTable(
  'historian_tags',
  {
    id: serial('id').primaryKey(),
    deviceCode: text('device_code').notNull(),
    kind: text('kind', { enum: ['binary', 'input'] }).notNull(),
    commandId: integer('command_id').notNull(),
  },
  (t) => [uniqueIndex('historian_tags_key').on(t.deviceCode, t.kind, t.commandId)],
);

/**
 * Every stored value change: partitioned by range of `sampled_at`, one partition per UTC day
 * (`historian_samples_pYYYYMMDD`), which the historian creates ahead and drops whole when
 * retention passes (the migration declares the partitioning; Drizzle cannot). Quality: 0 good,
 * 1 stale, 2 offline. No key: a tag may change twice within a millisecond.
 */
export const historianSamples = pgTable(
  'historian_samples',
  {
    tagId: integer('tag_id').notNull(),
    sampledAt: timestamp('sampled_at', { withTimezone: true, precision: 3 }).notNull(),
    value: doublePrecision('value'),
    quality: smallint('quality').notNull(),
  },
  (t) => [
    index('historian_samples_tag_time').on(t.tagId, t.sampledAt),
    check('historian_samples_quality', sql`${t.quality} between 0 and 2`),
  ],
);

/**
 * Each tag's good samples per UTC minute, folded from the samples; partitioned by range of
 * `minute`, one partition per UTC month (`historian_rollups_pYYYYMM`).
 */
export const historianRollups = pgTable(
  'historian_rollups',
  {
    tagId: integer('tag_id').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    min: doublePrecision('min').notNull(),
    max: doublePrecision('max').notNull(),
    avg: doublePrecision('avg').notNull(),
    last: doublePrecision('last').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.minute] })],
);

/** The historian's one row of state: how long each tier is kept, and how far rollups reach. */
export const historianState = pgTable(
  'historian_state',
  {
    id: smallint('id').primaryKey().default(1),
    rawDays: integer('raw_days').notNull().default(30),
    rollupDays: integer('rollup_days').notNull().default(730),
    /** Every minute before this one is folded into the rollups. */
    foldedUntil: timestamp('folded_until', { withTimezone: true }),
  },
  (t) => [
    check('historian_state_single', sql`${t.id} = 1`),
    check('historian_state_days', sql`${t.rawDays} > 0 and ${t.rollupDays} >= ${t.rawDays}`),
  ],
);
