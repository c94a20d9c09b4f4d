import type { BeanService } from '../beans/bean-service.ts';
import type { ProductService } from '../products/product-service.ts';
import type { LedgerService } from './ledger-service.ts';

interface DemoBean {
  name: string;
  /** The plant's recipe number of the bean. */
  code: number;
  /** Short name in opening lot numbers. */
  lotTag: string;
  description: string;
  /** The silos it may be stored in (the bean's bins). */
  bins: string[];
  segregation?: string;
}

/**
 * The demo's green beans, each with its own silos: one silo per origin, with GS2 shared by the
 * two beans of the house blend so a dump always finds room, and the decaf alone in GS6.
 */
export const demoBeans: DemoBean[] = [
  {
    name: 'Colombia Supremo',
    code: 101,
    lotTag: 'COL',
    description: 'Washed, Huila; sweet, nutty, caramel',
    bins: ['GS1', 'GS2'],
  },
  {
    name: 'Brazil Santos',
    code: 102,
    lotTag: 'BRA',
    description: 'Natural, Cerrado Mineiro; chocolate, low acidity',
    bins: ['GS3', 'GS2'],
  },
  {
    name: 'Ethiopia Yirgacheffe',
    code: 103,
    lotTag: 'ETH',
    description: 'Washed, Gedeo; floral, citrus',
    bins: ['GS4'],
  },
  {
    name: 'Sumatra Mandheling',
    code: 104,
    lotTag: 'SUM',
    description: 'Wet-hulled; earthy, full body',
    bins: ['GS5'],
  },
  {
    name: 'Colombia Decaf',
    code: 105,
    lotTag: 'DEC',
    description: 'Sugarcane process decaf; kept apart from caffeinated beans',
    bins: ['GS6'],
    segregation: 'decaf',
  },
];

interface DemoProduct {
  name: string;
  description: string;
  batchWeight: number;
  /** Bean name and percent; the percents add up to 100. */
  recipe: [string, number][];
}

/**
 * Single origins and blends. The first two blends use only beans of the opening stock, so a
 * new user can plan and start a roasting order at once; the decaf needs a dump first.
 */
export const demoProducts: DemoProduct[] = [
  {
    name: 'House Blend',
    description: 'Colombia and Brazil, medium roast',
    batchWeight: 500,
    recipe: [
      ['Colombia Supremo', 60],
      ['Brazil Santos', 40],
    ],
  },
  {
    name: 'Espresso Blend',
    description: 'Brazil, Sumatra and Ethiopia, dark roast',
    batchWeight: 500,
    recipe: [
      ['Brazil Santos', 50],
      ['Sumatra Mandheling', 30],
      ['Ethiopia Yirgacheffe', 20],
    ],
  },
  {
    name: 'Colombia Supremo',
    description: 'Single origin, medium roast',
    batchWeight: 500,
    recipe: [['Colombia Supremo', 100]],
  },
  {
    name: 'Ethiopia Yirgacheffe',
    description: 'Single origin, light roast',
    batchWeight: 250,
    recipe: [['Ethiopia Yirgacheffe', 100]],
  },
  {
    name: 'Decaf Colombia',
    description: 'Single origin decaf, medium roast',
    batchWeight: 250,
    recipe: [['Colombia Decaf', 100]],
  },
];

/** Demo batches fit both roasters: the 250 lb one and the 500 lb one. */
/** Who the events log says made the demo's beans and products. */
const DEMO_SETUP = 'Demo setup';
const DEMO_MIN_BATCH_LBS = 100;
const DEMO_MAX_BATCH_LBS = 500;

/** What the green silos hold when the demo starts: four of the six, GS2 and GS6 empty. */
export const demoOpeningStock: { silo: string; bean: string; lbs: number }[] = [
  { silo: 'GS1', bean: 'Colombia Supremo', lbs: 6000 },
  { silo: 'GS3', bean: 'Brazil Santos', lbs: 5000 },
  { silo: 'GS4', bean: 'Ethiopia Yirgacheffe', lbs: 3000 },
  { silo: 'GS5', bean: 'Sumatra Mandheling', lbs: 2500 },
];

/** 'OPEN-COL-20261123': the opening lot of a bean, dated the day the console was set up. */
export function openingLotNumber(lotTag: string, day: Date): string {
  return `OPEN-${lotTag}-${day.toISOString().slice(0, 10).replaceAll('-', '')}`;
}

export interface DemoStockDeps {
  beans: BeanService;
  products: ProductService;
  ledger: LedgerService;
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the demo stock names ${what}, which it does not seed`);
  return value;
}

/**
 * Seeds the demo's beans and products and books the opening stock of the green silos on the
 * ledger, each silo's beans a lot of their own with the reason 'opening'. Everything goes
 * through the services, so the silos' lots, the balances and the bean rules are those of any
 * other booking. Runs once, on the database the demo plant was just seeded on.
 */
export async function seedDemoStock(deps: DemoStockDeps, now: Date = new Date()): Promise<void> {
  const beanIds = new Map<string, number>();
  for (const bean of demoBeans) {
    const saved = await deps.beans.create(
      {
        bean: {
          bean_name: bean.name,
          bean_id: bean.code,
          description: bean.description,
          bins: bean.bins,
          segregation: bean.segregation ?? null,
        },
      },
      DEMO_SETUP,
    );
    beanIds.set(bean.name, saved.id);
  }
  for (const product of demoProducts) {
    await deps.products.create(
      {
        product: {
          product_name: product.name,
          product_description: product.description,
          product_lot_number: '-1',
          batch_weight: product.batchWeight,
          min_batch_weight: DEMO_MIN_BATCH_LBS,
          max_batch_weight: DEMO_MAX_BATCH_LBS,
        },
        product_recipes: product.recipe.map(([bean, ratio]) => ({
          bean_id: required(beanIds.get(bean), `bean ${bean}`),
          ratio,
        })),
      },
      DEMO_SETUP,
    );
  }
  const silos = await deps.beans.devicesByCode(demoOpeningStock.map((s) => s.silo));
  for (const stock of demoOpeningStock) {
    const bean = required(
      demoBeans.find((b) => b.name === stock.bean),
      `bean ${stock.bean}`,
    );
    const lotId = await deps.ledger.createLot({
      lotNumber: openingLotNumber(bean.lotTag, now),
      beanId: required(beanIds.get(bean.name), `bean ${bean.name}`),
      kind: 'green',
    });
    await deps.ledger.receive({
      toDevice: required(silos.get(stock.silo.toLowerCase()), `silo ${stock.silo}`),
      lotId,
      lbs: stock.lbs,
      reason: 'opening',
      note: 'Opening stock of the demo plant',
    });
  }
}
