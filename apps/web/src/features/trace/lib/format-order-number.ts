/** Order numbers are shown zero-padded to six digits, as everywhere in the console. */
export function formatOrderNumber(orderId: number): string {
  return String(orderId).padStart(6, '0');
}
