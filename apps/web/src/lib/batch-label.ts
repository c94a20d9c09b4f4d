import type { TraceBatch } from '@roastery/contract';
import { formatOrderNumber } from './order-number.ts';

/** The batch a roaster roasts, e.g. Batch 2 of 2, order 000007. */
export function formatRoastingBatch(seq: number, total: number | null, orderId: number): string {
  const of = total === null ? '' : ` of ${total}`;
  return `Batch ${seq}${of}, order ${formatOrderNumber(orderId)}`;
}

/**
 * A batch by its order, e.g. Batch 1 of order 000006. A batch whose record is gone is named by
 * its order alone, or by the ledger's number when that is gone too.
 */
export function formatTraceBatch(batch: Pick<TraceBatch, 'batch_id' | 'order_id' | 'seq'>): string {
  if (batch.order_id === null) return `Batch record ${batch.batch_id}`;
  const order = formatOrderNumber(batch.order_id);
  return batch.seq === null ? `A batch of order ${order}` : `Batch ${batch.seq} of order ${order}`;
}

/** An order's batches as its cards count them; the batch under way still remains. */
export function formatBatchProgress(order: {
  total_split: number;
  reaming_batch: number;
  batch: number | null;
}): string {
  const remaining = order.reaming_batch + (order.batch === null ? 0 : 1);
  const counted = `${remaining} of ${order.total_split} remaining`;
  return order.batch === null ? counted : `${counted}, batch ${order.batch} roasting`;
}
