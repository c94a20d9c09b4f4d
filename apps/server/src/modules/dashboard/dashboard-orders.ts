import type { DeviceSummary, Product, RoastingOrder } from '@roastery/contract';
import { fromCenti } from '../inventory/weights.ts';
import type { ActiveOrderRow } from './dashboard-repository.ts';

/** What an order row names by reference, looked up once per reply. */
export interface OrderLookups {
  productOf(id: number): Product | undefined;
  deviceOf(ref: number | null): DeviceSummary | undefined;
  workflowName(id: number | null): string | null;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** An active roasting order in the shape the order lists and the system-status drawer share. */
export function presentRoastingOrder(row: ActiveOrderRow, lookups: OrderLookups): RoastingOrder {
  const { order } = row;
  const product = lookups.productOf(order.productId);
  const roaster = lookups.deviceOf(order.roasterDevice);
  const destination = lookups.deviceOf(order.destinationDevice);
  return {
    order_id: order.id,
    order_name: order.name,
    order_customer: order.customer,
    order_product: order.productId,
    product_name: product?.product_name ?? '',
    product: {
      product_id: order.productId,
      product_name: product?.product_name ?? '',
      product_description: product?.product_description ?? '',
      product_recipes: (product?.product_recipes ?? []).map((r) => ({
        bean_id: r.bean_id,
        bean_name: r.bean.bean_name,
        ratio: r.ratio,
      })),
      batch_weight: product?.batch_weight ?? null,
      min_batch_weight: product?.min_batch_weight ?? 0,
      max_batch_weight: product?.max_batch_weight ?? 0,
    },
    order_qty: fromCenti(order.qtyCenti ?? 0),
    split_qty: fromCenti(row.pendingCenti),
    split_amt: fromCenti(order.batchCenti ?? 0),
    total_split: row.total,
    reaming_batch: row.pending,
    override_batch: order.overrideBatch,
    rule_id: order.workflowId,
    rule_name: lookups.workflowName(order.workflowId),
    roast_device: roaster?.device_id ?? null,
    roast_device_name: roaster?.device_name ?? null,
    destination_device: destination?.device_id ?? null,
    destination_device_name: destination?.device_name ?? null,
    priority: order.priority,
    order_status: order.status,
    status: order.status,
    ord_tig: order.paused ? 1 : 0,
    failure: order.failure,
    order_date: order.orderDate.toISOString(),
    fulfillment_date: iso(order.fulfillmentDate),
    started_at: iso(order.startedAt),
    finished_at: iso(order.finishedAt),
  };
}
