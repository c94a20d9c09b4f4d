import type { OrderListReply } from '@roastery/contract';
import type { OrderContext } from './order-context.ts';
import type { ListFilter } from './order-filters.ts';
import { presentRoasting, productOf } from './order-presenter.ts';
import { productsById } from './order-reads.ts';
import type { ListOrder, OrderFilter, OrderKind, OrderRow } from './order-repository.ts';

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

/** The kanban columns of a board, each top to bottom. */
export function columnsOf<T extends { priority: 'low' | 'medium' | 'high' }>(items: T[]) {
  return {
    low: items.filter((o) => o.priority === 'low'),
    medium: items.filter((o) => o.priority === 'medium'),
    high: items.filter((o) => o.priority === 'high'),
  };
}

/**
 * One page of orders with its board. Used by the roasting and packing lists alike: the board
 * is every matching order in kanban order, or the page itself where no board is shown.
 */
export async function orderPage(ctx: OrderContext, req: PageRequest): Promise<OrderPage> {
  if (req.filter.none) return { rows: [], board: [], totalPage: 0 };
  const { none: _none, ...rest } = req.filter;
  const filter: OrderFilter = { kind: req.kind, statuses: req.statuses, ...rest };
  const [rows, total, board] = await Promise.all([
    ctx.repo.list(filter, {
      order: req.order,
      ...(req.paging && {
        offset: (req.paging.page - 1) * req.paging.limit,
        limit: req.paging.limit,
      }),
    }),
    ctx.repo.count(filter),
    req.board === 'all' ? ctx.repo.list(filter, { order: 'board' }) : undefined,
  ]);
  const totalPage = req.paging ? Math.ceil(total / req.paging.limit) : Math.min(total, 1);
  return { rows, board: board ?? rows, totalPage };
}

/** A page of roasting orders with its board, in the screens' shape. */
export async function roastingPage(ctx: OrderContext, req: PageRequest): Promise<OrderListReply> {
  const page = await orderPage(ctx, req);
  const products = await productsById(ctx);
  const present = (rows: OrderRow[]) => rows.map((r) => presentRoasting(r, productOf(products, r)));
  return {
    data: present(page.rows),
    kanban: columnsOf(present(page.board)),
    totalPage: page.totalPage,
  };
}
