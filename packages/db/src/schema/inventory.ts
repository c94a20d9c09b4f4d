import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { devices } from './plant.ts';
import { users } from './users.ts';

/** Weights are integer hundredths of a pound: exact, never a float that drifts. */
const centiLbs = (name: string) => bigint(name, { mode: 'number' });

/** A green lot's moisture, % of its weight to one decimal (10.5). */
const moisturePct = (name: string) => numeric(name, { precision: 3, scale: 1, mode: 'number' });

/** The ranges the console accepts for moisture (%) and bulk density (g/L), as constraints. */
const greenRanges = (table: string, moisture: AnyPgColumn, density: AnyPgColumn) => [
  check(`${table}_moisture_range`, sql`${moisture} between 6 and 16`),
  check(`${table}_density_range`, sql`${density} between 550 and 800`),
];

export const beans = pgTable(
  'beans',
  {
    id: serial('id').primaryKey(),
    name: text('bean_name').notNull(),
    /** The plant's numeric recipe id, optional. */
    code: integer('bean_id'),
    description: text('description').notNull().default(''),
    /** Segregated beans (organic, decaf) may not share a silo with others without an override. */
    segregation: text('segregation'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** What a lot of this bean typically holds: the roast's figures for a lot without its own. */
    typicalMoisturePct: moisturePct('typical_moisture_pct'),
    typicalDensityGPerL: integer('typical_density_g_per_l'),
  },
  (t) => [
    uniqueIndex('beans_name_key').on(sql`lower(${t.name})`),
    ...greenRanges('beans', t.typicalMoisturePct, t.typicalDensityGPerL),
  ],
);

/** A lot: green beans from one dump, or roasted beans from one batch. */
export const lots = pgTable(
  'lots',
  {
    id: serial('id').primaryKey(),
    lotNumber: text('lot_number').notNull(),
    beanId: integer('bean_ref')
      .notNull()
      .references(() => beans.id),
    kind: text('kind', { enum: ['green', 'roasted'] }).notNull(),
    roastedAt: timestamp('roasted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A green lot's moisture and bulk density (g/L) as received; null: not known. */
    moisturePct: moisturePct('moisture_pct'),
    densityGPerL: integer('density_g_per_l'),
    /** Who sold a green lot and the lot code on their paperwork: where a recall starts. */
    supplier: text('supplier'),
    supplierLot: text('supplier_lot'),
  },
  (t) => [
    uniqueIndex('lots_number_key').on(t.lotNumber),
    // A recall is looked up by the supplier's lot code as typed, in any case.
    index('lots_supplier_lot_idx').on(sql`lower(${t.supplierLot})`),
    ...greenRanges('lots', t.moisturePct, t.densityGPerL),
  ],
);

export const ledgerReasons = [
  /** What a plant held when the console first started, booked once (the demo plant's stock). */
  'opening',
  'dump',
  'transfer',
  'roast_in',
  'roast_out',
  'roast_loss',
  'cleaner_waste',
  'pack',
  'adjust',
] as const;
export type LedgerReason = (typeof ledgerReasons)[number];

/**
 * Every bean movement: from a device (null: from outside the plant) to a device (null: out of
 * the plant), one lot, a positive weight. The rows of one operation share a movement id.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    movementId: text('movement_id').notNull(),
    fromDevice: integer('from_device').references(() => devices.id),
    toDevice: integer('to_device').references(() => devices.id),
    lotId: integer('lot_ref')
      .notNull()
      .references(() => lots.id),
    centiLbs: centiLbs('centi_lbs').notNull(),
    reason: text('reason', { enum: ledgerReasons }).notNull(),
    dumpId: integer('dump_id'),
    transferId: integer('transfer_id'),
    orderId: integer('order_id'),
    batchId: integer('batch_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    segregationOverride: boolean('segregation_override').notNull().default(false),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ledger_positive', sql`${t.centiLbs} > 0`),
    check('ledger_moves', sql`${t.fromDevice} is not null or ${t.toDevice} is not null`),
    check('ledger_not_to_itself', sql`${t.fromDevice} is distinct from ${t.toDevice}`),
    index('ledger_from_idx').on(t.fromDevice),
    index('ledger_to_idx').on(t.toDevice),
    index('ledger_lot_idx').on(t.lotId),
    index('ledger_movement_idx').on(t.movementId),
    // Reports and traces ask for what was booked for an order (packed for it, roasted by it).
    index('ledger_order_idx').on(t.orderId),
  ],
);

/**
 * What each device holds, lot by lot, in arrival order (first in, first out). A projection of
 * the ledger, written in the same transaction as each movement.
 */
export const deviceLots = pgTable(
  'device_lots',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_ref')
      .notNull()
      .references(() => devices.id),
    lotId: integer('lot_ref')
      .notNull()
      .references(() => lots.id),
    centiLbs: centiLbs('centi_lbs').notNull(),
  },
  (t) => [
    check('device_lots_positive', sql`${t.centiLbs} > 0`),
    index('device_lots_device_idx').on(t.deviceId, t.seq),
  ],
);

/** The silos a bean may be stored in (the Bins column of the bean list). */
export const beanBins = pgTable(
  'bean_bins',
  {
    beanId: integer('bean_ref')
      .notNull()
      .references(() => beans.id, { onDelete: 'cascade' }),
    deviceId: integer('device_ref')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('bean_bins_key').on(t.beanId, t.deviceId)],
);

const lbsColumn = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('product_name').notNull(),
    description: text('product_description').notNull().default(''),
    lotNumber: text('product_lot_number').notNull().default('-1'),
    batchWeight: lbsColumn('batch_weight'),
    minBatchWeight: lbsColumn('min_batch_weight').notNull().default(0),
    maxBatchWeight: lbsColumn('max_batch_weight').notNull().default(5000),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_name_key').on(sql`lower(${t.name})`),
    check('products_batch_check', sql`${t.minBatchWeight} <= ${t.maxBatchWeight}`),
  ],
);

export const productRecipes = pgTable(
  'product_recipes',
  {
    productId: integer('product_ref')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    beanId: integer('bean_ref')
      .notNull()
      .references(() => beans.id),
    /** Percent with two decimals. */
    ratio: numeric('ratio', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('product_recipes_key').on(t.productId, t.beanId),
    check('product_recipes_ratio_check', sql`${t.ratio} >= 1 and ${t.ratio} <= 100`),
  ],
);

/** A request to tip bags of green beans into the plant, and what became of it. */
export const dumps = pgTable(
  'dumps',
  {
    id: serial('id').primaryKey(),
    lotId: integer('lot_ref')
      .notNull()
      .references(() => lots.id),
    beanId: integer('bean_ref')
      .notNull()
      .references(() => beans.id),
    centiLbs: bigint('centi_lbs', { mode: 'number' }).notNull(),
    targetKind: text('target_kind', { enum: ['silo', 'roaster', 'bagging'] }).notNull(),
    targetDevice: integer('target_device')
      .notNull()
      .references(() => devices.id),
    orderId: integer('order_id'),
    status: text('status', {
      enum: ['pending', 'acknowledged', 'completed', 'failed', 'closed'],
    }).notNull(),
    workflowId: integer('workflow_id'),
    runId: text('run_id'),
    error: text('error'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The target's PLC level when its run started, so a failed run tells how much went in. */
    levelAtStartCenti: bigint('level_at_start_centi', { mode: 'number' }),
    /** What was booked when it differs from the request (a failed run settled by a person). */
    bookedCenti: bigint('booked_centi', { mode: 'number' }),
    /** A supervisor reminded the operators that it waits; the reminder popup stops then. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    remindedBy: integer('reminded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('dumps_positive', sql`${t.centiLbs} > 0`), index('dumps_status_idx').on(t.status)],
);

/** A request to move beans from one silo or bin to another over a transfer conveyor. */
export const transfers = pgTable(
  'transfers',
  {
    id: serial('id').primaryKey(),
    sourceDevice: integer('source_device')
      .notNull()
      .references(() => devices.id),
    targetDevice: integer('target_device')
      .notNull()
      .references(() => devices.id),
    conveyorDevice: integer('conveyor_device')
      .notNull()
      .references(() => devices.id),
    /** Only the lots of this bean move (a re-entry bin holding several); null: oldest first. */
    beanId: integer('bean_ref').references(() => beans.id),
    /** What the source held when the transfer was asked for, as people saw it. */
    beanName: text('bean_name').notNull(),
    centiLbs: bigint('centi_lbs', { mode: 'number' }).notNull(),
    movedCenti: bigint('moved_centi', { mode: 'number' }),
    status: text('status', {
      enum: ['pending', 'processing', 'completed', 'failed'],
    }).notNull(),
    segregationOverride: boolean('segregation_override').notNull().default(false),
    workflowId: integer('workflow_id'),
    runId: text('run_id'),
    error: text('error'),
    /** When the conveyor last reported no flow while this transfer ran; null while beans move. */
    stalledSince: timestamp('stalled_since', { withTimezone: true }),
    /** A person answered the prompt of the current stall with 'continue'. */
    stallAnswered: boolean('stall_answered').notNull().default(false),
    substituteDevice: integer('substitute_device').references(() => devices.id),
    /** The transfer whose empty source this one replaces. */
    continues: integer('continues'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('transfers_positive', sql`${t.centiLbs} > 0`),
    check('transfers_distinct', sql`${t.sourceDevice} <> ${t.targetDevice}`),
    index('transfers_status_idx').on(t.status),
  ],
);

/**
 * What a transfer conveyor reaches: route number n of the conveyor is this device. The PLC
 * selects a route by its number, so these numbers are the PLC program's, kept here as data.
 */
export const transferRoutes = pgTable(
  'transfer_routes',
  {
    id: serial('id').primaryKey(),
    conveyorDevice: integer('conveyor_device')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    routeNo: integer('route_no').notNull(),
    device: integer('device')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('transfer_routes_number').on(t.conveyorDevice, t.routeNo),
    uniqueIndex('transfer_routes_device').on(t.conveyorDevice, t.device),
    check('transfer_routes_number_check', sql`${t.routeNo} between 1 and 65535`),
  ],
);
