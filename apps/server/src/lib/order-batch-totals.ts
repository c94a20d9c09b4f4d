import { sql } from 'drizzle-orm';
import { orderBatches, type Database } from '@roastery/db';

/**
 * Batch figures of each order, derived from its batches (split_qty and reaming_batch are never
 * stored): batches not cancelled, batches pending and their planned weight, the batch under
 * way, and the weight of the finished ones. A subquery for the repositories that list orders (orders, dashboard) to
 * left-join on orderId; an order without batches has no row, so callers coalesce to 0.
 */
export const orderBatchTotals = (db: Database) =>
  db
    .select({
      orderId: orderBatches.orderId,
      total: sql<number>`count(*) filter (where ${orderBatches.status} <> 'cancelled')`
        .mapWith(Number)
        .as('total'),
      pending: sql<number>`count(*) filter (where ${orderBatches.status} = 'pending')`
        .mapWith(Number)
        .as('pending'),
      runningSeq: sql<
        number | null
      >`max(${orderBatches.seq}) filter (where ${orderBatches.status} = 'running')`
        .mapWith(Number)
        .as('running_seq'),
      pendingCenti:
        sql<number>`coalesce(sum(${orderBatches.plannedCenti}) filter (where ${orderBatches.status} = 'pending'), 0)`
          .mapWith(Number)
          .as('pending_centi'),
      doneCenti:
        sql<number>`coalesce(sum(coalesce(${orderBatches.roastedCenti}, ${orderBatches.plannedCenti})) filter (where ${orderBatches.status} = 'finished'), 0)`
          .mapWith(Number)
          .as('done_centi'),
    })
    .from(orderBatches)
    .groupBy(orderBatches.orderId)
    .as('batch_totals');
