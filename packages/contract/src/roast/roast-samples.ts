import { z } from 'zod';

/**
 * One reading of a roast in progress, seconds after charge: what a roast logger records each
 * second and what a batch's record keeps. Burner and airflow are the settings in force then, when
 * the roaster reports them.
 */
export const roastSample = z.object({
  t_s: z.number(),
  bt_f: z.number(),
  et_f: z.number(),
  burner_pct: z.number().optional(),
  airflow_pct: z.number().optional(),
  /** An acoustic crack detector's flag, on roasters that have one: it has heard first crack. */
  crack_heard: z.boolean().optional(),
});
export type RoastSample = z.infer<typeof roastSample>;

export const ROAST_EVENT_NAMES = ['turning_point', 'dry_end', 'first_crack', 'drop'] as const;
export type RoastEventName = (typeof ROAST_EVENT_NAMES)[number];

/** Who placed an event: read off the curve, the roaster's crack detector, or the roaster operator. */
export const ROAST_EVENT_SOURCES = ['curve', 'sensor', 'operator'] as const;

/** When an event happened, seconds after charge, and what BT read then. */
export const roastEvent = z.object({
  t_s: z.number(),
  bt_f: z.number(),
  source: z.enum(ROAST_EVENT_SOURCES),
});
export type RoastEvent = z.infer<typeof roastEvent>;

export const roastEvents = z.object({
  turning_point: roastEvent.nullable(),
  dry_end: roastEvent.nullable(),
  first_crack: roastEvent.nullable(),
  drop: roastEvent.nullable(),
});
export type RoastEvents = z.infer<typeof roastEvents>;

/** The operator's marks, seconds after charge: each one overrides what the curve would say. */
export const roastEventMarks = z.object({
  turning_point: z.number().optional(),
  dry_end: z.number().optional(),
  first_crack: z.number().optional(),
  drop: z.number().optional(),
});
export type RoastEventMarks = z.infer<typeof roastEventMarks>;

/** BT at a time since charge, linear between the samples around it (the nearest at either end). */
export function btAt(samples: readonly RoastSample[], t_s: number): number | null {
  const first = samples[0];
  if (!first) return null;
  if (t_s <= first.t_s) return first.bt_f;
  for (let i = 1; i < samples.length; i++) {
    const after = samples[i];
    const before = samples[i - 1];
    if (!after || !before || after.t_s < t_s) continue;
    const share = (t_s - before.t_s) / (after.t_s - before.t_s);
    return before.bt_f + share * (after.bt_f - before.bt_f);
  }
  return samples[samples.length - 1]?.bt_f ?? null;
}
