import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { lots, products } from './inventory.ts';
import { roastingPaths } from './paths.ts';
import { roastProfileVersions } from './roasting.ts';
import { devices } from './plant.ts';
import { users } from './users.ts';
import { workflows } from './workflows.ts';

const centiLbs = (name: string) => bigint(name, { mode: 'number' });

export const orderKinds = ['roasting', 'packing'] as const;
export const orderPriorities = ['low', 'medium', 'high'] as const;

/**
 * A roasting or packing order. Its status codes are the spec's: 0 Not Started, 1 Processing,
 * 2 Finished, 3 Packed, 4 Processing (packing), 5 Stop Roasting, 11 Not Processed. What is left
 * to roast (split_qty) and how many batches remain are derived from its batches, never stored
 * twice.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: orderKinds }).notNull(),
    /** The optional order name of the create form. */
    name: text('name').notNull().default(''),
    customer: text('customer').notNull().default(''),
    productId: integer('product_ref')
      .notNull()
      .references(() => products.id),
    /** Ordered weight; null for a packing order without a quantity (pack until the bins are empty). */
    qtyCenti: centiLbs('qty_centi'),
    /** The batch size the order was split with (the product's or the override). */
    batchCenti: centiLbs('batch_centi'),
    overrideBatch: boolean('override_batch').notNull().default(false),
    /** The roasting workflow (the form's rule) and the roaster it runs on. */
    workflowId: integer('workflow_id').references(() => workflows.id, { onDelete: 'set null' }),
    roasterDevice: integer('roaster_device').references(() => devices.id),
    /** Where roasted beans land (the form's roasted rule), or the bin a packing order draws from. */
    destinationDevice: integer('destination_device').references(() => devices.id),
    /** The roasting path the order started along, while paths are defined; its batches draw from its silos. */
    pathId: integer('path_ref').references(() => roastingPaths.id, { onDelete: 'set null' }),
    priority: text('priority', { enum: orderPriorities }).notNull().default('medium'),
    /** Order within its priority column of the kanban, lowest first. */
    rank: integer('rank').notNull().default(0),
    status: smallint('status').notNull().default(0),
    /** ord_tig: 1 while a person has paused the order; the current batch finishes first. */
    paused: boolean('paused').notNull().default(false),
    /** Packing: the lot number the form set, 'RE-ENTRY' for re-entry packing. */
    lotNumber: text('lot_number'),
    /** Why the order stopped as Not Processed. */
    failure: text('failure'),
    orderDate: timestamp('order_date', { withTimezone: true }).notNull(),
    fulfillmentDate: timestamp('fulfillment_date', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('orders_qty_positive', sql`${t.qtyCenti} is null or ${t.qtyCenti} > 0`),
    check('orders_batch_positive', sql`${t.batchCenti} is null or ${t.batchCenti} > 0`),
    check('orders_status_check', sql`${t.status} in (0, 1, 2, 3, 4, 5, 11)`),
    index('orders_kind_status_idx').on(t.kind, t.status),
    // A mock recall starts from a customer, as typed, in any case.
    index('orders_customer_idx').on(sql`lower(${t.customer})`),
  ],
);

export const batchStatuses = ['pending', 'running', 'finished', 'failed', 'cancelled'] as const;

/** One green silo's share of a batch: the plan, and what the PLC measured leaving it. */
export interface BatchDraw {
  device_id: string;
  bean_id: number;
  planned_centi: number;
  measured_centi: number | null;
  /** The silo's level as the PLC weighed it when the batch started; what left it is measured from it. */
  level_before_centi?: number | null;
  /**
   * How much before its cumulative target the silo's gate was told to close (in-flight
   * compensation), hundredths; absent on batches charged without it.
   */
  preact_centi?: number;
}

/**
 * One batch of an order: for roasting, one charge-roast-drop cycle of the roaster; for packing,
 * one run of the packing workflow. Created with the order (roasting) or when it starts (packing).
 */
export const orderBatches = pgTable(
  'order_batches',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_ref')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    plannedCenti: centiLbs('planned_centi'),
    status: text('status', { enum: batchStatuses }).notNull().default('pending'),
    workflowId: integer('workflow_id').references(() => workflows.id, { onDelete: 'set null' }),
    runId: text('run_id'),
    roasterDevice: integer('roaster_device').references(() => devices.id),
    destinationDevice: integer('destination_device').references(() => devices.id),
    draws: jsonb('draws').$type<BatchDraw[]>().notNull().default([]),
    /** Green weight the roaster measured in its drum. */
    greenCenti: centiLbs('green_centi'),
    /** Roasted weight the roaster measured at the drop. */
    roastedCenti: centiLbs('roasted_centi'),
    roastedLotId: integer('roasted_lot').references(() => lots.id),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * The roast profile version the batch was started with (ISA-88's control recipe), null when
     * its product had none on its roaster. Versions never change, so the pair is the recipe.
     */
    roastProfileId: integer('roast_profile_ref'),
    roastProfileVersion: integer('roast_profile_version'),
  },
  (t) => [
    foreignKey({
      name: 'order_batches_roast_profile_fk',
      columns: [t.roastProfileId, t.roastProfileVersion],
      foreignColumns: [roastProfileVersions.profileId, roastProfileVersions.version],
    }),
    uniqueIndex('order_batches_seq_key').on(t.orderId, t.seq),
    index('order_batches_status_idx').on(t.status),
    index('order_batches_run_idx').on(t.runId),
  ],
);
