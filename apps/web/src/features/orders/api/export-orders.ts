import type { RoastingOrder } from '@roastery/contract';
import { getPendingOrders, type PendingFilter } from './get-pending-orders.ts';

/** The largest page the list call serves. */
const EXPORT_PAGE = 200;

/** Every pending order that matches the filter, page after page, for the CSV export. */
export async function getAllPendingOrders(filter: PendingFilter): Promise<RoastingOrder[]> {
  const orders: RoastingOrder[] = [];
  let totalPage = 1;
  for (let page = 1; page <= totalPage; page += 1) {
    const reply = await getPendingOrders({ page, limit: EXPORT_PAGE }, filter);
    orders.push(...reply.data);
    totalPage = reply.totalPage;
  }
  return orders;
}
