import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  max,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { devices, orderBatches, orders, products, workflows, type Database } from '@roastery/db';
import { orderBatchTotals } from '../../lib/order-batch-totals.ts';

export type OrderKind = (typeof orders.$inferSelect)['kind'];
export type OrderPriorityName = (typeof orders.$inferSelect)['priority'];
export type OrderFields = typeof orders.$inferSelect;
export type BatchRow = typeof orderBatches.$inferSelect;
export type BatchStatus = BatchRow['status'];
export type OrderRow = Awaited<ReturnType<OrderRepository['list']>>[number];

/** A date range of a list filter: from (inclusive) and until (exclusive). */
export interface DateRange {
  gte?: Date;
  lt?: Date;
}

/** What a list may be narrowed by; every field maps onto one column, never onto client SQL. */
export interface OrderFilter {
  kind: OrderKind;
  statuses?: readonly number[];
  id?: number;
  /** The customer contains each of these texts (case-insensitive; % and _ match themselves). */
  customers?: readonly string[];
  productId?: number;
  orderDate?: DateRange;
  fulfillmentDate?: DateRange;
}

export type ListOrder = 'newest' | 'finished' | 'board' | 'schedule';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Why a change was refused, when it was. */
export type Refusal = 'missing' | 'processing' | 'started';

const roaster = alias(devices, 'roaster');
const destination = alias(devices, 'destination');

/** Escapes LIKE's wildcards so a search for '50%' finds '50%', not every customer. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function range(
  column: typeof orders.orderDate | typeof orders.fulfillmentDate,
  r: DateRange | undefined,
): SQL[] {
  if (!r) return [];
  return [...(r.gte ? [gte(column, r.gte)] : []), ...(r.lt ? [lt(column, r.lt)] : [])];
}

function conditions(f: OrderFilter): SQL | undefined {
  return and(
    eq(orders.kind, f.kind),
    ...(f.statuses ? [inArray(orders.status, [...f.statuses])] : []),
    ...(f.id !== undefined ? [eq(orders.id, f.id)] : []),
    ...(f.customers ?? []).map((c) => ilike(orders.customer, likePattern(c))),
    ...(f.productId !== undefined ? [eq(orders.productId, f.productId)] : []),
    ...range(orders.orderDate, f.orderDate),
    ...range(orders.fulfillmentDate, f.fulfillmentDate),
  );
}

const priorityRank = sql<number>`case ${orders.priority} when 'high' then 0 when 'medium' then 1 else 2 end`;

/**
 * Orders and their batches: the only SQL of the orders and packing areas. Changes that depend on
 * an order's state lock its row first, so an edit and a start (or two edits) cannot interleave.
 */
export class OrderRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  list(filter: OrderFilter, opts: { order?: ListOrder; offset?: number; limit?: number } = {}) {
    const totals = orderBatchTotals(this.#db);
    const orderBy = {
      newest: [desc(orders.id)],
      finished: [sql`${orders.finishedAt} desc nulls last`, desc(orders.id)],
      board: [asc(orders.rank), asc(orders.id)],
      schedule: [
        asc(priorityRank),
        asc(orders.rank),
        sql`${orders.fulfillmentDate} asc nulls last`,
        asc(orders.orderDate),
        asc(orders.id),
      ],
    }[opts.order ?? 'newest'];
    const query = this.#db
      .select({
        order: orders,
        productName: products.name,
        workflowName: workflows.name,
        roasterCode: roaster.deviceId,
        roasterName: roaster.name,
        destinationCode: destination.deviceId,
        destinationName: destination.name,
        totalBatches: sql<number>`coalesce(${totals.total}, 0)`.mapWith(Number),
        pendingBatches: sql<number>`coalesce(${totals.pending}, 0)`.mapWith(Number),
        runningBatch: totals.runningSeq,
        pendingCenti: sql<number>`coalesce(${totals.pendingCenti}, 0)`.mapWith(Number),
        doneCenti: sql<number>`coalesce(${totals.doneCenti}, 0)`.mapWith(Number),
      })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .leftJoin(workflows, eq(workflows.id, orders.workflowId))
      .leftJoin(roaster, eq(roaster.id, orders.roasterDevice))
      .leftJoin(destination, eq(destination.id, orders.destinationDevice))
      .leftJoin(totals, eq(totals.orderId, orders.id))
      .where(conditions(filter))
      .orderBy(...orderBy)
      .$dynamic();
    const limited = opts.limit === undefined ? query : query.limit(opts.limit);
    return opts.offset === undefined ? limited : limited.offset(opts.offset);
  }

  async count(filter: OrderFilter): Promise<number> {
    const [row] = await this.#db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(conditions(filter));
    return row?.n ?? 0;
  }

  async find(id: number, kind?: OrderKind): Promise<OrderRow | undefined> {
    const rows = await this.#db.select({ kind: orders.kind }).from(orders).where(eq(orders.id, id));
    const found = rows[0];
    if (!found || (kind && found.kind !== kind)) return undefined;
    return (await this.list({ kind: found.kind, id }))[0];
  }

  batches(orderId: number): Promise<BatchRow[]> {
    return this.#db
      .select()
      .from(orderBatches)
      .where(eq(orderBatches.orderId, orderId))
      .orderBy(asc(orderBatches.seq));
  }

  /** Inserts an order at the bottom of its priority column, with its pending batches. */
  async insert(
    row: Omit<typeof orders.$inferInsert, 'id' | 'rank'>,
    plannedCenti: number[],
  ): Promise<number> {
    return this.#db.transaction(async (tx) => {
      const rank = (await this.#lastRank(tx, row.kind, row.priority ?? 'medium')) + 1;
      const [created] = await tx
        .insert(orders)
        .values({ ...row, rank })
        .returning({ id: orders.id });
      if (!created) throw new Error('insert returned no row');
      if (plannedCenti.length) {
        await tx.insert(orderBatches).values(
          plannedCenti.map((centi, i) => ({
            orderId: created.id,
            seq: i + 1,
            plannedCenti: centi,
            workflowId: row.workflowId ?? null,
            roasterDevice: row.roasterDevice ?? null,
            destinationDevice: row.destinationDevice ?? null,
          })),
        );
      }
      return created.id;
    });
  }

  /**
   * Rewrites an order and its batch plan, only while no batch of it has started: the order is
   * locked, so a start cannot slip in between the check and the write.
   */
  async replacePlan(
    id: number,
    patch: Partial<typeof orders.$inferInsert>,
    plannedCenti: number[],
  ): Promise<Refusal | undefined> {
    return this.#db.transaction(async (tx) => {
      const locked = await this.#lockUnstarted(tx, id, 'roasting');
      if (typeof locked === 'string') return locked;
      // Only a Not Started order is replanned (a stopped one keeps what it was stopped with).
      if (locked.status !== 0) return 'started';
      await tx.delete(orderBatches).where(eq(orderBatches.orderId, id));
      await tx.insert(orderBatches).values(
        plannedCenti.map((centi, i) => ({
          orderId: id,
          seq: i + 1,
          plannedCenti: centi,
          workflowId: patch.workflowId ?? null,
          roasterDevice: patch.roasterDevice ?? null,
          destinationDevice: patch.destinationDevice ?? null,
        })),
      );
      // An order moved to another priority goes to the bottom of that column.
      const rank =
        patch.priority && patch.priority !== locked.priority
          ? { rank: (await this.#lastRank(tx, 'roasting', patch.priority)) + 1 }
          : {};
      await tx
        .update(orders)
        .set({ ...patch, ...rank })
        .where(eq(orders.id, id));
      return undefined;
    });
  }

  /** Deletes an order whose batches have not started (nothing of it is on the ledger). */
  async delete(id: number, kind: OrderKind): Promise<Refusal | undefined> {
    return this.#db.transaction(async (tx) => {
      const locked = await this.#lockUnstarted(tx, id, kind);
      if (typeof locked === 'string') return locked;
      await tx.delete(orders).where(eq(orders.id, id));
      return undefined;
    });
  }

  /** Locks an order none of whose batches has started; why not, when it is not one. */
  async #lockUnstarted(
    tx: Transaction,
    id: number,
    kind: OrderKind,
  ): Promise<Refusal | { status: number; priority: OrderPriorityName }> {
    const [locked] = await tx
      .select({ status: orders.status, priority: orders.priority })
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.kind, kind)))
      .for('update');
    if (!locked) return 'missing';
    if (PROCESSING_STATUSES.includes(locked.status)) return 'processing';
    const [started] = await tx
      .select({ id: orderBatches.id })
      .from(orderBatches)
      .where(and(eq(orderBatches.orderId, id), ne(orderBatches.status, 'pending')))
      .limit(1);
    return started ? 'started' : locked;
  }

  async #lastRank(tx: Transaction, kind: OrderKind, priority: OrderPriorityName): Promise<number> {
    const [last] = await tx
      .select({ rank: max(orders.rank) })
      .from(orders)
      .where(and(eq(orders.kind, kind), eq(orders.priority, priority)));
    return last?.rank ?? 0;
  }

  /**
   * Flips ord_tig of a roasting order under way: paused orders read status 5, resumed ones 1.
   * Returns the new paused flag, or undefined when the order is not under way.
   */
  async togglePause(id: number): Promise<boolean | undefined> {
    const [row] = await this.#db
      .update(orders)
      .set({
        paused: sql`not ${orders.paused}`,
        status: sql`case when ${orders.paused} then 1 else 5 end`,
      })
      .where(and(eq(orders.id, id), eq(orders.kind, 'roasting'), inArray(orders.status, [1, 5])))
      .returning({ paused: orders.paused });
    return row?.paused;
  }

  /** The kind and status of each of these orders that exists. */
  async states(ids: number[]): Promise<{ id: number; kind: OrderKind; status: number }[]> {
    if (!ids.length) return [];
    return this.#db
      .select({ id: orders.id, kind: orders.kind, status: orders.status })
      .from(orders)
      .where(inArray(orders.id, ids));
  }

  /** Saves a kanban: each column's ids top to bottom get its priority and ranks 1, 2, ... */
  async savePriorities(columns: Record<OrderPriorityName, number[]>): Promise<void> {
    await this.#db.transaction(async (tx) => {
      for (const [priority, ids] of Object.entries(columns) as [OrderPriorityName, number[]][]) {
        for (const [index, id] of ids.entries()) {
          await tx
            .update(orders)
            .set({ priority, rank: index + 1 })
            .where(eq(orders.id, id));
        }
      }
    });
  }

  /** Sets an order's status only while it is in one of `from`; false when it was not. */
  async markStatus(
    id: number,
    status: number,
    from: readonly number[],
    patch: Pick<Partial<OrderFields>, 'failure' | 'startedAt' | 'finishedAt' | 'paused'> = {},
  ): Promise<boolean> {
    const rows = await this.#db
      .update(orders)
      .set({ ...patch, status })
      .where(and(eq(orders.id, id), inArray(orders.status, [...from])))
      .returning({ id: orders.id });
    return rows.length > 0;
  }

  /** Changes a batch only while it is in one of `from`; false when it was not. */
  async updateBatch(
    batchId: number,
    from: readonly BatchStatus[],
    patch: Partial<Omit<typeof orderBatches.$inferInsert, 'id' | 'orderId' | 'seq'>>,
  ): Promise<boolean> {
    const rows = await this.#db
      .update(orderBatches)
      .set(patch)
      .where(and(eq(orderBatches.id, batchId), inArray(orderBatches.status, [...from])))
      .returning({ id: orderBatches.id });
    return rows.length > 0;
  }

  /** Appends a batch (a packing run) to an order, numbered after its last one. */
  async addBatch(
    orderId: number,
    fields: Partial<Omit<typeof orderBatches.$inferInsert, 'id' | 'orderId' | 'seq'>>,
  ): Promise<BatchRow> {
    return this.#db.transaction(async (tx) => {
      // The order row is locked so two runs of one order cannot take the same number.
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
      const [last] = await tx
        .select({ seq: max(orderBatches.seq) })
        .from(orderBatches)
        .where(eq(orderBatches.orderId, orderId));
      const [created] = await tx
        .insert(orderBatches)
        .values({ ...fields, orderId, seq: (last?.seq ?? 0) + 1 })
        .returning();
      if (!created) throw new Error('insert returned no row');
      return created;
    });
  }

  /** Products that roasted orders have left in the bins, not yet packed (status 2). */
  async productsRoastedNotPacked(): Promise<Set<number>> {
    const rows = await this.#db
      .selectDistinct({ id: orders.productId })
      .from(orders)
      .where(and(eq(orders.kind, 'roasting'), eq(orders.status, 2)));
    return new Set(rows.map((r) => r.id));
  }

  /** Ids of the orders (or their batches) that name a device as roaster or destination. */
  async idsUsingDevice(code: string): Promise<number[]> {
    const [device] = await this.#db
      .select({ id: devices.id })
      .from(devices)
      .where(eq(sql`lower(${devices.deviceId})`, code.toLowerCase()));
    if (!device) return [];
    const rows = await this.#db
      .selectDistinct({ id: orders.id })
      .from(orders)
      .leftJoin(orderBatches, eq(orderBatches.orderId, orders.id))
      .where(
        or(
          eq(orders.roasterDevice, device.id),
          eq(orders.destinationDevice, device.id),
          eq(orderBatches.roasterDevice, device.id),
          eq(orderBatches.destinationDevice, device.id),
        ),
      )
      .orderBy(asc(orders.id));
    return rows.map((r) => r.id);
  }

  /** Device refs by code (case-insensitive), for the devices an order names. */
  async deviceRefs(codes: string[]): Promise<Map<string, number>> {
    if (!codes.length) return new Map();
    const rows = await this.#db
      .select({ id: devices.id, code: devices.deviceId })
      .from(devices)
      .where(
        inArray(
          sql`lower(${devices.deviceId})`,
          codes.map((c) => c.toLowerCase()),
        ),
      );
    return new Map(rows.map((r) => [r.code.toLowerCase(), r.id]));
  }
}

/** Statuses of an order being worked on: roasting (1), paused (5), packing (4). */
export const PROCESSING_STATUSES: readonly number[] = [1, 4, 5];
