import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  devices,
  orderBatches,
  orders,
  products,
  type BatchDraw,
  type Database,
} from '@roastery/db';

export type OrderRow = typeof orders.$inferSelect;
export type BatchRow = typeof orderBatches.$inferSelect;
export type BatchStatus = BatchRow['status'];

/** An order with what its execution needs to name: its product and devices by code. */
export interface OrderOfRun {
  order: OrderRow;
  productName: string;
  roasterCode: string | null;
  destinationCode: string | null;
}

/**
 * The execution state of orders: their status, and their batches (one per roasting batch or
 * packing run). Creating and editing orders is the orders module's; this reads them and moves
 * them along as their runs start and end.
 */
export class OrderRunRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async order(id: number): Promise<OrderOfRun | undefined> {
    return (await this.#orders(eq(orders.id, id)))[0];
  }

  /**
   * Roasting orders waiting for the auto scheduler, first to start first: by priority, then
   * their place in the kanban column, then fulfillment and order date.
   */
  waitingRoastingOrders(): Promise<OrderOfRun[]> {
    return this.#orders(
      and(eq(orders.kind, 'roasting'), eq(orders.status, 0), eq(orders.paused, false)),
      [
        sql`case ${orders.priority} when 'high' then 0 when 'medium' then 1 else 2 end`,
        asc(orders.rank),
        sql`${orders.fulfillmentDate} asc nulls last`,
        asc(orders.orderDate),
        asc(orders.id),
      ],
    );
  }

  /** Roasting orders under way (processing or paused), whose roasters are taken. */
  activeRoastingOrders(): Promise<OrderOfRun[]> {
    return this.#orders(
      and(eq(orders.kind, 'roasting'), inArray(orders.status, [1, 5]), isNotNull(orders.startedAt)),
    );
  }

  #orders(where: SQL | undefined, orderBy: SQL[] = [asc(orders.id)]) {
    const roaster = alias(devices, 'roaster');
    const destination = alias(devices, 'destination');
    return this.#db
      .select({
        order: orders,
        productName: products.name,
        roasterCode: roaster.deviceId,
        destinationCode: destination.deviceId,
      })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .leftJoin(roaster, eq(roaster.id, orders.roasterDevice))
      .leftJoin(destination, eq(destination.id, orders.destinationDevice))
      .where(where)
      .orderBy(...orderBy);
  }

  batches(orderId: number): Promise<BatchRow[]> {
    return this.#db
      .select()
      .from(orderBatches)
      .where(eq(orderBatches.orderId, orderId))
      .orderBy(asc(orderBatches.seq));
  }

  /** The batch of an order of this kind a run was started for, while it runs. */
  async runningBatchOf(runId: string, kind: OrderRow['kind']): Promise<BatchRow | undefined> {
    const [row] = await this.#db
      .select({ batch: orderBatches })
      .from(orderBatches)
      .innerJoin(orders, eq(orders.id, orderBatches.orderId))
      .where(
        and(
          eq(orderBatches.runId, runId),
          eq(orderBatches.status, 'running'),
          eq(orders.kind, kind),
        ),
      );
    return row?.batch;
  }

  /** Running batches of one kind of order, for settling runs that ended while the server was down. */
  runningBatches(kind: OrderRow['kind']): Promise<BatchRow[]> {
    return this.#db
      .select({ batch: orderBatches })
      .from(orderBatches)
      .innerJoin(orders, eq(orders.id, orderBatches.orderId))
      .where(and(eq(orderBatches.status, 'running'), eq(orders.kind, kind)))
      .then((rows) => rows.map((r) => r.batch));
  }

  /** The latest finished roasting batches of a roaster, newest first. */
  finishedBatchesOn(roasterRef: number, limit: number): Promise<BatchRow[]> {
    return this.#db
      .select({ batch: orderBatches })
      .from(orderBatches)
      .innerJoin(orders, eq(orders.id, orderBatches.orderId))
      .where(
        and(
          eq(orderBatches.status, 'finished'),
          eq(orderBatches.roasterDevice, roasterRef),
          eq(orders.kind, 'roasting'),
        ),
      )
      .orderBy(desc(orderBatches.finishedAt), desc(orderBatches.id))
      .limit(limit)
      .then((rows) => rows.map((r) => r.batch));
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

  /** Moves a batch from one of `from`; false when it was not in one of them (someone else won). */
  async transitionBatch(
    id: number,
    from: BatchStatus[],
    patch: Partial<typeof orderBatches.$inferInsert> & { status: BatchStatus },
  ): Promise<boolean> {
    const rows = await this.#db
      .update(orderBatches)
      .set(patch)
      .where(and(eq(orderBatches.id, id), inArray(orderBatches.status, from)))
      .returning({ id: orderBatches.id });
    return rows.length > 0;
  }

  async setBatchRun(id: number, runId: string, draws: BatchDraw[]): Promise<void> {
    await this.#db.update(orderBatches).set({ runId, draws }).where(eq(orderBatches.id, id));
  }

  /** An order the console creates itself (the fill-silo action). */
  async insertOrder(row: typeof orders.$inferInsert): Promise<number> {
    const [created] = await this.#db.insert(orders).values(row).returning({ id: orders.id });
    if (!created) throw new Error('insert returned no row');
    return created.id;
  }

  /** Device ids (refs) by code, for the devices that exist. */
  async deviceRefs(codes: string[]): Promise<Map<string, number>> {
    if (codes.length === 0) return new Map();
    const rows = await this.#db
      .select({ id: devices.id, code: devices.deviceId })
      .from(devices)
      .where(inArray(devices.deviceId, codes));
    return new Map(rows.map((r) => [r.code, r.id]));
  }

  /** Device codes by id. */
  async deviceCodes(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.#db
      .select({ id: devices.id, code: devices.deviceId })
      .from(devices)
      .where(inArray(devices.id, ids));
    return new Map(rows.map((r) => [r.id, r.code]));
  }

  /** The first real device of a type, e.g. the waste bin under the cleaner. */
  async firstOfType(typeId: number): Promise<{ id: number; code: string } | undefined> {
    const [row] = await this.#db
      .select({ id: devices.id, code: devices.deviceId })
      .from(devices)
      .where(and(eq(devices.typeId, typeId), eq(devices.virtual, false)))
      .orderBy(asc(devices.id))
      .limit(1);
    return row;
  }

  /** Moves an order from one of `from` statuses; false when it was in none of them. */
  async transitionOrder(
    id: number,
    from: number[],
    patch: Partial<typeof orders.$inferInsert>,
  ): Promise<boolean> {
    const rows = await this.#db
      .update(orders)
      .set(patch)
      .where(and(eq(orders.id, id), inArray(orders.status, from)))
      .returning({ id: orders.id });
    return rows.length > 0;
  }
}
