import { orderNumber, type CreateRoastingOrderBody, type RoastingOrder } from '@roastery/contract';
import { conflict, notFound } from '../../lib/http-errors.ts';
import type { Principal } from '../auth/auth-service.ts';
import { announceOrder, type OrderContext } from './order-context.ts';
import { getRoasting } from './order-reads.ts';
import { validatedOrder } from './order-validation.ts';

/** A new roasting order, split into its pending batches. */
export async function createRoastingOrder(
  ctx: OrderContext,
  body: CreateRoastingOrderBody,
  who: Pick<Principal, 'id'> | null,
): Promise<RoastingOrder> {
  const { fields, plannedCenti } = await validatedOrder(ctx, body, undefined);
  const id = await ctx.repo.insert(
    { ...fields, kind: 'roasting', orderDate: ctx.now(), createdBy: who?.id ?? null },
    plannedCenti,
  );
  announceOrder(ctx, id, 'saved');
  return getRoasting(ctx, id);
}

/** Edits a roasting order only while no batch has started (order_qty equals split_qty). */
export async function updateRoastingOrder(
  ctx: OrderContext,
  id: number,
  body: CreateRoastingOrderBody,
): Promise<RoastingOrder> {
  const current = await ctx.repo.find(id, 'roasting');
  if (!current) throw notFound(`Order ${orderNumber(id)} not found.`);
  const { fields, plannedCenti } = await validatedOrder(ctx, body, current);
  const refusal = await ctx.repo.replacePlan(id, fields, plannedCenti);
  if (refusal === 'missing') throw notFound(`Order ${orderNumber(id)} not found.`);
  if (refusal) {
    throw conflict(
      `Order ${orderNumber(id)} can no longer be edited: its roasting has started (an order can be edited only until its first batch starts).`,
    );
  }
  announceOrder(ctx, id, 'saved');
  return getRoasting(ctx, id);
}
