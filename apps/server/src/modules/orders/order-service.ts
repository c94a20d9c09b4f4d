import {
  orderMessages,
  type CreateRoastingOrderBody,
  type FillSiloForm,
  type OrderForm,
  type OrderListReply,
  type OrderStatus,
  type PriorityBody,
  type RoastingOrder,
} from '@roastery/contract';
import { SharedReads } from '../../lib/shared-read.ts';
import type { Principal } from '../auth/auth-service.ts';
import { deleteOrder } from './delete-order.ts';
import { createRoastingOrder, updateRoastingOrder } from './edit-roasting-order.ts';
import type { OrderContext, OrderServiceDeps } from './order-context.ts';
import { fillSiloForm, orderForm } from './order-form.ts';
import { orderPage, type OrderPage, type PageRequest } from './order-pages.ts';
import type { OrderProduct } from './order-presenter.ts';
import { savePriorities } from './order-priorities.ts';
import {
  getRoasting,
  hasOrders,
  ordersUsingDevice,
  presentRoastingRows,
  productsById,
  withBatches,
} from './order-reads.ts';
import type {
  BatchRow,
  BatchStatus,
  OrderKind,
  OrderRepository,
  OrderRow,
} from './order-repository.ts';
import {
  addBatch,
  insertOrder,
  markStatus,
  updateBatch,
  type BatchPatch,
  type StatusPatch,
} from './order-store.ts';
import { togglePause } from './pause-order.ts';
import {
  PENDING_MAX_AGE_MS,
  activeOrders,
  changesOrderLists,
  finishedList,
  pendingByPriority,
  pendingList,
  roastingList,
  type OrderListQuery,
  type RoastingPeriodQuery,
} from './roasting-lists.ts';

export type { BatchRow, BatchStatus, OrderKind, OrderRow } from './order-repository.ts';
export { PROCESSING_STATUSES } from './order-repository.ts';
export type { BatchPatch } from './order-store.ts';
export type { OrderListQuery, RoastingPeriodQuery } from './roasting-lists.ts';
export { FINISHED_STATUSES, PENDING_STATUSES, ROASTING_STATUSES } from './order-statuses.ts';
export { DAY_MS, checkFulfillment } from './fulfillment-date.ts';
export type { OrderServiceDeps } from './order-context.ts';
export { columnsOf, type OrderPage, type PageRequest } from './order-pages.ts';

/**
 * Roasting orders: the lists of the order tabs, the order form, create/update with the batch
 * plan, delete, pause and priority. Also the store of every order (roasting and packing) that
 * the packing area and the order runner reach through its documented methods. This is the
 * orders' interface to routes and other areas; each use case lives in its own module.
 */
export class OrderService {
  readonly #ctx: OrderContext;
  /**
   * The pending list's board holds every pending order, so each reply reads them all: screens
   * polling the same page share one read until an order changes (see SharedRead).
   */
  readonly #pending = new SharedReads((q: OrderListQuery) => pendingList(this.#ctx, q), {
    keyOf: (q) => JSON.stringify([q.page, q.limit, q.where ?? null, q.query ?? null]),
    maxKeys: 64,
    maxAgeMs: PENDING_MAX_AGE_MS,
  });

  constructor(deps: OrderServiceDeps) {
    this.#ctx = { ...deps, now: deps.now ?? (() => new Date()) };
    deps.hub.subscribeAll((event) => {
      if (changesOrderLists(event)) this.#pending.invalidate();
    });
  }

  // ---- The lists of the roasting tabs -------------------------------------------------------

  /** GET /orders: pending orders, paged, filtered by the where allow-list and the search box. */
  pending(q: OrderListQuery): Promise<OrderListReply> {
    return this.#pending.get(q);
  }

  /** GET /orders/roasting: orders under way, by order date in a period (days back) or a range. */
  roasting(q: RoastingPeriodQuery): Promise<OrderListReply> {
    return roastingList(this.#ctx, q);
  }

  /** GET /orders/finished: Finished, Packed and Not Processed orders, latest first. */
  finished(q: OrderListQuery): Promise<OrderListReply> {
    return finishedList(this.#ctx, q);
  }

  /** GET /orders/active: orders being roasted now (paused ones too), in scheduling order. */
  active(): Promise<RoastingOrder[]> {
    return activeOrders(this.#ctx);
  }

  /**
   * One page of orders with its board. Used by the roasting and packing lists alike: the board
   * is every matching order in kanban order, or the page itself where no board is shown.
   */
  page(req: PageRequest): Promise<OrderPage> {
    return orderPage(this.#ctx, req);
  }

  /** Every product in the order screens' shape, by id. */
  productsById(): Promise<Map<number, OrderProduct>> {
    return productsById(this.#ctx);
  }

  // ---- The order form ------------------------------------------------------------------------

  /** GET /orders/form: products, roasting rules with their roasters, destinations, settings. */
  form(): Promise<OrderForm> {
    return orderForm(this.#ctx);
  }

  /** GET /orders/form/fill: the Fill WRB Silo form's Bean (product), Silo and Roaster choices. */
  fillForm(): Promise<FillSiloForm> {
    return fillSiloForm(this.#ctx);
  }

  // ---- Create, update, delete, pause, priority -----------------------------------------------

  /** POST /orders: a new roasting order, split into its pending batches. */
  create(body: CreateRoastingOrderBody, who: Pick<Principal, 'id'> | null): Promise<RoastingOrder> {
    return createRoastingOrder(this.#ctx, body, who);
  }

  /** PUT /orders/{id}: only while no batch has started (order_qty equals split_qty). */
  update(id: number, body: CreateRoastingOrderBody): Promise<RoastingOrder> {
    return updateRoastingOrder(this.#ctx, id, body);
  }

  /** DELETE /order/{id}: a roasting order none of whose batches has started. */
  async deleteRoasting(id: number): Promise<{ message: string }> {
    await deleteOrder(this.#ctx, id, 'roasting');
    return { message: orderMessages.deleted };
  }

  /**
   * Deletes an order of a kind while nothing of it has run: an order being processed, or one
   * with a batch or packing run that has started (its weights are on the ledger), stays.
   */
  deleteOrder(id: number, kind: OrderKind): Promise<void> {
    return deleteOrder(this.#ctx, id, kind);
  }

  /**
   * POST /orders/toogle/{id}: Stop pauses an order under way (ord_tig 1, status 5: its current
   * batch finishes, the next one is held); Cancel resumes it (status 1).
   */
  toggle(id: number): Promise<RoastingOrder> {
    return togglePause(this.#ctx, id);
  }

  /**
   * Saves a kanban: the three columns' ids, top to bottom, of one kind of order, in one
   * transaction. Unknown ids (or another kind's) are 404 and finished orders 409; nothing is
   * saved then.
   */
  savePriority(kind: OrderKind, body: PriorityBody): Promise<{ message: string }> {
    return savePriorities(this.#ctx, kind, body);
  }

  // ---- For the order runner, the scheduler and the dashboard ---------------------------------

  /** A roasting order as the screens show it; 404 when there is none. */
  getRoasting(id: number): Promise<RoastingOrder> {
    return getRoasting(this.#ctx, id);
  }

  /** Rows of roasting orders in the screens' shape. */
  presentRoasting(rows: OrderRow[]): Promise<RoastingOrder[]> {
    return presentRoastingRows(this.#ctx, rows);
  }

  /**
   * An order (either kind) with its batches in sequence, or undefined. The row carries the raw
   * values: centi-lbs, device refs and codes, the workflow (rule) and ord_tig as `paused`.
   */
  withBatches(id: number): Promise<{ order: OrderRow; batches: BatchRow[] } | undefined> {
    return withBatches(this.#ctx, id);
  }

  /**
   * Pending roasting orders in the order the scheduler takes them: priority (high first), the
   * rank on the board, fulfillment date (earliest first, undated last), order date, id.
   */
  pendingByPriority(): Promise<OrderRow[]> {
    return pendingByPriority(this.#ctx);
  }

  /**
   * Moves an order to `status` only while it is in one of `from` (a compare-and-set, so two
   * callers cannot both start or finish it); publishes the change. False when it was not in
   * `from`. Clearing the pause (paused: false) when an order finishes or fails is the caller's.
   */
  markStatus(
    id: number,
    status: (typeof OrderStatus)[keyof typeof OrderStatus],
    from: readonly number[],
    patch: StatusPatch = {},
  ): Promise<boolean> {
    return markStatus(this.#ctx, id, status, from, patch);
  }

  /**
   * Changes a batch (status, run id, draws, measured weights, lot, error, times) only while it
   * is in one of `from` (compare-and-set); publishes a 'batch' change of its order. False when
   * the batch was not in `from`.
   */
  updateBatch(
    batch: Pick<BatchRow, 'id' | 'orderId'>,
    from: readonly BatchStatus[],
    patch: BatchPatch,
  ): Promise<boolean> {
    return updateBatch(this.#ctx, batch, from, patch);
  }

  /** Appends a batch to an order (a packing run when it starts), numbered after the last. */
  addBatch(orderId: number, fields: BatchPatch): Promise<BatchRow> {
    return addBatch(this.#ctx, orderId, fields);
  }

  /** Creates an order of any kind as given, with its planned batches; used by the packing area. */
  insertOrder(
    fields: Parameters<OrderRepository['insert']>[0],
    plannedCenti: number[],
  ): Promise<number> {
    return insertOrder(this.#ctx, fields, plannedCenti);
  }

  /** Why a device cannot go: the orders that name it (as roaster or destination). */
  usesOfDevice(code: string): Promise<string[]> {
    return ordersUsingDevice(this.#ctx, code);
  }

  /** Whether any order, of either kind, exists. */
  hasOrders(): Promise<boolean> {
    return hasOrders(this.#ctx);
  }

  /** Products with roasted beans from Finished (not yet packed) roasting orders. */
  productsRoastedNotPacked(): Promise<Set<number>> {
    return this.#ctx.repo.productsRoastedNotPacked();
  }
}
