/** Bounds of a batch when the product names none (lbs). */
export const DEFAULT_MIN_BATCH = 0;
export const DEFAULT_MAX_BATCH = 5000;

export interface SplitPlan {
  /** Lbs per batch. */
  batchSize: number;
  /** Number of batches. */
  splits: number;
}

/**
 * The spec's split rule: splits = ceil(quantity / batch size), the batch size being the
 * override when given, else the product's batch weight, else 1. Undefined while the quantity
 * is not a positive number.
 */
export function planSplits(
  quantity: number | null | undefined,
  productBatchWeight: number | null | undefined,
  overrideBatchSize?: number | null,
): SplitPlan | undefined {
  if (quantity === null || quantity === undefined || !(quantity > 0)) return undefined;
  const batchSize =
    overrideBatchSize && overrideBatchSize > 0
      ? overrideBatchSize
      : productBatchWeight && productBatchWeight > 0
        ? productBatchWeight
        : 1;
  return { batchSize, splits: Math.ceil(quantity / batchSize) };
}
