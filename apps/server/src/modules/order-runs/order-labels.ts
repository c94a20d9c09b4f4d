/** The order number as the screens show it: zero-padded to six digits. */
export function orderNumber(id: number): string {
  return String(id).padStart(6, '0');
}

/** A roasting batch's roasted lot: the order number and the batch's place in it. */
export function roastedLotNumber(orderId: number, seq: number): string {
  return `RST-${orderNumber(orderId)}-${seq}`;
}
