import {
  createPackingBody,
  createProductBody,
  createRoastingOrderBody,
  saveBeanBody,
  type OrderPriority,
} from '@roastery/contract';
import type { BeanService } from '../beans/bean-service.ts';
import type { PackingService } from '../packing/packing-service.ts';
import type { ProductService } from '../products/product-service.ts';
import type { WorkflowService } from '../workflows/workflow-service.ts';
import { DAY_MS, type OrderService } from './order-service.ts';

export interface DemoOrderServices {
  beans: BeanService;
  products: ProductService;
  workflows: WorkflowService;
  orders: OrderService;
  packing: PackingService;
}

/** Origins a roaster would recognise (design brief, demo plant). */
const demoBeans = [
  'Colombia Supremo',
  'Ethiopia Yirgacheffe',
  'Brazil Santos',
  'Sumatra Mandheling',
  'Colombia Decaf',
];

/** Single origins and blends, with batch sizes that fit Roaster 1 (500 lb batches). */
const demoProducts: {
  name: string;
  description: string;
  batch: number;
  recipe: [string, number][];
}[] = [
  {
    name: 'House Blend',
    description: 'Medium roast, chocolate and nuts',
    batch: 500,
    recipe: [
      ['Brazil Santos', 60],
      ['Colombia Supremo', 40],
    ],
  },
  {
    name: 'Espresso Blend',
    description: 'Dark roast for espresso',
    batch: 450,
    recipe: [
      ['Brazil Santos', 50],
      ['Sumatra Mandheling', 30],
      ['Ethiopia Yirgacheffe', 20],
    ],
  },
  {
    name: 'Ethiopia Yirgacheffe',
    description: 'Light roast single origin',
    batch: 250,
    recipe: [['Ethiopia Yirgacheffe', 100]],
  },
  {
    name: 'Decaf Colombia',
    description: 'Swiss water decaf, medium roast',
    batch: 250,
    recipe: [['Colombia Decaf', 100]],
  },
];

/**
 * Seeds demo orders on a database without any: a pending roasting order of each priority and
 * two packing orders waiting (one counted, one re-entry). None has started, so none needs a row
 * on the ledger; the beans and products they name are created when missing (found by name).
 * Returns false when orders exist already.
 */
export async function seedDemoOrders(s: DemoOrderServices, now = new Date()): Promise<boolean> {
  if (await s.orders.hasOrders()) return false;
  const beanIds = new Map((await s.beans.list()).map((b) => [b.bean_name, b.id]));
  for (const name of demoBeans) {
    if (!beanIds.has(name)) {
      const bean = await s.beans.create(saveBeanBody.parse({ bean: { bean_name: name } }));
      beanIds.set(name, bean.id);
    }
  }
  const productIds = new Map((await s.products.list()).map((p) => [p.product_name, p.product_id]));
  for (const p of demoProducts) {
    if (productIds.has(p.name)) continue;
    const created = await s.products.create(
      createProductBody.parse({
        product: {
          product_name: p.name,
          product_description: p.description,
          batch_weight: p.batch,
        },
        product_recipes: p.recipe.map(([bean, ratio]) => ({ bean_id: beanIds.get(bean), ratio })),
      }),
    );
    productIds.set(p.name, created.product_id);
  }
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
