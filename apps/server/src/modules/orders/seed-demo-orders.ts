import {
  createPackingBody,
  createRoastingOrderBody,
  type CreatePackingBody,
  type OrderPriority,
} from '@roastery/contract';
import type { ProductService } from '../products/product-service.ts';
import type { WorkflowService } from '../workflows/workflow-service.ts';
import { DAY_MS, type OrderService } from './order-service.ts';

export interface DemoOrderServices {
  products: ProductService;
  workflows: WorkflowService;
  orders: OrderService;
  /** The packing area, which builds on the orders: it creates the demo's packing orders. */
  packing: { create(body: CreatePackingBody, who: null): Promise<unknown> };
}

/**
 * Seeds demo orders on a database without any: a pending roasting order of each priority and
 * two packing orders waiting (one counted, one re-entry), of the demo products the demo stock
 * seeded (found by name). None has started, so none needs a row on the ledger. Returns false
 * when orders exist already.
 */
export async function seedDemoOrders(s: DemoOrderServices, now = new Date()): Promise<boolean> {
  if (await s.orders.hasOrders()) return false;
  const productIds = new Map((await s.products.list()).map((p) => [p.product_name, p.product_id]));
  const [rule] = await s.workflows.list('roasting');
  if (!rule) return false;
  const due = (days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();
  const roasting: [string, string, number, OrderPriority, number][] = [
    ['House Blend', 'Blue Door Cafe', 1500, 'high', 1],
    ['Espresso Blend', 'Harbour Espresso Bar', 900, 'medium', 3],
    ['Ethiopia Yirgacheffe', 'Corner Grocer', 500, 'low', 7],
  ];
  for (const [product, customer, qty, priority, days] of roasting) {
    await s.orders.create(
      createRoastingOrderBody.parse({
        order_product: productIds.get(product),
        order_qty: qty,
        rule_id: rule.id,
        roasted_rule_id: 'WRB1',
        order_customer: customer,
        fulfillment_date: due(days),
        priority,
      }),
      null,
    );
  }
  const [packingRule] = await s.workflows.list('packing');
  await s.packing.create(
    createPackingBody.parse({
      product_id: productIds.get('House Blend'),
      order_qty: 1000,
      fulfillment_date: due(2),
      order_customer: 'Blue Door Cafe',
      priority: 'high',
      ...(packingRule ? { workflow_id: packingRule.id } : {}),
    }),
    null,
  );
  await s.packing.create(
    createPackingBody.parse({
      product_id: productIds.get('House Blend'),
      reentry: true,
      order_name: 'Rework from the re-entry bin',
    }),
    null,
  );
  return true;
}
