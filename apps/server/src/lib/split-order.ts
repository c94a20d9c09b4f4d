/**
 * Splits `qtyCenti` into ceil(qty / batch) batches of `batchCenti`; the last one holds the
 * remainder, so the batches add up to the order exactly.
 */
export function splitOrder(qtyCenti: number, batchCenti: number): number[] {
  const count = Math.ceil(qtyCenti / batchCenti);
  return Array.from({ length: count }, (_, i) =>
    i < count - 1 ? batchCenti : qtyCenti - batchCenti * (count - 1),
  );
}
