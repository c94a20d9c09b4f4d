import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { orderBatches } from './orders.ts';
import { devices } from './plant.ts';

/**
 * One second of a roast, as a tuple: seconds after charge, BT, ET, inlet (°F), burner output
 * and airflow (%), and 1 once the crack detector has heard first crack, else 0; null where the
 * roaster reports nothing.
 */
export type StoredRoastSample = [
  t_s: number,
  bt_f: number,
  et_f: number,
  inlet_f: number | null,
  burner_pct: number | null,
  airflow_pct: number | null,
  crack: 0 | 1,
];

/** An event of the roast: seconds after charge, BT then, and who placed it. */
export interface StoredRoastEvent {
  t_s: number;
  bt_f: number;
  source: 'curve' | 'sensor' | 'operator';
}

export interface StoredRoastEvents {
  turning_point: StoredRoastEvent | null;
  dry_end: StoredRoastEvent | null;
  first_crack: StoredRoastEvent | null;
  drop: StoredRoastEvent | null;
}

export interface StoredRoastPhases {
  /** Charge to drop, seconds: the roaster's drop, or the operator's mark of it. */
  total_s: number;
  drying: { s: number; pct: number };
  maillard: { s: number; pct: number };
  development: { s: number; pct: number };
  development_ratio_pct: number;
}

export interface StoredRoastMarks {
  turning_point?: number;
  dry_end?: number;
  first_crack?: number;
  drop?: number;
}

/**
 * Every roast cycle of every roaster, charge to drop. The samples are one jsonb array per
 * record: a record is always written, read and recomputed whole (a chart, an export, an
 * operator's mark), so a row per second would only multiply rows; the historian keeps the
 * same tags queryable by time. Events, phases and deviation are derived from the samples and
 * the marks, and stored so that lists read no samples.
 */
export const roastRecords = pgTable(
  'roast_records',
  {
    id: serial('id').primaryKey(),
    roasterDevice: integer('roaster_device')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** The order's batch the roast was, once the order runs settled it. */
    batchId: integer('batch_ref')
      .unique()
      .references(() => orderBatches.id, { onDelete: 'set null' }),
    chargedAt: timestamp('charged_at', { withTimezone: true }).notNull(),
    droppedAt: timestamp('dropped_at', { withTimezone: true }).notNull(),
    /** Charge (t = 0) to the roaster's drop, seconds. */
    roastS: real('roast_s').notNull(),
    endBtF: real('end_bt_f').notNull(),
    greenCenti: bigint('green_centi', { mode: 'number' }),
    roastedCenti: bigint('roasted_centi', { mode: 'number' }),
    colour: real('colour'),
    /** The roasted beans' moisture meter at drop, % of the roasted weight; null: no meter. */
    roastedMoisturePct: real('roasted_moisture_pct'),
    /** The lot's moisture (%) and density (g/L) the roaster was told at charge; null: none. */
    greenMoisturePct: real('green_moisture_pct'),
    greenDensityGPerL: real('green_density_g_per_l'),
    /** The dry end temperature the events were read with: the profile version's, else 300. */
    dryEndF: real('dry_end_f').notNull(),
    samples: jsonb('samples').$type<StoredRoastSample[]>().notNull(),
    marks: jsonb('marks').$type<StoredRoastMarks>().notNull().default({}),
    events: jsonb('events').$type<StoredRoastEvents>().notNull(),
    phases: jsonb('phases').$type<StoredRoastPhases>().notNull(),
    deviationRmsF: real('deviation_rms_f'),
    deviationMaxF: real('deviation_max_f'),
    notes: text('notes').notNull().default(''),
  },
  (t) => [
    index('roast_records_roaster_idx').on(t.roasterDevice, t.droppedAt),
    index('roast_records_charged_idx').on(t.chargedAt),
  ],
);
