import { z } from 'zod';
import { batchRoastProfile } from './roast-profiles.ts';

// What an order did: its batches as the PLC weighed them, and a packed order's record.

/** A batch of a roasting order (or a run of a packing order), with what the PLC weighed. */
export const batchOfOrder = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  status: z.enum(['pending', 'running', 'finished', 'failed', 'cancelled']),
  planned: z.number().nullable(),
  green: z.number().nullable(),
  roasted: z.number().nullable(),
  roast_loss: z.number().nullable(),
  lot_number: z.string().nullable(),
  run_id: z.string().nullable(),
  error: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** The roast profile version the batch was started with; null when its product had none. */
  roast_profile: batchRoastProfile.nullable(),
});
export type BatchOfOrder = z.infer<typeof batchOfOrder>;

/** A packed order's record, for the packing report and trace: bins with lots and roast dates. */
export const packingRecord = z.object({
  order_id: z.number().int(),
  /** Who the order was packed for: what a recall reads first. '' when the order names no one. */
  customer: z.string(),
  recipe: z.string(),
  packed_date: z.string(),
  total_weight: z.number(),
  bins: z.array(
    z.object({
      device_id: z.string(),
      bean_name: z.string(),
      amount: z.number(),
      lot_number: z.string(),
      roasted_date: z.string().nullable(),
      green_lots: z.array(z.string()),
    }),
  ),
});
export type PackingRecord = z.infer<typeof packingRecord>;
