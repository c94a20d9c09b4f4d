import { z } from 'zod';
import { int32, wholeNumber } from './integers.ts';

/**
 * Roast profiles: how a product is roasted on a roaster (ISA-88's master recipe). Every edit
 * makes a new version and the old ones stay as they were, so a batch can name the exact version
 * it ran. Temperatures are stored and sent in °F, whatever unit a screen or a file shows.
 */

export const roastProfileMessages = {
  name: 'Please enter profile name',
  product: 'Please select product',
  roaster: 'Please select roaster',
  reason: 'Please say why the profile changes',
  reference: 'A reference curve needs at least two points.',
  referenceOrder: 'The reference curve’s times must rise from point to point.',
  powerOrder: 'The burner schedule’s times must rise from step to step.',
  batchRange: 'The smallest batch must not be larger than the largest.',
  chargeTemperature: 'The charge temperature must be between 250 and 500 °F.',
  btRange: 'A bean temperature must be between 32 and 650 °F.',
  pointTime: 'A time must be a whole number of seconds, 0 to 3,600.',
  percent: 'Must be a whole percentage, 0 to 100.',
  batchLbs: 'A batch size must be between 1 and 5,000 lbs.',
  dryEnd: 'The dry end temperature must be between 250 and 350 °F.',
  dropTemperature: 'The drop temperature must be between 350 and 500 °F.',
  afterCrack: 'The time after first crack must be between 30 and 600 seconds.',
  developmentRatio: 'The development ratio must be between 5 and 35 %.',
  totalTime: 'The total time must be between 300 and 1,800 seconds.',
  alogText: 'Please choose an Artisan .alog file',
  endKind: 'Please choose when the roast ends',
  endValue: 'Please enter the value the roast ends at',
} as const;

const M = roastProfileMessages;

/** Each bounded number of a profile, with the message that says its range: server and form. */
export const roastProfileLimits = {
  chargeTemperatureF: { min: 250, max: 500, message: M.chargeTemperature },
  btF: { min: 32, max: 650, message: M.btRange },
  batchLbs: { min: 1, max: 5_000, message: M.batchLbs },
  dryEndF: { min: 250, max: 350, message: M.dryEnd },
  pointTimeS: { min: 0, max: 3_600, integer: true, message: M.pointTime },
  percent: { min: 0, max: 100, integer: true, message: M.percent },
  end: {
    drop_temperature: { min: 350, max: 500, message: M.dropTemperature },
    time_after_first_crack: { min: 30, max: 600, integer: true, message: M.afterCrack },
    development_ratio: { min: 5, max: 35, message: M.developmentRatio },
    total_time: { min: 300, max: 1_800, integer: true, message: M.totalTime },
  },
} as const;
const L = roastProfileLimits;

/** A number within a limit: whole when the limit says so. */
function limited(limit: { min: number; max: number; message: string; integer?: boolean }) {
  const { min, max, message } = limit;
  if (limit.integer) return wholeNumber(min, max, message);
  return z
    .number({ error: message })
    .finite({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
}

const seconds = limited(L.pointTimeS);
const percent = limited(L.percent);

/** A point of the bean temperature (BT) reference, seconds after charge. */
export const referencePoint = z.strictObject({
  t_s: seconds,
  bt_f: limited(L.btF),
});
export type ReferencePoint = z.infer<typeof referencePoint>;

/** From t_s on, the burner and the airflow at these settings (feed-forward for the PID). */
export const powerStep = z.strictObject({
  t_s: seconds,
  burner_pct: percent,
  airflow_pct: percent,
});
export type PowerStep = z.infer<typeof powerStep>;

const rising = (points: readonly { t_s: number }[]) =>
  points.every((p, i) => i === 0 || p.t_s > (points[i - 1]?.t_s ?? -1));

export const END_CONDITION_KINDS = [
  'drop_temperature',
  'time_after_first_crack',
  'development_ratio',
  'total_time',
] as const;

/**
 * When the roast ends, and at what value of its kind. One object with the range checked by kind
 * (rather than a union by kind), so that a value out of range is reported at `end.value` even
 * when the kind is missing or wrong.
 */
export const endCondition = z
  .strictObject({
    kind: z.enum(END_CONDITION_KINDS, { error: M.endKind }),
    value: z.number({ error: M.endValue }).finite({ error: M.endValue }),
  })
  .superRefine((end, ctx) => {
    const limit = L.end[end.kind];
    const whole = !('integer' in limit) || Number.isInteger(end.value);
    if (end.value < limit.min || end.value > limit.max || !whole) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: limit.message });
    }
  });
export type EndCondition = z.infer<typeof endCondition>;

export const endConditionLabels: Record<EndCondition['kind'], string> = {
  drop_temperature: 'Drop temperature (°F)',
  time_after_first_crack: 'Time after first crack (s)',
  development_ratio: 'Development ratio (%)',
  total_time: 'Total time (s)',
};

/** What a version holds: everything the roaster needs to run the roast. */
export const roastProfileSettings = z
  .strictObject({
    charge_temperature_f: limited(L.chargeTemperatureF),
    batch_min_lbs: limited(L.batchLbs),
    batch_max_lbs: limited(L.batchLbs),
    reference: z
      .array(referencePoint, { error: M.reference })
      .min(2, { error: M.reference })
      .max(3_601)
      .refine(rising, { error: M.referenceOrder }),
    power: z.array(powerStep).max(3_601).default([]).refine(rising, { error: M.powerOrder }),
    end: endCondition,
    dry_end_f: limited(L.dryEndF).default(300),
    notes: z.string().trim().max(2_000).default(''),
  })
  .refine((s) => s.batch_min_lbs <= s.batch_max_lbs, {
    error: M.batchRange,
    path: ['batch_max_lbs'],
  });
export type RoastProfileSettings = z.infer<typeof roastProfileSettings>;

/** Where a version's curve came from: typed in, or an Artisan file (its name). */
export const profileSource = z.object({
  kind: z.enum(['manual', 'alog']),
  file_name: z.string().nullable(),
});

export const createRoastProfileBody = z.strictObject({
  name: z.string({ error: M.name }).trim().min(1, { error: M.name }).max(120),
  product_id: int32({ error: M.product }).positive({ error: M.product }),
  /** The roaster's device code. */
  roaster: z.string({ error: M.roaster }).trim().min(1, { error: M.roaster }).max(32),
  settings: roastProfileSettings,
  source_file: z.string().trim().max(255).nullable().default(null),
});
export type CreateRoastProfileBody = z.infer<typeof createRoastProfileBody>;

/** A new version: the whole settings again, and why. */
export const reviseRoastProfileBody = z.strictObject({
  settings: roastProfileSettings,
  reason: z.string({ error: M.reason }).trim().min(1, { error: M.reason }).max(500),
  source_file: z.string().trim().max(255).nullable().default(null),
});
export type ReviseRoastProfileBody = z.infer<typeof reviseRoastProfileBody>;

export const roastProfileVersion = z.object({
  version: z.number().int(),
  created_at: z.string(),
  created_by: z.string(),
  /** Empty for the first version. */
  reason: z.string(),
  source: profileSource,
  settings: z.object({
    charge_temperature_f: z.number(),
    batch_min_lbs: z.number(),
    batch_max_lbs: z.number(),
    reference: z.array(z.object({ t_s: z.number(), bt_f: z.number() })),
    power: z.array(z.object({ t_s: z.number(), burner_pct: z.number(), airflow_pct: z.number() })),
    end: endCondition,
    dry_end_f: z.number(),
    notes: z.string(),
  }),
});
export type RoastProfileVersion = z.infer<typeof roastProfileVersion>;

/** The profile version a batch was started with, as its order's batches and the trace name it. */
export const batchRoastProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  version: z.number().int(),
});
export type BatchRoastProfile = z.infer<typeof batchRoastProfile>;

/** A version without its settings, for a profile's history. */
export const roastProfileVersionEntry = roastProfileVersion.omit({ settings: true });
export type RoastProfileVersionEntry = z.infer<typeof roastProfileVersionEntry>;

/** A profile as lists show it, with its current (latest) version. */
export const roastProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  product_id: z.number().int(),
  product_name: z.string(),
  roaster: z.string(),
  roaster_name: z.string(),
  current: roastProfileVersion,
});
export type RoastProfile = z.infer<typeof roastProfile>;

export const roastProfileDetail = roastProfile.extend({
  /** Newest first. */
  versions: z.array(roastProfileVersionEntry),
});
export type RoastProfileDetail = z.infer<typeof roastProfileDetail>;

/** An Artisan .alog file's text, read to fill a profile's form before it is saved. */
export const alogPreviewBody = z.strictObject({
  file_name: z.string().trim().max(255).default(''),
  text: z.string({ error: M.alogText }).min(1, { error: M.alogText }).max(5_000_000),
});
export type AlogPreviewBody = z.infer<typeof alogPreviewBody>;

const previewEvent = z.object({ t_s: z.number(), bt_f: z.number().nullable() }).nullable();

/** What a file gives a profile: the BT curve from charge to drop, in °F, and its events. */
export const alogPreview = z.object({
  title: z.string(),
  beans: z.string(),
  roast_date: z.string().nullable(),
  /** The unit the file was written in; the curve here is in °F all the same. */
  unit: z.enum(['C', 'F']),
  reference: z.array(z.object({ t_s: z.number(), bt_f: z.number() })),
  et: z.array(z.object({ t_s: z.number(), et_f: z.number() })),
  charge_temperature_f: z.number().nullable(),
  events: z.object({
    charge: previewEvent,
    dry_end: previewEvent,
    first_crack: previewEvent,
    drop: previewEvent,
  }),
  green_lbs: z.number().nullable(),
  roasted_lbs: z.number().nullable(),
});
export type AlogPreview = z.infer<typeof alogPreview>;

export const alogForm = z.enum(['json', 'python']);
export type AlogForm = z.infer<typeof alogForm>;
