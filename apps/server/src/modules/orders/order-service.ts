import {
  OrderStatus,
  SettingRef,
  orderMessages,
  orderNumber,
  orderQuantityFields,
  type CreateRoastingOrderBody,
  type OrderForm,
  type OrderListReply,
  type OrderQuantityField,
  type PriorityBody,
  type RoastingOrder,
  type orderListQuery,
  type roastingPeriodQuery,
  type FillSiloForm,
} from '@roastery/contract';
import type { z } from 'zod';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/http-errors.ts';
import type { PlantCatalog } from '../../plant/catalog/plant-catalog.ts';
import { SharedReads } from '../../lib/shared-read.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { PlantEvent } from '../../plant/hub/plant-events.ts';
import type { Principal } from '../auth/auth-service.ts';
import type { ProductService } from '../products/product-service.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import type { WorkflowService } from '../workflows/workflow-service.ts';
import { planOrder } from './batch-plan.ts';
import { listFilter, parseWhere, type ListFilter } from './order-filters.ts';
import {
  orderProductOf,
  presentRoasting,
  productOf,
  type OrderProduct,
} from './order-presenter.ts';
import {
  type BatchRow,
  type BatchStatus,
  type ListOrder,
  type OrderFilter,
  type OrderKind,
  type OrderRepository,
  type OrderRow,
} from './order-repository.ts';
import { destinationBins, findChoice, roasterOf, roasters } from './plant-choices.ts';

export type { BatchRow, BatchStatus, OrderKind, OrderRow } from './order-repository.ts';

/** What may change on a batch: everything but its order and number. */
export type BatchPatch = Parameters<OrderRepository['updateBatch']>[2];
export { PROCESSING_STATUSES } from './order-repository.ts';

export type OrderListQuery = z.infer<typeof orderListQuery>;
export type RoastingPeriodQuery = z.infer<typeof roastingPeriodQuery>;

/** Roasting orders not started yet: the pending tab. */
export const PENDING_STATUSES: readonly number[] = [OrderStatus.NotStarted];
/** Roasting orders under way (paused ones included): the roasting tab and the active list. */
export const ROASTING_STATUSES: readonly number[] = [OrderStatus.Processing, OrderStatus.Paused];
/** Roasting orders that are done, well or not: the roasting completed tab. */
export const FINISHED_STATUSES: readonly number[] = [
  OrderStatus.Finished,
  OrderStatus.Packed,
  OrderStatus.NotProcessed,
];

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Refuses a fulfillment date in the past, with a day of grace: the forms send the start of the
 * chosen day in the plant's time zone.
 */
export function checkFulfillment(date: Date, now: Date): void {
  if (date.getTime() < now.getTime() - DAY_MS) {
    throw unprocessable('The fulfillment date cannot be in the past.');
  }
}

export interface OrderServiceDeps {
  repo: OrderRepository;
  products: ProductService;
  workflows: WorkflowService;
  settings: SettingsService;
  hub: EventHub;
  /** The plant's catalog, also when the PLC runtime is not running. */
  catalog: () => Promise<PlantCatalog>;
  now?: () => Date;
}

/** A page of a list, its board (kanban) and its page count, as rows. */
export interface OrderPage {
  rows: OrderRow[];
  board: OrderRow[];
  totalPage: number;
}

/** One page of a kind's orders in some statuses; the board holds every match, or the page. */
export interface PageRequest {
  kind: OrderKind;
  statuses: readonly number[];
  filter: ListFilter;
  /** Page and page size; omitted for a list shown whole (one page). */
  paging?: { page: number; limit: number };
  order: ListOrder;
  board: 'all' | 'page';
}

/**
 * A pending list answers again for this long unless an order, a product, a workflow or a device
 * changed (those announce themselves on the hub): the bound on how late a change that announces
 * nothing is seen.
 */
const PENDING_MAX_AGE_MS = 1_000;

/** The events that may change what a pending list shows: its orders and what they name. */
function changesOrderLists(event: PlantEvent): boolean {
  return (
    event.type === 'order' ||
    event.type === 'config' ||
    event.type === 'device-removed' ||
    event.type === 'cache-changed'
  );
}

/** The kanban columns of a board, each top to bottom. */
export function columnsOf<T extends { priority: 'low' | 'medium' | 'high' }>(items: T[]) {
  return {
    low: items.filter((o) => o.priority === 'low'),
    medium: items.filter((o) => o.priority === 'medium'),
    high: items.filter((o) => o.priority === 'high'),
  };
}

/**
 * Roasting orders: the lists of the order tabs, the order form, create/update with the batch
 * plan, delete, pause and priority. Also the store of every order (roasting and packing) that
 * the packing area and the order runner reach through its documented methods.
 */
export class OrderService {
  readonly #d: OrderServiceDeps;
  readonly #now: () => Date;
  /**
   * The pending list's board holds every pending order, so each reply reads them all: screens
   * polling the same page share one read until an order changes (see SharedRead).
   */
  readonly #pending = new SharedReads((q: OrderListQuery) => this.#readPending(q), {
    keyOf: (q) => JSON.stringify([q.page, q.limit, q.where ?? null, q.query ?? null]),
    maxKeys: 64,
    maxAgeMs: PENDING_MAX_AGE_MS,
  });

  constructor(deps: OrderServiceDeps) {
    this.#d = deps;
    this.#now = deps.now ?? (() => new Date());
    deps.hub.subscribeAll((event) => {
      if (changesOrderLists(event)) this.#pending.invalidate();
    });
  }

  // ---- The lists of the roasting tabs -------------------------------------------------------

  /** GET /orders: pending orders, paged, filtered by the where allow-list and the search box. */
  pending(q: OrderListQuery): Promise<OrderListReply> {
    return this.#pending.get(q);
  }

  #readPending(q: OrderListQuery): Promise<OrderListReply> {
    const filter = listFilter(parseWhere(q.where), q.query);
    return this.#listReply({
      kind: 'roasting',
      statuses: PENDING_STATUSES,
      filter,
      paging: { page: q.page, limit: q.limit },
      order: 'newest',
      board: 'all',
    });
  }

  /** GET /orders/roasting: orders under way, by order date in a period (days back) or a range. */
  roasting(q: RoastingPeriodQuery): Promise<OrderListReply> {
    const from = q.from === undefined ? undefined : new Date(q.from);
    const to = q.to === undefined ? undefined : new Date(q.to);
    if (from && to && from >= to) throw badRequest('The period must start before it ends.');
    const days = Number(q.query ?? '0');
    const gte = from ?? (days > 0 ? new Date(this.#now().getTime() - days * DAY_MS) : undefined);
    const orderDate = { ...(gte ? { gte } : {}), ...(to ? { lt: to } : {}) };
    return this.#listReply({
      kind: 'roasting',
      statuses: ROASTING_STATUSES,
      filter: Object.keys(orderDate).length ? { orderDate } : {},
      order: 'board',
      board: 'page',
    });
  }

  /** GET /orders/finished: Finished, Packed and Not Processed orders, latest first. */
  finished(q: OrderListQuery): Promise<OrderListReply> {
    return this.#listReply({
      kind: 'roasting',
      statuses: FINISHED_STATUSES,
      filter: listFilter(parseWhere(q.where), q.query),
      paging: { page: q.page, limit: q.limit },
      order: 'finished',
      board: 'page',
    });
  }

  /** GET /orders/active: orders being roasted now (paused ones too), in scheduling order. */
  async active(): Promise<RoastingOrder[]> {
    const rows = await this.#d.repo.list(
      { kind: 'roasting', statuses: ROASTING_STATUSES },
      { order: 'schedule' },
    );
    return this.presentRoasting(rows);
  }

  async #listReply(req: PageRequest): Promise<OrderListReply> {
    const page = await this.page(req);
    const products = await this.productsById();
    const present = (rows: OrderRow[]) =>
      rows.map((r) => presentRoasting(r, productOf(products, r)));
    return {
      data: present(page.rows),
      kanban: columnsOf(present(page.board)),
      totalPage: page.totalPage,
    };
  }

  /**
   * One page of orders with its board. Used by the roasting and packing lists alike: the board
   * is every matching order in kanban order, or the page itself where no board is shown.
   */
  async page(req: PageRequest): Promise<OrderPage> {
    if (req.filter.none) return { rows: [], board: [], totalPage: 0 };
    const { none: _none, ...rest } = req.filter;
    const filter: OrderFilter = { kind: req.kind, statuses: req.statuses, ...rest };
    const [rows, total, board] = await Promise.all([
      this.#d.repo.list(filter, {
        order: req.order,
        ...(req.paging && {
          offset: (req.paging.page - 1) * req.paging.limit,
          limit: req.paging.limit,
        }),
      }),
      this.#d.repo.count(filter),
      req.board === 'all' ? this.#d.repo.list(filter, { order: 'board' }) : undefined,
    ]);
    const totalPage = req.paging ? Math.ceil(total / req.paging.limit) : Math.min(total, 1);
    return { rows, board: board ?? rows, totalPage };
  }

  /** Every product in the order screens' shape, by id. */
  async productsById(): Promise<Map<number, OrderProduct>> {
    return new Map(
      (await this.#d.products.list()).map((p) => [p.product_id, orderProductOf(p)] as const),
    );
  }

  // ---- The order form ------------------------------------------------------------------------

  /** GET /orders/form: products, roasting rules with their roasters, destinations, settings. */
  async form(): Promise<OrderForm> {
    const catalog = await this.#d.catalog();
    const [products, rules, settings] = await Promise.all([
      this.productsById(),
      this.#roastingRules(catalog),
      this.#formSettings(),
    ]);
    return {
      products: [...products.values()],
      rules,
      roasted_rules: destinationBins(catalog),
      settings: {
        quantity_field: settings.quantityField,
        destination_required: settings.destinationRequired,
      },
    };
  }

  /** GET /orders/form/fill: the Fill WRB Silo form's Bean (product), Silo and Roaster choices. */
  async fillForm(): Promise<FillSiloForm> {
    const catalog = await this.#d.catalog();
    const products = await this.#d.products.list();
    return {
      products: products.map((p) => ({ product_id: p.product_id, product_name: p.product_name })),
      silos: destinationBins(catalog),
      roasters: roasters(catalog),
    };
  }

  async #roastingRules(catalog: PlantCatalog): Promise<OrderForm['rules']> {
    const rules: OrderForm['rules'] = [];
    for (const entry of await this.#d.workflows.list('roasting')) {
      const workflow = await this.#d.workflows.workflow(entry.id);
      const roaster = workflow && roasterOf(catalog, workflow.steps);
      rules.push({
        rule_id: entry.id,
        name: entry.name,
        roast_device: roaster?.device_id ?? null,
        roast_device_name: roaster?.device_name ?? null,
        batch_lbs: roaster?.batch_lbs ?? null,
      });
    }
    return rules;
  }

  async #formSettings(): Promise<{
    quantityField: OrderQuantityField;
    destinationRequired: boolean;
  }> {
    const [destination, quantity] = await Promise.all([
      this.#d.settings.value(SettingRef.OrderFormDestination),
      this.#d.settings.value(SettingRef.OrderFormQuantity),
    ]);
    const quantityField = orderQuantityFields.find((f) => f === quantity) ?? 'order_qty';
    return { quantityField, destinationRequired: destination === 'yes' };
  }

  // ---- Create, update, delete, pause, priority -----------------------------------------------

  /** POST /orders: a new roasting order, split into its pending batches. */
  async create(
    body: CreateRoastingOrderBody,
    who: Pick<Principal, 'id'> | null,
  ): Promise<RoastingOrder> {
    const { fields, plannedCenti } = await this.#validated(body, undefined);
    const id = await this.#d.repo.insert(
      { ...fields, kind: 'roasting', orderDate: this.#now(), createdBy: who?.id ?? null },
      plannedCenti,
    );
    this.#changed(id, 'saved');
    return this.getRoasting(id);
  }

  /** PUT /orders/{id}: only while no batch has started (order_qty equals split_qty). */
  async update(id: number, body: CreateRoastingOrderBody): Promise<RoastingOrder> {
    const current = await this.#d.repo.find(id, 'roasting');
    if (!current) throw notFound(`Order ${orderNumber(id)} not found.`);
    const { fields, plannedCenti } = await this.#validated(body, current);
    const refusal = await this.#d.repo.replacePlan(id, fields, plannedCenti);
    if (refusal === 'missing') throw notFound(`Order ${orderNumber(id)} not found.`);
    if (refusal) {
      throw conflict(
        `Order ${orderNumber(id)} can no longer be edited: its roasting has started (an order can be edited only until its first batch starts).`,
      );
    }
    this.#changed(id, 'saved');
    return this.getRoasting(id);
  }

  async #validated(body: CreateRoastingOrderBody, current: OrderRow | undefined) {
    const products = await this.productsById();
    const product = products.get(body.order_product);
    if (!product) {
      throw unprocessable(
        `${orderMessages.product}: product ${body.order_product} does not exist.`,
      );
    }
    const catalog = await this.#d.catalog();
    const workflow = await this.#d.workflows.workflow(body.rule_id);
    if (!workflow || workflow.type !== 'roasting') {
      throw unprocessable(
        `${orderMessages.roaster}: workflow ${body.rule_id} is not a roasting workflow.`,
      );
    }
    const roaster = roasterOf(catalog, workflow.steps);
    if (!roaster) {
      throw unprocessable(
        `${orderMessages.roaster}: the roasting workflow '${workflow.name}' drives no roaster.`,
      );
    }
    const settings = await this.#formSettings();
    const destinationCode = body.roasted_rule_id ?? undefined;
    let destination: string | undefined;
    if (destinationCode !== undefined) {
      const bin = findChoice(destinationBins(catalog), destinationCode);
      if (!bin) {
        throw unprocessable(
          `${orderMessages.destination}: ${destinationCode} is not a roasted-bean bin.`,
        );
      }
      destination = bin.device_id;
    } else if (settings.destinationRequired) {
      throw badRequest(orderMessages.destination);
    }
    const fulfillment = new Date(body.fulfillment_date);
    const unchanged = current?.order.fulfillmentDate?.getTime() === fulfillment.getTime();
    if (!unchanged) checkFulfillment(fulfillment, this.#now());
    const plan = planOrder({ quantityField: settings.quantityField, ...body }, product);
    const refs = await this.#d.repo.deviceRefs(
      [roaster.device_id, destination].filter((c): c is string => c !== undefined),
    );
    return {
      plannedCenti: plan.plannedCenti,
      fields: {
        name: body.order_name,
        customer: body.order_customer,
        productId: product.product_id,
        qtyCenti: plan.qtyCenti,
        batchCenti: plan.batchCenti,
        overrideBatch: body.override_batch,
        workflowId: workflow.id,
        roasterDevice: refs.get(roaster.device_id.toLowerCase()) ?? null,
        destinationDevice:
          destination === undefined ? null : (refs.get(destination.toLowerCase()) ?? null),
        priority: body.priority,
        fulfillmentDate: fulfillment,
      },
    };
  }

  /** DELETE /order/{id}: a roasting order none of whose batches has started. */
  async deleteRoasting(id: number): Promise<{ message: string }> {
    await this.deleteOrder(id, 'roasting');
    return { message: orderMessages.deleted };
  }

  /**
   * Deletes an order of a kind while nothing of it has run: an order being processed, or one
   * with a batch or packing run that has started (its weights are on the ledger), stays.
   */
  async deleteOrder(id: number, kind: OrderKind): Promise<void> {
    const refusal = await this.#d.repo.delete(id, kind);
    if (refusal === 'missing') throw notFound(`Order ${orderNumber(id)} not found.`);
    if (refusal === 'processing') {
      throw conflict(`Order ${orderNumber(id)} is being processed and cannot be deleted.`);
    }
    if (refusal === 'started') {
      throw conflict(
        `Order ${orderNumber(id)} cannot be deleted: its batches have run and are on the ledger.`,
      );
    }
    this.#changed(id, 'deleted');
  }

  /**
   * POST /orders/toogle/{id}: Stop pauses an order under way (ord_tig 1, status 5: its current
   * batch finishes, the next one is held); Cancel resumes it (status 1).
   */
  async toggle(id: number): Promise<RoastingOrder> {
    const current = await this.#d.repo.find(id, 'roasting');
    if (!current) throw notFound(`Order ${orderNumber(id)} not found.`);
    const paused = await this.#d.repo.togglePause(id);
    if (paused === undefined) {
      throw conflict(
        `Order ${orderNumber(id)} is not being roasted: only an order under way can be stopped or resumed.`,
      );
    }
    this.#changed(id, 'status');
    return this.getRoasting(id);
  }

  /**
   * Saves a kanban: the three columns' ids, top to bottom, of one kind of order, in one
   * transaction. Unknown ids (or another kind's) are 404 and finished orders 409; nothing is
   * saved then.
   */
  async savePriority(kind: OrderKind, body: PriorityBody): Promise<{ message: string }> {
    const ids = [...body.low, ...body.medium, ...body.high];
    const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
    if (twice.length) {
      throw badRequest(
        `Each order may appear once on the board: ${[...new Set(twice)].map(orderNumber).join(', ')} appear more than once.`,
      );
    }
    const states = new Map((await this.#d.repo.states(ids)).map((s) => [s.id, s]));
    const unknown = ids.filter((id) => states.get(id)?.kind !== kind);
    if (unknown.length) {
      throw notFound(`Unknown ${kind} order(s): ${unknown.map(orderNumber).join(', ')}.`);
    }
    const done = ids.filter((id) => {
      const status = states.get(id)?.status;
      return status !== undefined && FINISHED_STATUSES.includes(status);
    });
    if (done.length) {
      throw conflict(`Finished orders keep their priority: ${done.map(orderNumber).join(', ')}.`);
    }
    await this.#d.repo.savePriorities({ low: body.low, medium: body.medium, high: body.high });
    for (const id of ids) this.#changed(id, 'saved');
    return { message: 'Priorities saved' };
  }

  // ---- For the order runner, the scheduler and the dashboard ---------------------------------

  /** A roasting order as the screens show it; 404 when there is none. */
  async getRoasting(id: number): Promise<RoastingOrder> {
    const row = await this.#d.repo.find(id, 'roasting');
    if (!row) throw notFound(`Order ${orderNumber(id)} not found.`);
    const [order] = await this.presentRoasting([row]);
    if (!order) throw notFound(`Order ${orderNumber(id)} not found.`);
    return order;
  }

  /** Rows of roasting orders in the screens' shape. */
  async presentRoasting(rows: OrderRow[]): Promise<RoastingOrder[]> {
    const products = await this.productsById();
    return rows.map((r) => presentRoasting(r, productOf(products, r)));
  }

  /**
   * An order (either kind) with its batches in sequence, or undefined. The row carries the raw
   * values: centi-lbs, device refs and codes, the workflow (rule) and ord_tig as `paused`.
   */
  async withBatches(id: number): Promise<{ order: OrderRow; batches: BatchRow[] } | undefined> {
    const order = await this.#d.repo.find(id);
    if (!order) return undefined;
    return { order, batches: await this.#d.repo.batches(id) };
  }

  /**
   * Pending roasting orders in the order the scheduler takes them: priority (high first), the
   * rank on the board, fulfillment date (earliest first, undated last), order date, id.
   */
  pendingByPriority(): Promise<OrderRow[]> {
    return this.#d.repo.list(
      { kind: 'roasting', statuses: PENDING_STATUSES },
      { order: 'schedule' },
    );
  }

  /**
   * Moves an order to `status` only while it is in one of `from` (a compare-and-set, so two
   * callers cannot both start or finish it); publishes the change. False when it was not in
   * `from`. Clearing the pause (paused: false) when an order finishes or fails is the caller's.
   */
  async markStatus(
    id: number,
    status: (typeof OrderStatus)[keyof typeof OrderStatus],
    from: readonly number[],
    patch: { failure?: string | null; startedAt?: Date; finishedAt?: Date; paused?: boolean } = {},
  ): Promise<boolean> {
    const changed = await this.#d.repo.markStatus(id, status, from, patch);
    if (changed) this.#changed(id, 'status');
    return changed;
  }

  /**
   * Changes a batch (status, run id, draws, measured weights, lot, error, times) only while it
   * is in one of `from` (compare-and-set); publishes a 'batch' change of its order. False when
   * the batch was not in `from`.
   */
  async updateBatch(
    batch: Pick<BatchRow, 'id' | 'orderId'>,
    from: readonly BatchStatus[],
    patch: BatchPatch,
  ): Promise<boolean> {
    const changed = await this.#d.repo.updateBatch(batch.id, from, patch);
    if (changed) this.#changed(batch.orderId, 'batch');
    return changed;
  }

  /** Appends a batch to an order (a packing run when it starts), numbered after the last. */
  async addBatch(orderId: number, fields: BatchPatch): Promise<BatchRow> {
    const created = await this.#d.repo.addBatch(orderId, fields);
    this.#changed(orderId, 'batch');
    return created;
  }

  /** Tells the hub (and so the live stream) that an order changed. */
  #changed(id: number, change: 'saved' | 'status' | 'batch' | 'deleted'): void {
    this.#d.hub.publish({ type: 'order', id, change });
  }

  /** Creates an order of any kind as given, with its planned batches; used by the packing area. */
  async insertOrder(
    fields: Parameters<OrderRepository['insert']>[0],
    plannedCenti: number[],
  ): Promise<number> {
    const id = await this.#d.repo.insert(fields, plannedCenti);
    this.#changed(id, 'saved');
    return id;
  }

  /** Why a device cannot go: the orders that name it (as roaster or destination). */
  async usesOfDevice(code: string): Promise<string[]> {
    return (await this.#d.repo.idsUsingDevice(code)).map((id) => `order ${orderNumber(id)}`);
  }

  /** Whether any order, of either kind, exists. */
  async hasOrders(): Promise<boolean> {
    const counts = await Promise.all([
      this.#d.repo.count({ kind: 'roasting' }),
      this.#d.repo.count({ kind: 'packing' }),
    ]);
    return counts.some((n) => n > 0);
  }

  /** Products with roasted beans from Finished (not yet packed) roasting orders. */
  productsRoastedNotPacked(): Promise<Set<number>> {
    return this.#d.repo.productsRoastedNotPacked();
  }
}
