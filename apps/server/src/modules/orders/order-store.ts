import type { OrderStatus } from '@roastery/contract';
import { announceOrder, type OrderContext } from './order-context.ts';
import type { BatchRow, BatchStatus, OrderRepository } from './order-repository.ts';

/** What may change on a batch: everything but its order and number. */
export type BatchPatch = Parameters<OrderRepository['updateBatch']>[2];

/** What may change with an order's status: its failure, its times, its pause. */
export interface StatusPatch {
  failure?: string | null;
  startedAt?: Date;
  finishedAt?: Date;
  paused?: boolean;
}

/**
 * Moves an order to `status` only while it is in one of `from` (a compare-and-set, so two
 * callers cannot both start or finish it); publishes the change. False when it was not in
 * `from`.
 */
export async function markStatus(
  ctx: OrderContext,
  id: number,
  status: (typeof OrderStatus)[keyof typeof OrderStatus],
  from: readonly number[],
  patch: StatusPatch,
): Promise<boolean> {
  const changed = await ctx.repo.markStatus(id, status, from, patch);
  if (changed) announceOrder(ctx, id, 'status');
  return changed;
}

/**
 * Changes a batch only while it is in one of `from` (compare-and-set); publishes a 'batch'
 * change of its order. False when the batch was not in `from`.
 */
export async function updateBatch(
  ctx: OrderContext,
  batch: Pick<BatchRow, 'id' | 'orderId'>,
  from: readonly BatchStatus[],
  patch: BatchPatch,
): Promise<boolean> {
  const changed = await ctx.repo.updateBatch(batch.id, from, patch);
  if (changed) announceOrder(ctx, batch.orderId, 'batch');
  return changed;
}

/** Appends a batch to an order (a packing run when it starts), numbered after the last. */
export async function addBatch(
  ctx: OrderContext,
  orderId: number,
  fields: BatchPatch,
): Promise<BatchRow> {
  const created = await ctx.repo.addBatch(orderId, fields);
  announceOrder(ctx, orderId, 'batch');
  return created;
}

/** Creates an order of any kind as given, with its planned batches. */
export async function insertOrder(
  ctx: OrderContext,
  fields: Parameters<OrderRepository['insert']>[0],
  plannedCenti: number[],
): Promise<number> {
  const id = await ctx.repo.insert(fields, plannedCenti);
  announceOrder(ctx, id, 'saved');
  return id;
}
