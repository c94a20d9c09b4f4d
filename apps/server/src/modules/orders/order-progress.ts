import { and, eq, inArray, sql } from 'drizzle-orm';
import { orderBatches, orders, type Executor } from '@roastery/db';

type BatchStatus = (typeof orderBatches.$inferSelect)['status'];

/**
 * How orders and their batches move along as their runs start and end: the order runs call these,
 * and only the orders area writes its tables. Each move names the states it may come from, so two
 * moves of the same order or batch at once never both apply. A move that must commit with another
 * area's writes (a batch's booking on the ledger) is given that area's transaction.
 */
export class OrderProgress {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  /** Runs `work` in one transaction, with the moves on it: they commit together or not at all. */
  transaction<T>(work: (progress: OrderProgress) => Promise<T>): Promise<T> {
    return this.#db.transaction((tx) => work(new OrderProgress(tx)));
  }

  /**
   * Adds batches after the order's last one, with these planned weights; false when the order
   * is gone. The order row is locked first, so a delete running at the same time either ends
   * before (and nothing is added) or waits and finds the batches.
   */
  async addBatches(orderId: number, planned: (number | null)[]): Promise<boolean> {
    if (planned.length === 0) return true;
    return this.#db.transaction(async (tx) => {
      const [order] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for('update');
      if (!order) return false;
      const [last] = await tx
        .select({ seq: sql<number | null>`max(${orderBatches.seq})` })
        .from(orderBatches)
        .where(eq(orderBatches.orderId, orderId));
      const after = Number(last?.seq ?? 0);
      await tx
        .insert(orderBatches)
        .values(planned.map((centi, i) => ({ orderId, seq: after + i + 1, plannedCenti: centi })));
      return true;
    });
  }

  /**
   * Moves a batch from one of `from`; false when it was not in one of them (someone else won).
   * In `tx` when it must commit with that transaction's other writes.
   */
  async transitionBatch(
    id: number,
    from: BatchStatus[],
    patch: Partial<typeof orderBatches.$inferInsert> & { status: BatchStatus },
    tx: Executor = this.#db,
  ): Promise<boolean> {
    const rows = await tx
      .update(orderBatches)
      .set(patch)
      .where(and(eq(orderBatches.id, id), inArray(orderBatches.status, from)))
      .returning({ id: orderBatches.id });
    return rows.length > 0;
  }

  /** An order the console creates itself (the fill-silo action). */
  async insertOrder(row: typeof orders.$inferInsert): Promise<number> {
    const [created] = await this.#db.insert(orders).values(row).returning({ id: orders.id });
    if (!created) throw new Error('insert returned no row');
    return created.id;
  }

  /** Moves an order from one of `from` statuses, in `tx` if given; false when it was in none. */
  async transitionOrder(
    id: number,
    from: number[],
    patch: Partial<typeof orders.$inferInsert>,
    tx: Executor = this.#db,
  ): Promise<boolean> {
    const rows = await tx
      .update(orders)
      .set(patch)
      .where(and(eq(orders.id, id), inArray(orders.status, from)))
      .returning({ id: orders.id });
    return rows.length > 0;
  }
}
