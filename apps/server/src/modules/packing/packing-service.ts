import {
  OrderStatus,
  RE_ENTRY_LOT,
  orderMessages,
  orderNumber,
  type CreatePackingBody,
  type PackingForm,
  type PackingOrder,
  type PriorityBody,
} from '@roastery/contract';
import { notFound, unprocessable } from '../../lib/http-errors.ts';
import { toCenti } from '../inventory/weights.ts';
import { listFilter, parseWhere } from '../orders/order-filters.ts';
import { presentPacking, productOf } from '../orders/order-presenter.ts';
import {
  FINISHED_STATUSES,
  checkFulfillment,
  columnsOf,
  type OrderListQuery,
  type OrderPage,
  type OrderRow,
  type OrderService,
} from '../orders/order-service.ts';
import type { WorkflowService } from '../workflows/workflow-service.ts';

/** Packing orders waiting (0) or being packed (4): the packing tab. */
export const PACKING_STATUSES: readonly number[] = [
  OrderStatus.NotStarted,
  OrderStatus.PackingProcessing,
];

export interface PackingListReply {
  data: PackingOrder[];
  kanban: { low: PackingOrder[]; medium: PackingOrder[]; high: PackingOrder[] };
  totalPage: number;
}

export interface PackingServiceDeps {
  orders: OrderService;
  workflows: WorkflowService;
  now?: () => Date;
}

/**
 * Packing orders: planned here (list, create, priority, delete, form); started and run by the
 * order runner. Stored with the roasting orders, through the order service.
 */
export class PackingService {
  readonly #d: PackingServiceDeps;
  readonly #now: () => Date;

  constructor(deps: PackingServiceDeps) {
    this.#d = deps;
    this.#now = deps.now ?? (() => new Date());
  }

  /** GET /orders/packing: pending and processing packing orders with their board. */
  async list(): Promise<PackingListReply> {
    return this.#reply(
      await this.#d.orders.page({
        kind: 'packing',
        statuses: PACKING_STATUSES,
        filter: {},
        order: 'board',
        board: 'page',
      }),
    );
  }

  /** GET /orders/packing/finished: packed (and failed) packing orders, latest first, paged. */
  async finished(q: OrderListQuery): Promise<PackingListReply> {
    return this.#reply(
      await this.#d.orders.page({
        kind: 'packing',
        statuses: FINISHED_STATUSES,
        filter: listFilter(parseWhere(q.where), q.query),
        paging: { page: q.page, limit: q.limit },
        order: 'finished',
        board: 'page',
      }),
    );
  }

  async #reply(page: OrderPage): Promise<PackingListReply> {
    const products = await this.#d.orders.productsById();
    const present = (rows: OrderRow[]) =>
      rows.map((r) => presentPacking(r, productOf(products, r)));
    return {
      data: present(page.rows),
      kanban: columnsOf(present(page.board)),
      totalPage: page.totalPage,
    };
  }

  /**
   * POST /orders/packing/create. A quantity of 0 or none packs until the bins are empty
   * (UNLIMITED). WRB ReEntry packs the re-entry bin: lot number RE-ENTRY, quantity and date
   * optional.
   */
  async create(body: CreatePackingBody, who: { id: number } | null): Promise<PackingOrder> {
    const products = await this.#d.orders.productsById();
    if (!products.has(body.product_id)) {
      throw unprocessable(
        `${orderMessages.packingProduct}: product ${body.product_id} does not exist.`,
      );
    }
    if (body.workflow_id !== undefined) {
      const workflow = await this.#d.workflows.workflow(body.workflow_id);
      if (!workflow || workflow.type !== 'packing') {
        throw unprocessable(`Workflow ${body.workflow_id} is not a packing workflow.`);
      }
    }
    const fulfillment =
      body.fulfillment_date === undefined ? null : new Date(body.fulfillment_date);
    if (fulfillment) checkFulfillment(fulfillment, this.#now());
    const qtyCenti = body.order_qty === undefined ? 0 : toCenti(body.order_qty);
    const id = await this.#d.orders.insertOrder(
      {
        kind: 'packing',
        name: body.order_name,
        customer: body.order_customer,
        productId: body.product_id,
        qtyCenti: qtyCenti > 0 ? qtyCenti : null,
        workflowId: body.workflow_id ?? null,
        priority: body.priority,
        lotNumber: body.reentry ? RE_ENTRY_LOT : null,
        orderDate: this.#now(),
        fulfillmentDate: fulfillment,
        createdBy: who?.id ?? null,
      },
      [],
    );
    return this.get(id);
  }

  async get(id: number): Promise<PackingOrder> {
    const found = await this.#d.orders.withBatches(id);
    if (found?.order.order.kind !== 'packing') {
      throw notFound(`Packing order ${orderNumber(id)} not found.`);
    }
    const products = await this.#d.orders.productsById();
    return presentPacking(found.order, productOf(products, found.order));
  }

  /** DELETE /orders/packing/{id}: refused while it is being packed (status 4) or once it ran. */
  async delete(id: number): Promise<{ message: string }> {
    await this.#d.orders.deleteOrder(id, 'packing');
    return { message: orderMessages.deleted };
  }

  /** POST /orders/packing/priority: the packing board, saved like the roasting one. */
  savePriority(body: PriorityBody): Promise<{ message: string }> {
    return this.#d.orders.savePriority('packing', body);
  }

  /**
   * GET /orders/packing/form: every product, those with roasted beans waiting to be packed
   * (Finished roasting orders) first; the packing workflows as rules.
   */
  async form(): Promise<PackingForm> {
    const [products, waiting, rules] = await Promise.all([
      this.#d.orders.productsById(),
      this.#d.orders.productsRoastedNotPacked(),
      this.#d.workflows.list('packing'),
    ]);
    const all = [...products.values()];
    return {
      products: [
        ...all.filter((p) => waiting.has(p.product_id)),
        ...all.filter((p) => !waiting.has(p.product_id)),
      ],
      rules: rules.map((w) => ({ workflow_id: w.id, name: w.name })),
    };
  }
}
