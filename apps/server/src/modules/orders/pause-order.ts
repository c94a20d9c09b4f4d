import { orderNumber, type RoastingOrder } from '@roastery/contract';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { announceOrder, type OrderContext } from './order-context.ts';
import { getRoasting } from './order-reads.ts';

/**
 * Stop pauses an order under way (ord_tig 1, status 5: its current batch finishes, the next one
 * is held); Cancel resumes it (status 1).
 */
export async function togglePause(ctx: OrderContext, id: number): Promise<RoastingOrder> {
  const current = await ctx.repo.find(id, 'roasting');
  if (!current) throw notFound(`Order ${orderNumber(id)} not found.`);
  const paused = await ctx.repo.togglePause(id);
  if (paused === undefined) {
    throw conflict(
      `Order ${orderNumber(id)} is not being roasted: only an order under way can be stopped or resumed.`,
    );
  }
  announceOrder(ctx, id, 'status');
  return getRoasting(ctx, id);
}
