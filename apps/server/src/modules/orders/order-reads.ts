import { orderNumber, type RoastingOrder } from '@roastery/contract';
import { notFound } from '../../lib/http-errors.ts';
import type { OrderContext } from './order-context.ts';
import {
  orderProductOf,
  presentRoasting,
  productOf,
  type OrderProduct,
} from './order-presenter.ts';
import type { BatchRow, OrderRow } from './order-repository.ts';

/** Every product in the order screens' shape, by id. */
export async function productsById(ctx: OrderContext): Promise<Map<number, OrderProduct>> {
  return new Map(
    (await ctx.products.list()).map((p) => [p.product_id, orderProductOf(p)] as const),
  );
}

/** Rows of roasting orders in the screens' shape. */
export async function presentRoastingRows(
  ctx: OrderContext,
  rows: OrderRow[],
): Promise<RoastingOrder[]> {
  const products = await productsById(ctx);
  return rows.map((r) => presentRoasting(r, productOf(products, r)));
}

/** A roasting order as the screens show it; 404 when there is none. */
export async function getRoasting(ctx: OrderContext, id: number): Promise<RoastingOrder> {
  const row = await ctx.repo.find(id, 'roasting');
  if (!row) throw notFound(`Order ${orderNumber(id)} not found.`);
  const [order] = await presentRoastingRows(ctx, [row]);
  if (!order) throw notFound(`Order ${orderNumber(id)} not found.`);
  return order;
}

/** An order (either kind) with its batches in sequence, or undefined. */
export async function withBatches(
  ctx: OrderContext,
  id: number,
): Promise<{ order: OrderRow; batches: BatchRow[] } | undefined> {
  const order = await ctx.repo.find(id);
  if (!order) return undefined;
  return { order, batches: await ctx.repo.batches(id) };
}

/** Why a device cannot go: the orders that name it (as roaster or destination). */
export async function ordersUsingDevice(ctx: OrderContext, code: string): Promise<string[]> {
  return (await ctx.repo.idsUsingDevice(code)).map((id) => `order ${orderNumber(id)}`);
}

/** Whether any order, of either kind, exists. */
export async function hasOrders(ctx: OrderContext): Promise<boolean> {
  const counts = await Promise.all([
    ctx.repo.count({ kind: 'roasting' }),
    ctx.repo.count({ kind: 'packing' }),
  ]);
  return counts.some((n) => n > 0);
}
