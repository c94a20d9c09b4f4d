import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { devices, orderBatches, orders, products, type Database } from '@roastery/db';

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
 * The execution state of orders as the order runs read it: their status, and their batches (one
 * per roasting batch or packing run). The orders area owns and writes them (`OrderProgress`).
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
}
