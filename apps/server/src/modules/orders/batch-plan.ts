import { MAX_ORDER_BATCHES, orderMessages, type OrderQuantityField } from '@roastery/contract';
import { badRequest, unprocessable } from '../../lib/http-errors.ts';
import { splitOrder } from '../../lib/split-order.ts';
import { formatCenti, toCenti } from '../inventory/weights.ts';

/** The product's batch bounds and default, lbs (the product form's Min, Max, Default Batch Size). */
export interface BatchBounds {
  batch_weight: number | null;
  min_batch_weight: number;
  max_batch_weight: number;
}

/** What the order form sent about quantity and batch size. */
export interface PlanInput {
  quantityField: OrderQuantityField;
  order_qty?: number | undefined;
  total_split?: number | undefined;
  override_batch: boolean;
  new_split_qty?: number | undefined;
}

/** An order's quantity, batch size and batches, in centi-lbs; the batches sum to the quantity. */
export interface BatchPlan {
  qtyCenti: number;
  batchCenti: number;
  plannedCenti: number[];
}

/**
 * The batch size: the override when the form turns it on (bounded by the product's min and
 * max), else the product's default batch size. A product without one is roasted in a single
 * batch (the spec's "then 1" is one batch), never larger than the product's max batch size:
 * a larger order then splits into batches of the max (ADR 0012).
 */
function batchSizeCenti(input: PlanInput, product: BatchBounds, qtyCenti: number | null): number {
  const maxCenti = toCenti(product.max_batch_weight);
  if (input.override_batch) {
    if (input.new_split_qty === undefined) throw badRequest(orderMessages.batchSize);
    const size = toCenti(input.new_split_qty);
    const minCenti = toCenti(product.min_batch_weight);
    if (size < Math.max(minCenti, 1) || size > maxCenti) {
      throw unprocessable(
        `${orderMessages.batchSize} between ${formatCenti(minCenti)} and ${formatCenti(maxCenti)}.`,
      );
    }
    return size;
  }
  if (product.batch_weight !== null && toCenti(product.batch_weight) > 0) {
    return toCenti(product.batch_weight);
  }
  return Math.max(1, Math.min(qtyCenti ?? maxCenti, maxCenti));
}

/** The plan of a roasting order from its form, with the spec's messages for what is missing. */
export function planOrder(input: PlanInput, product: BatchBounds): BatchPlan {
  let qtyCenti: number;
  let batchCenti: number;
  if (input.quantityField === 'total_split') {
    if (input.total_split === undefined) throw badRequest(orderMessages.quantity);
    batchCenti = batchSizeCenti(input, product, null);
    qtyCenti = batchCenti * input.total_split;
  } else {
    if (input.order_qty === undefined) throw badRequest(orderMessages.quantity);
    qtyCenti = toCenti(input.order_qty);
    if (qtyCenti < 1) throw unprocessable('The quantity must be at least 0.01 lbs.');
    batchCenti = batchSizeCenti(input, product, qtyCenti);
  }
  const count = Math.ceil(qtyCenti / batchCenti);
  if (count > MAX_ORDER_BATCHES) {
    throw unprocessable(
      `This order would need ${count} batches of ${formatCenti(batchCenti)}; an order has at most ${MAX_ORDER_BATCHES}. Choose a larger batch size or split the order.`,
    );
  }
  return { qtyCenti, batchCenti, plannedCenti: splitOrder(qtyCenti, batchCenti) };
}
