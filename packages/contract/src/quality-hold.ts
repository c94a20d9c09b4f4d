import { z } from 'zod';
import { lotQualityStatus } from './quality.ts';

/**
 * Holding a lot and everything made from it (issue 24, ADR 0047): a green lot holds every roasted
 * lot its batches made that is still in the plant; what already left is the recall list.
 */
export const lotHoldMessages = {
  reason: 'Please give the reason for the hold.',
} as const;

export const lotHoldBody = z.strictObject({
  lot_number: z.string().trim().min(1).max(64),
  // An empty reason is a 422 from the service, so that the person is told what is missing.
  reason: z.string().max(500),
});

export const lotHoldParams = z.strictObject({ lotNumber: z.string().trim().min(1).max(64) });

/** Where a lot's beans are now. */
export const lotHoldPlace = z.object({ device: z.string(), lbs: z.number() });

/** A lot the hold reaches, with its status before and after and what of it is still in the plant. */
export const heldLot = z.object({
  lot_number: z.string(),
  kind: z.enum(['green', 'roasted']),
  lot_id: z.number().int(),
  status_before: lotQualityStatus,
  status: lotQualityStatus,
  lbs_in_plant: z.number(),
  places: z.array(lotHoldPlace),
});

/** Roasted beans of the held lots already packed: for whom, how much, when. */
export const leftThePlant = z.object({
  order_id: z.number().int().nullable(),
  customer: z.string(),
  roasted_lot: z.string(),
  lbs: z.number(),
  packed_at: z.string(),
});

/** A lot's hold as it stands, and what holding it now would reach. */
export const lotHoldPreview = z.object({
  lot_number: z.string(),
  kind: z.enum(['green', 'roasted']),
  status: lotQualityStatus,
  reason: z.string(),
  /** The lots a hold would put on hold now (the lot itself first); rejected ones stay rejected. */
  would_hold: z.array(z.string()),
  /** Packed orders of its roasted lots: already out of the plant. */
  left_orders: z.number().int(),
});

export const lotHoldResult = z.object({
  lot_number: z.string(),
  kind: z.enum(['green', 'roasted']),
  reason: z.string(),
  held: z.array(heldLot),
  /** Lots that stay as they were: rejected, or a roasted lot with nothing left in the plant. */
  unchanged: z.array(heldLot),
  left: z.array(leftThePlant),
});

export type LotHoldBody = z.infer<typeof lotHoldBody>;
export type HeldLot = z.infer<typeof heldLot>;
export type LeftThePlant = z.infer<typeof leftThePlant>;
export type LotHoldPreview = z.infer<typeof lotHoldPreview>;
export type LotHoldResult = z.infer<typeof lotHoldResult>;
