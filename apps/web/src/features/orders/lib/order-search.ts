/**
 * The search box's rule: digits (leading zeros stripped) search the order id, anything else the
 * customer. An all-zero entry matches no order id, so it searches nothing.
 */
export function parseOrderSearch(
  text: string,
): { order_id: number } | { order_customer: string } | Record<string, never> {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  if (/^\d+$/.test(trimmed)) {
    const id = Number(trimmed.replace(/^0+/, ''));
    return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? { order_id: id } : {};
  }
  return { order_customer: trimmed };
}
