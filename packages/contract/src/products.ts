import { z } from 'zod';
import { optionalGreenValue } from './green-lot.ts';
import { int32, INT32_MAX, wholeNumber } from './integers.ts';
import { batchRoastProfile } from './roast-profiles.ts';

export const productMessages = {
  name: 'Please enter product name',
  recipes: 'Please add at least one recipe',
  bean: 'Please select bean',
  ratio: 'Please enter bean ratio',
  ratioTotal: 'The bean ratios of a recipe must add up to 100%.',
  beanName: 'Plase enter bean name',
} as const;

export const DEFAULT_MIN_BATCH = 0;
export const DEFAULT_MAX_BATCH = 5000;

const lbsRange = 'Must be between 0 and 1,000,000 lbs.';
const lbs = z.number().finite().min(0, { error: lbsRange }).max(1_000_000, { error: lbsRange });

export const recipeLine = z.strictObject({
  bean_id: int32({ error: productMessages.bean }).positive({ error: productMessages.bean }),
  ratio: z
    .number({ error: productMessages.ratio })
    .min(1, { error: 'A bean ratio must be between 1 and 100.' })
    .max(100, { error: 'A bean ratio must be between 1 and 100.' }),
});

const productFields = z.strictObject({
  product_name: z
    .string({ error: productMessages.name })
    .trim()
    .min(1, { error: productMessages.name })
    .max(120),
  product_description: z.string().trim().max(500).default(''),
  batch_weight: lbs.optional(),
  min_batch_weight: lbs.default(DEFAULT_MIN_BATCH),
  max_batch_weight: lbs.default(DEFAULT_MAX_BATCH),
});

const recipes = z
  .array(recipeLine, { error: productMessages.recipes })
  .min(1, { error: productMessages.recipes })
  .max(10)
  .refine((lines) => new Set(lines.map((l) => l.bean_id)).size === lines.length, {
    error: 'A bean appears twice in the recipe.',
  })
  // Ratios are percentages with at most two decimals; compare in hundredths to avoid float sums.
  .refine((lines) => lines.reduce((sum, l) => sum + Math.round(l.ratio * 100), 0) === 10000, {
    error: productMessages.ratioTotal,
  });

function batchRule(p: z.infer<typeof productFields>): boolean {
  const batch = p.batch_weight ?? p.max_batch_weight;
  return p.min_batch_weight <= batch && batch <= p.max_batch_weight;
}
const batchMessage = {
  error: 'The batch sizes must satisfy Min <= Default Batch Size <= Max.',
  path: ['batch_weight'],
};

/** Spec: create sends { product, product_recipes }; the lot number is fixed at '-1' on create. */
export const createProductBody = z.strictObject({
  product: productFields
    .extend({ product_lot_number: z.literal('-1').default('-1') })
    .refine(batchRule, batchMessage),
  product_recipes: recipes,
});
export type CreateProductBody = z.infer<typeof createProductBody>;

export const updateProductBody = z.strictObject({
  product: productFields.refine(batchRule, batchMessage),
  product_recipes: recipes,
});
export type UpdateProductBody = z.infer<typeof updateProductBody>;

export const product = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  product_description: z.string(),
  product_lot_number: z.string(),
  batch_weight: z.number().nullable(),
  min_batch_weight: z.number(),
  max_batch_weight: z.number(),
  product_recipes: z.array(
    z.object({
      bean_id: z.number().int(),
      ratio: z.number(),
      bean: z.object({ bean_name: z.string() }),
    }),
  ),
});
export type Product = z.infer<typeof product>;

export const bean = z.object({
  id: z.number().int(),
  bean_name: z.string(),
  bean_id: z.number().int().nullable(),
  description: z.string(),
  /** Device codes of the silos this bean may be stored in. */
  bins: z.array(z.string()),
  /** Device names of those silos, for the Bins column. */
  bin_names: z.array(z.string()),
  segregation: z.string().nullable(),
  /** What a lot of this bean typically holds, for lots received without their own figures. */
  typical_moisture_pct: z.number().nullable(),
  typical_density_g_per_l: z.number().nullable(),
});
export type Bean = z.infer<typeof bean>;

const binsField = z
  .union([z.array(z.string().min(1).max(32)), z.string()])
  .default([])
  .transform((v, ctx) => {
    if (Array.isArray(v)) return v;
    // The spec sends bins as comma-separated device ids, '[]' when empty.
    const text = v.trim();
    if (text === '' || text === '[]') return [];
    const parts = text.split(',').map((s) => s.trim());
    if (parts.some((p) => !/^[A-Za-z0-9_-]{1,32}$/.test(p))) {
      ctx.addIssue({ code: 'custom', message: 'bins must be device ids separated by commas' });
      return z.NEVER;
    }
    return parts;
  });

const beanFields = z.strictObject({
  bean_name: z
    .string({ error: productMessages.beanName })
    .trim()
    .min(1, { error: productMessages.beanName })
    .max(120),
  bean_id: wholeNumber(1, INT32_MAX, 'The Bean ID must be a whole number, 1 or more.')
    .nullable()
    .optional(),
  description: z.string().trim().max(500).default(''),
  bins: binsField,
  segregation: z.string().trim().min(1).max(40).nullable().optional(),
  /** Optional; checked as a lot's moisture (6-16 %) and density (550-800 g/L). */
  typical_moisture_pct: optionalGreenValue,
  typical_density_g_per_l: optionalGreenValue,
});

export const saveBeanBody = z.strictObject({ bean: beanFields });
export type SaveBeanBody = z.infer<typeof saveBeanBody>;

/** A silo or bin with what the ledger says it holds, lot by lot, oldest first. */
export const siloContents = z.object({
  device_id: z.string(),
  device_name: z.string(),
  device_type: z.number().int(),
  capacity: z.number().nullable(),
  occupancy: z.number(),
  beans: z.array(z.object({ bean_id: z.number().int(), bean_name: z.string(), lbs: z.number() })),
  lots: z.array(
    z.object({
      lot_number: z.string(),
      bean_id: z.number().int(),
      bean_name: z.string(),
      /** The product a roasting order made this roasted lot of; null for green beans. */
      product_name: z.string().nullable(),
      lbs: z.number(),
    }),
  ),
});
export type SiloContents = z.infer<typeof siloContents>;

export const lotMovement = z.object({
  at: z.string(),
  reason: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  lbs: z.number(),
  lot_number: z.string(),
  order_id: z.number().int().nullable(),
  batch_id: z.number().int().nullable(),
  dump_id: z.number().int().nullable(),
  transfer_id: z.number().int().nullable(),
});

/**
 * A roasting batch as people name it: its place in its order, and the roast profile version it
 * ran. order_id and seq are null when the batch's record is gone (the ledger keeps the id of
 * every batch it booked); roast_profile is null then too, or when its product had no profile.
 */
export const traceBatch = z.object({
  batch_id: z.number().int(),
  order_id: z.number().int().nullable(),
  seq: z.number().int().nullable(),
  roast_profile: batchRoastProfile.nullable(),
});
export type TraceBatch = z.infer<typeof traceBatch>;

/** Forward trace of a green lot: every movement, where it is now, and the orders it went into. */
export const lotTrace = z.object({
  lot_number: z.string(),
  bean_name: z.string(),
  kind: z.enum(['green', 'roasted']),
  movements: z.array(lotMovement),
  held: z.array(z.object({ device_id: z.string(), device_name: z.string(), lbs: z.number() })),
  batches: z.array(traceBatch),
  roasted_lots: z.array(z.string()),
  /** The packing orders its roasted beans were packed for. */
  orders: z.array(z.number().int()),
  /** The roasting orders whose batches roasted it (a green lot) or made it (a roasted lot). */
  roasting_orders: z.array(z.number().int()),
  /** A green lot's moisture (%) and density (g/L) as it was received; null: not known. */
  moisture_pct: z.number().nullable(),
  density_g_per_l: z.number().nullable(),
});
export type LotTrace = z.infer<typeof lotTrace>;

/** Backward trace of an order: the roasted lots packed for it and the green lots in them. */
export const orderTrace = z.object({
  order_id: z.number().int(),
  roasted_lots: z.array(z.object({ lot_number: z.string(), lbs: z.number() })),
  batches: z.array(traceBatch),
  green_lots: z.array(z.object({ lot_number: z.string(), bean_name: z.string(), lbs: z.number() })),
});
export type OrderTrace = z.infer<typeof orderTrace>;

export const lotNumberParams = z.strictObject({ lot: z.string().min(1).max(64) });
