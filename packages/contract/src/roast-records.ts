import { z } from 'zod';
import { int32FromText } from './integers.ts';
import { roastEvents } from './roast/roast-samples.ts';
import { batchRoastProfile } from './roast-profiles.ts';

/**
 * Roast records: every roast cycle of every roaster, from charge to drop, as the plant measured
 * it, whether an order ran it or not. A record of an order's batch names the batch, and its
 * deviation is measured against the reference of the profile version the batch ran.
 */

export const roastRecordMessages = {
  mark: 'A mark is a time after charge, 0 to 3,600 seconds.',
  notes: 'Notes are at most 2,000 characters.',
  from: 'from must be a date and time (ISO 8601)',
  to: 'to must be a date and time (ISO 8601)',
  order: 'from must be before to',
} as const;
const M = roastRecordMessages;

const phase = z.object({ s: z.number(), pct: z.number() });

/** Drying, Maillard and development, and the development time ratio, up to drop. */
export const roastRecordPhases = z.object({
  drying: phase,
  maillard: phase,
  development: phase,
  development_ratio_pct: z.number(),
});
export type RoastRecordPhases = z.infer<typeof roastRecordPhases>;

/** BT against the profile version's reference, turning point to drop. */
export const roastRecordDeviation = z.object({
  rms_f: z.number(),
  max_abs_f: z.number(),
});

/** A record as lists show it. */
export const roastRecordSummary = z.object({
  id: z.number().int(),
  /** The roaster's device code and name. */
  roaster: z.string(),
  roaster_name: z.string(),
  /** The order's batch the roast was, once the order runs settled it; null for a roast alone. */
  batch_id: z.number().int().nullable(),
  order_id: z.number().int().nullable(),
  /** The order's number as the order screens show it (`orderNumber`); null for a roast alone. */
  order_number: z.string().nullable(),
  batch_seq: z.number().int().nullable(),
  product: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  profile: batchRoastProfile.nullable(),
  charged_at: z.string(),
  dropped_at: z.string(),
  total_s: z.number(),
  end_bt_f: z.number(),
  /** What the roaster's scale weighed in and out, lbs; null when it reported nothing. */
  green_lbs: z.number().nullable(),
  roasted_lbs: z.number().nullable(),
  loss_pct: z.number().nullable(),
  /** The bean colour meter's reading at drop. */
  colour: z.number().nullable(),
  /** The roasted beans' moisture meter's reading at drop, % of the roasted weight. */
  roasted_moisture_pct: z.number().nullable(),
  phases: roastRecordPhases,
  /** Null until the record is linked to a batch whose profile version has a reference. */
  deviation: roastRecordDeviation.nullable(),
  events: roastEvents,
  /**
   * The green lot the roaster was told it charged: moisture (%) and density (g/L), the batch's
   * weighted mean as the console wrote them; null when the roaster was told nothing.
   */
  green_moisture_pct: z.number().nullable(),
  green_density_g_per_l: z.number().nullable(),
});
export type RoastRecordSummary = z.infer<typeof roastRecordSummary>;

/** One second of the roast: BT, ET, inlet, burner output and airflow, and BT's rate of rise. */
export const roastRecordSample = z.object({
  t_s: z.number(),
  bt_f: z.number(),
  et_f: z.number(),
  inlet_f: z.number().nullable(),
  burner_pct: z.number().nullable(),
  airflow_pct: z.number().nullable(),
  /** Null for the first seconds, before the rate of rise's window holds enough samples. */
  ror_f_per_min: z.number().nullable(),
});
export type RoastRecordSample = z.infer<typeof roastRecordSample>;

/** The green lots the batch's roast took in, as the ledger booked them. */
export const roastRecordGreenLot = z.object({
  lot_number: z.string(),
  bean_name: z.string(),
  lbs: z.number(),
});
export type RoastRecordGreenLot = z.infer<typeof roastRecordGreenLot>;

const markSeconds = z
  .number({ error: M.mark })
  .finite({ error: M.mark })
  .min(0, { error: M.mark })
  .max(3_600, { error: M.mark });

/**
 * `PUT /api/roast-records/{id}/marks`: the operator's marks, seconds after charge, all of them
 * (a mark left out is no longer marked). Each replaces the event it names; the phases follow.
 */
export const roastRecordMarksBody = z.strictObject({
  turning_point: markSeconds.optional(),
  dry_end: markSeconds.optional(),
  first_crack: markSeconds.optional(),
  drop: markSeconds.optional(),
});
export type RoastRecordMarksBody = z.infer<typeof roastRecordMarksBody>;

/** `PUT /api/roast-records/{id}/notes`: the operator's notes, replacing the previous ones. */
export const roastRecordNotesBody = z.strictObject({
  notes: z.string({ error: M.notes }).trim().max(2_000, { error: M.notes }),
});
export type RoastRecordNotesBody = z.infer<typeof roastRecordNotesBody>;

/** The whole record: the curves each second, the reference it is measured against, lots, notes. */
export const roastRecord = roastRecordSummary.extend({
  samples: z.array(roastRecordSample),
  /** The profile version's BT reference, null when the record has no profile version. */
  reference: z.array(z.object({ t_s: z.number(), bt_f: z.number() })).nullable(),
  green_lots: z.array(roastRecordGreenLot),
  marks: roastRecordMarksBody,
  notes: z.string(),
});
export type RoastRecord = z.infer<typeof roastRecord>;

const isoTime = (error: string) => z.iso.datetime({ offset: true, error });

/** `GET /api/roast-records`: newest first, filtered by roaster code, product, order and time. */
export const roastRecordListQuery = z
  .strictObject({
    roaster: z.string().trim().min(1).max(32).optional(),
    product_id: int32FromText().positive().optional(),
    order_id: int32FromText().positive().optional(),
    /** Records charged at or after `from` and before `to`. */
    from: isoTime(M.from).optional(),
    to: isoTime(M.to).optional(),
    limit: int32FromText().min(1).max(500).default(100),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    error: M.order,
    path: ['to'],
  });
export type RoastRecordListQuery = z.infer<typeof roastRecordListQuery>;

export const roastRecordList = z.object({ records: z.array(roastRecordSummary) });
export type RoastRecordList = z.infer<typeof roastRecordList>;
