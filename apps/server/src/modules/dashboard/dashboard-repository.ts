import { and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { OrderStatus } from '@roastery/contract';
import { orderBatches, orders, workflows, type Database } from '@roastery/db';
import { orderBatchTotals } from '../../lib/order-batch-totals.ts';

export type ActiveOrderRow = Awaited<ReturnType<DashboardRepository['activeOrders']>>[number];
export type OrderRunRow = Awaited<ReturnType<DashboardRepository['batchRuns']>>[number];
export type DiagramRow = Awaited<ReturnType<DashboardRepository['diagrams']>>[number];

/**
 * The dashboard's read model: the orders under way, their batches and their workflows'
 * diagrams, read in a fixed number of queries however many orders run.
 */
export class DashboardRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /**
   * Roasting orders being processed or paused, and packing orders being packed, oldest start
   * first, with their batch counts (split_qty and reaming_batch are derived, never stored).
   */
  activeOrders() {
    const stats = orderBatchTotals(this.#db);
    return this.#db
      .select({
        order: orders,
        total: sql<number>`coalesce(${stats.total}, 0)`.mapWith(Number),
        pending: sql<number>`coalesce(${stats.pending}, 0)`.mapWith(Number),
        pendingCenti: sql<number>`coalesce(${stats.pendingCenti}, 0)`.mapWith(Number),
      })
      .from(orders)
      .leftJoin(stats, eq(stats.orderId, orders.id))
      .where(
        or(
          and(
            eq(orders.kind, 'roasting'),
            inArray(orders.status, [OrderStatus.Processing, OrderStatus.Paused]),
          ),
          and(eq(orders.kind, 'packing'), eq(orders.status, OrderStatus.PackingProcessing)),
        ),
      )
      .orderBy(asc(orders.startedAt), asc(orders.id));
  }

  /** The batches of these orders that have had a run, latest first within each order. */
  batchRuns(orderIds: number[]) {
    if (orderIds.length === 0) return Promise.resolve([]);
    return this.#db
      .select({
        orderId: orderBatches.orderId,
        seq: orderBatches.seq,
        status: orderBatches.status,
        runId: orderBatches.runId,
        roasterDevice: orderBatches.roasterDevice,
        workflowId: orderBatches.workflowId,
      })
      .from(orderBatches)
      .where(and(inArray(orderBatches.orderId, orderIds), isNotNull(orderBatches.runId)))
      .orderBy(asc(orderBatches.orderId), desc(orderBatches.seq));
  }

  /** The order each of these runs is a batch of. */
  ordersOfRuns(runIds: string[]) {
    if (runIds.length === 0) return Promise.resolve([]);
    return this.#db
      .select({ runId: orderBatches.runId, orderId: orderBatches.orderId })
      .from(orderBatches)
      .where(inArray(orderBatches.runId, runIds));
  }

  /** Names and diagrams of these workflows. */
  diagrams(workflowIds: number[]) {
    if (workflowIds.length === 0) return Promise.resolve([]);
    return this.#db
      .select({
        id: workflows.id,
        name: workflows.name,
        nodes: workflows.nodes,
        edges: workflows.edges,
      })
      .from(workflows)
      .where(inArray(workflows.id, workflowIds));
  }
}
