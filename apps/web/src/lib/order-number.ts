/** The spec shows order numbers zero-padded to 6 digits: 42 -> '000042'. */
export function formatOrderNumber(orderId: number): string {
  return String(orderId).padStart(6, '0');
}
