import type {
  OrderListReply,
  RoastingOrder,
  orderListQuery,
  roastingPeriodQuery,
} from '@roastery/contract';
import type { z } from 'zod';
import { badRequest } from '../../lib/http-errors.ts';
import type { PlantEvent } from '../../plant/hub/plant-events.ts';
import { DAY_MS } from './fulfillment-date.ts';
import type { OrderContext } from './order-context.ts';
import { listFilter, parseWhere } from './order-filters.ts';
import { roastingPage } from './order-pages.ts';
import { presentRoastingRows } from './order-reads.ts';
import type { OrderRow } from './order-repository.ts';
import { FINISHED_STATUSES, PENDING_STATUSES, ROASTING_STATUSES } from './order-statuses.ts';

export type OrderListQuery = z.infer<typeof orderListQuery>;
export type RoastingPeriodQuery = z.infer<typeof roastingPeriodQuery>;

/**
 * A pending list answers again for this long unless an order, a product, a workflow or a device
 * changed (those announce themselves on the hub): the bound on how late a change that announces
 * nothing is seen.
 */
export const PENDING_MAX_AGE_MS = 1_000;

/** The events that may change what a pending list shows: its orders and what they name. */
export function changesOrderLists(event: PlantEvent): boolean {
  return (
    event.type === 'order' ||
    event.type === 'config' ||
    event.type === 'device-removed' ||
    event.type === 'cache-changed'
  );
}

/** Pending orders, paged, filtered by the where allow-list and the search box. */
export function pendingList(ctx: OrderContext, q: OrderListQuery): Promise<OrderListReply> {
  const filter = listFilter(parseWhere(q.where), q.query);
  return roastingPage(ctx, {
    kind: 'roasting',
    statuses: PENDING_STATUSES,
    filter,
    paging: { page: q.page, limit: q.limit },
    order: 'newest',
    board: 'all',
  });
}

/** Orders under way, by order date in a period (days back) or a range. */
export function roastingList(ctx: OrderContext, q: RoastingPeriodQuery): Promise<OrderListReply> {
  const from = q.from === undefined ? undefined : new Date(q.from);
  const to = q.to === undefined ? undefined : new Date(q.to);
  if (from && to && from >= to) throw badRequest('The period must start before it ends.');
  const days = Number(q.query ?? '0');
  const gte = from ?? (days > 0 ? new Date(ctx.now().getTime() - days * DAY_MS) : undefined);
  const orderDate = { ...(gte ? { gte } : {}), ...(to ? { lt: to } : {}) };
  return roastingPage(ctx, {
    kind: 'roasting',
    statuses: ROASTING_STATUSES,
    filter: Object.keys(orderDate).length ? { orderDate } : {},
    order: 'board',
    board: 'page',
  });
}

/** Finished, Packed and Not Processed orders, latest first. */
export function finishedList(ctx: OrderContext, q: OrderListQuery): Promise<OrderListReply> {
  return roastingPage(ctx, {
    kind: 'roasting',
    statuses: FINISHED_STATUSES,
    filter: listFilter(parseWhere(q.where), q.query),
    paging: { page: q.page, limit: q.limit },
    order: 'finished',
    board: 'page',
  });
}

/** Orders being roasted now (paused ones too), in scheduling order. */
export async function activeOrders(ctx: OrderContext): Promise<RoastingOrder[]> {
  const rows = await ctx.repo.list(
    { kind: 'roasting', statuses: ROASTING_STATUSES },
    { order: 'schedule' },
  );
  return presentRoastingRows(ctx, rows);
}

/**
 * Pending roasting orders in the order the scheduler takes them: priority (high first), the
 * rank on the board, fulfillment date (earliest first, undated last), order date, id.
 */
export function pendingByPriority(ctx: OrderContext): Promise<OrderRow[]> {
  return ctx.repo.list({ kind: 'roasting', statuses: PENDING_STATUSES }, { order: 'schedule' });
}
