import { orderNumber } from '@roastery/contract';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { announceOrder, type OrderContext } from './order-context.ts';
import type { OrderKind } from './order-repository.ts';

/**
 * Deletes an order of a kind while nothing of it has run: an order being processed, or one
 * with a batch or packing run that has started (its weights are on the ledger), stays.
 */
export async function deleteOrder(ctx: OrderContext, id: number, kind: OrderKind): Promise<void> {
  const refusal = await ctx.repo.delete(id, kind);
  if (refusal === 'missing') throw notFound(`Order ${orderNumber(id)} not found.`);
  if (refusal === 'processing') {
    throw conflict(`Order ${orderNumber(id)} is being processed and cannot be deleted.`);
  }
  if (refusal === 'started') {
    throw conflict(
      `Order ${orderNumber(id)} cannot be deleted: its batches have run and are on the ledger.`,
    );
  }
  announceOrder(ctx, id, 'deleted');
}
