import { z } from 'zod';
import { hasDecimals } from './decimals.ts';
import { int32, pathId } from './integers.ts';

/**
 * The food-safety record book (issue 24, 21 CFR 117 preventive-controls records and the
 * acrylamide records of EU 2017/2158): each product's critical limits, each batch's monitoring
 * record written from the PLC's values, deviations and their corrective actions, the checks at
 * packing, and the supervisor's signed verification of each day. Temperatures are °F, as stored.
 */
export const foodSafetyMessages = {
  temperature: 'A temperature must be between 0 and 1,000 °F, to one decimal.',
  seconds: 'A time must be between 0 and 7,200 seconds, in whole seconds.',
  killStep:
    'A roast that is the kill step needs its minimum bean temperature and the seconds at or above it; a roast that is not has neither.',
  date: 'The day must be a date (YYYY-MM-DD).',
  who: 'Please name who took the corrective action.',
  what: 'Please say what was done.',
  when: 'When must be a date and time (ISO 8601), not in the future.',
  result: 'Please choose pass or fail.',
  reading: 'The check-weigher reading must be between 0 and 10,000 lbs, to two decimals.',
  password: 'Please enter your password to sign.',
  reason: 'Please give the reason for the correction.',
} as const;
const M = foodSafetyMessages;

const temperatureF = z
  .number({ error: M.temperature })
  .finite({ error: M.temperature })
  .min(0, { error: M.temperature })
  .max(1000, { error: M.temperature })
  .refine((v) => hasDecimals(v, 1), { error: M.temperature });
const seconds = z
  .number({ error: M.seconds })
  .int({ error: M.seconds })
  .min(0, { error: M.seconds })
  .max(7200, { error: M.seconds });

const checkWeigherLbs = z
  .number({ error: M.reading })
  .finite({ error: M.reading })
  .min(0, { error: M.reading })
  .max(10_000, { error: M.reading })
  .refine((v) => hasDecimals(v, 2), { error: M.reading });

/** The fields a form checks as the server will. */
export const foodSafetyFields = { seconds, checkWeigherLbs };

/**
 * `PUT /api/food-safety/limits/{productId}`: a product's critical limits. Every limit may be
 * empty (not monitored); a roast named the kill step needs its temperature and its time. The
 * colour bounds are the product's quality specification's.
 */
export const criticalLimitsBody = z
  .strictObject({
    kill_step: z.boolean().default(false),
    min_bt_f: temperatureF.nullable().default(null),
    min_seconds: seconds.nullable().default(null),
    max_end_f: temperatureF.nullable().default(null),
    max_total_s: seconds.nullable().default(null),
  })
  .refine((b) => b.kill_step === (b.min_bt_f !== null && b.min_seconds !== null), {
    error: M.killStep,
    path: ['min_bt_f'],
  });
export type CriticalLimitsBody = z.infer<typeof criticalLimitsBody>;

export const criticalLimits = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  kill_step: z.boolean(),
  min_bt_f: z.number().nullable(),
  min_seconds: z.number().nullable(),
  max_end_f: z.number().nullable(),
  max_total_s: z.number().nullable(),
  /** From the product's quality specification. */
  colour_min: z.number().nullable(),
  colour_max: z.number().nullable(),
  /** Null while the product has no limits. */
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type CriticalLimits = z.infer<typeof criticalLimits>;

export const monitoringCriterion = z.enum([
  'time_at_temperature',
  'end_temperature',
  'total_time',
  'colour',
]);
export type MonitoringCriterion = z.infer<typeof monitoringCriterion>;

/**
 * One monitored value against its limits as they stood when the record was written: seconds at
 * or above the record's `min_bt_f`, end temperature (°F), total time (s) or colour. `met` is
 * null when the product sets no limit; a value the roaster did not report misses its limit.
 */
export const monitoringCheck = z.object({
  criterion: monitoringCriterion,
  actual: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  met: z.boolean().nullable(),
});
export type MonitoringCheck = z.infer<typeof monitoringCheck>;

/** A batch's monitoring record, written from the roast record as the PLC measured it. */
export const monitoringRecord = z.object({
  id: z.number().int(),
  day: z.string(),
  recorded_at: z.string(),
  batch_id: z.number().int(),
  batch_seq: z.number().int().nullable(),
  order_id: z.number().int().nullable(),
  roast_record_id: z.number().int(),
  lot_id: z.number().int().nullable(),
  lot_number: z.string(),
  product_id: z.number().int().nullable(),
  product_name: z.string(),
  roaster: z.string(),
  dropped_at: z.string(),
  /** The operator or run owner the batch ran for; 'console' when none was named. */
  person: z.string(),
  source: z.literal('plc'),
  kill_step: z.boolean(),
  min_bt_f: z.number().nullable(),
  /** The longest stretch after the turning point at or above `min_bt_f`; null: not a kill step. */
  seconds_at_or_above: z.number().nullable(),
  max_bt_f: z.number(),
  end_bt_f: z.number(),
  total_s: z.number(),
  colour: z.number().nullable(),
  checks: z.array(monitoringCheck),
  /** False when any limit was missed. */
  met: z.boolean(),
  /** The earlier record this one corrects. */
  corrects: z.number().int().nullable(),
  correction_reason: z.string().nullable(),
});
export type MonitoringRecord = z.infer<typeof monitoringRecord>;

export const correctiveAction = z.object({
  id: z.number().int(),
  deviation_id: z.number().int(),
  who: z.string(),
  what: z.string(),
  when: z.string(),
  entered_by: z.string(),
  entered_at: z.string(),
  day: z.string(),
});
export type CorrectiveAction = z.infer<typeof correctiveAction>;

export const deviation = z.object({
  id: z.number().int(),
  day: z.string(),
  opened_at: z.string(),
  source: z.enum(['monitoring', 'packing']),
  monitoring_id: z.number().int().nullable(),
  packing_check_id: z.number().int().nullable(),
  lot_id: z.number().int().nullable(),
  /** The lot or the packing order the deviation is about. */
  subject: z.string(),
  description: z.string(),
  /** Null while the deviation is open. */
  corrective_action: correctiveAction.nullable(),
});
export type Deviation = z.infer<typeof deviation>;

const passFail = z.enum(['pass', 'fail'], { error: M.result });
export type PassFail = z.infer<typeof passFail>;

/** `POST /api/food-safety/packing-checks`: the checks at a packing line, by the person signed in. */
export const packingCheckBody = z.strictObject({
  packing_order_id: pathId('Packing order'),
  metal_fe: passFail,
  metal_non_fe: passFail,
  metal_stainless: passFail,
  check_weigher: passFail,
  check_weigher_lbs: checkWeigherLbs,
  notes: z.string().trim().max(1000).default(''),
  /** A correction names the earlier entry it replaces and why. */
  corrects: int32().positive().optional(),
  correction_reason: z.string().trim().max(1000).optional(),
});
export type PackingCheckBody = z.infer<typeof packingCheckBody>;

export const packingCheck = z.object({
  id: z.number().int(),
  day: z.string(),
  at: z.string(),
  packing_order_id: z.number().int(),
  order_number: z.string(),
  product_name: z.string(),
  metal_fe: passFail,
  metal_non_fe: passFail,
  metal_stainless: passFail,
  check_weigher: passFail,
  check_weigher_lbs: z.number(),
  notes: z.string(),
  by: z.string(),
  passed: z.boolean(),
  corrects: z.number().int().nullable(),
  correction_reason: z.string().nullable(),
});
export type PackingCheck = z.infer<typeof packingCheck>;

/** `POST /api/food-safety/deviations/{id}/corrective-action`: who did what, when. */
export const correctiveActionBody = z.strictObject({
  who: z.string({ error: M.who }).trim().min(1, { error: M.who }).max(200, { error: M.who }),
  what: z.string({ error: M.what }).trim().min(1, { error: M.what }).max(2000, { error: M.what }),
  when: z.iso.datetime({ offset: true, error: M.when }),
});
export type CorrectiveActionBody = z.infer<typeof correctiveActionBody>;

export const daySignature = z.object({
  id: z.number().int(),
  by: z.string(),
  at: z.string(),
  record_sha256: z.string(),
  /** Whether the day's records signed still hash to what was signed. */
  intact: z.boolean(),
});
export type DaySignature = z.infer<typeof daySignature>;

/** A day's records, as the supervisor reviews and signs them. */
export const foodSafetyDay = z.object({
  day: z.string(),
  monitoring: z.array(monitoringRecord),
  deviations: z.array(deviation),
  corrective_actions: z.array(correctiveAction),
  packing_checks: z.array(packingCheck),
  /** Every deviation still open, whatever its day. */
  open_deviations: z.array(deviation),
  signatures: z.array(daySignature),
  /** Records written after the day's last signature: the day waits for another. */
  unsigned_records: z.number().int(),
});
export type FoodSafetyDay = z.infer<typeof foodSafetyDay>;

/** `POST /api/food-safety/days/{date}/signature`: the supervisor's password, entered again. */
export const daySignatureBody = z.strictObject({
  password: z.string({ error: M.password }).min(1, { error: M.password }),
});
export type DaySignatureBody = z.infer<typeof daySignatureBody>;

/** `POST /api/food-safety/monitoring/{id}/correction`: a batch's record written again from its roast record. */
export const monitoringCorrectionBody = z.strictObject({
  reason: z.string({ error: M.reason }).trim().min(1, { error: M.reason }).max(1000),
});
export type MonitoringCorrectionBody = z.infer<typeof monitoringCorrectionBody>;

export const foodSafetyDayParams = z.strictObject({
  date: z.iso.date({ error: M.date }),
});
export const foodSafetyBatchParams = z.strictObject({ batchId: pathId('Batch') });
export const foodSafetyProductParams = z.strictObject({ productId: pathId('Product') });
export const foodSafetyIdParams = z.strictObject({ id: pathId('Record') });

/** A batch's record: its monitoring records (the newest last) and their deviations. */
export const batchFoodSafetyRecord = z.object({
  batch_id: z.number().int(),
  monitoring: z.array(monitoringRecord),
  deviations: z.array(deviation),
});
export type BatchFoodSafetyRecord = z.infer<typeof batchFoodSafetyRecord>;
