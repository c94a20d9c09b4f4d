import type { PackingOrder, Product, RoastingOrder } from '@roastery/contract';
import { conflict } from '../../lib/http-errors.ts';
import { fromCenti } from '../inventory/weights.ts';
import type { OrderRow } from './order-repository.ts';

export type OrderProduct = RoastingOrder['product'];

/** A product as the order screens show it: recipe lines with bean names, batch bounds. */
export function orderProductOf(p: Product): OrderProduct {
  return {
    product_id: p.product_id,
    product_name: p.product_name,
    product_description: p.product_description,
    product_recipes: p.product_recipes.map((r) => ({
      bean_id: r.bean_id,
      bean_name: r.bean.bean_name,
      ratio: r.ratio,
    })),
    batch_weight: p.batch_weight,
    min_batch_weight: p.min_batch_weight,
    max_batch_weight: p.max_batch_weight,
  };
}

/** The product of an order row, from the products of the same request. */
export function productOf(products: Map<number, OrderProduct>, r: OrderRow): OrderProduct {
  const product = products.get(r.order.productId);
  // The order's product is joined in the same list: a miss is a product removed just now.
  if (!product) throw conflict(`The product of order ${r.order.id} was removed; try again.`);
  return product;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function presentRoasting(r: OrderRow, product: OrderProduct): RoastingOrder {
  const o = r.order;
  const qty = o.qtyCenti ?? 0;
  return {
    order_id: o.id,
    order_name: o.name,
    order_customer: o.customer,
    order_product: o.productId,
    product_name: r.productName,
    product,
    order_qty: fromCenti(qty),
    split_qty: fromCenti(r.pendingCenti),
    split_amt: fromCenti(o.batchCenti ?? qty),
    total_split: r.totalBatches,
    reaming_batch: r.pendingBatches,
    batch: r.runningBatch,
    override_batch: o.overrideBatch,
    rule_id: o.workflowId,
    rule_name: r.workflowName,
    roast_device: r.roasterCode,
    roast_device_name: r.roasterName,
    destination_device: r.destinationCode,
    destination_device_name: r.destinationName,
    priority: o.priority,
    order_status: o.status,
    status: o.status,
    ord_tig: o.paused ? 1 : 0,
    failure: o.failure,
    order_date: o.orderDate.toISOString(),
    fulfillment_date: iso(o.fulfillmentDate),
    started_at: iso(o.startedAt),
    finished_at: iso(o.finishedAt),
  };
}

/** Unlimited packing orders (no quantity) read -1, as the spec shows them. */
export function presentPacking(r: OrderRow, product: OrderProduct): PackingOrder {
  const o = r.order;
  return {
    order_id: o.id,
    order_name: o.name,
    order_customer: o.customer,
    order_qty: o.qtyCenti === null ? -1 : fromCenti(o.qtyCenti),
    split_qty: o.qtyCenti === null ? -1 : fromCenti(Math.max(0, o.qtyCenti - r.doneCenti)),
    packed_qty: fromCenti(r.doneCenti),
    fulfillment_date: iso(o.fulfillmentDate),
    order_date: o.orderDate.toISOString(),
    order_status: o.status,
    status: o.status,
    priority: o.priority,
    lot_number: o.lotNumber,
    workflow_id: o.workflowId,
    source_device: r.destinationCode,
    product,
  };
}
