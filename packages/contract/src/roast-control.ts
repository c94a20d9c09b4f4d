import { z } from 'zod';
import { endCondition } from './roast-profiles.ts';

/**
 * The profile a roaster's batch follows now, as its live screen draws it: the reference to hold
 * BT on (with the controller's band), the end condition the drop is asked at, and the dry end its
 * events are read with. Null while the roaster roasts no profiled batch.
 */
export const roastControlState = z.object({
  roaster: z.string(),
  profile: z
    .object({
      id: z.number().int(),
      name: z.string(),
      version: z.number().int(),
      reference: z.array(z.object({ t_s: z.number(), bt_f: z.number() })),
      end: endCondition,
      dry_end_f: z.number(),
    })
    .nullable(),
  /**
   * The roaster's 'Roast Time' when its charge gate closed: the profile's (and the record's)
   * t = 0. The register counts from the first beans in; a screen drawing against it shifts the
   * reference by this much.
   */
  charge_roast_time_s: z.number().nullable(),
});
export type RoastControlState = z.infer<typeof roastControlState>;

/**
 * What the console does when a roaster's environment temperature goes over its high limit:
 * 'burner-off' fires nothing until ET falls below the reset; 'drop' also asks for the drop (the
 * beans leave the hot drum); 'quench' also sprays the roaster's quench water where it has a
 * 'Quench' coil, and drops where it has none.
 */
export const roastSafeAction = z.enum(['burner-off', 'drop', 'quench']);
export type RoastSafeAction = z.infer<typeof roastSafeAction>;

export const ROAST_SAFE_ACTION_LABELS: Readonly<Record<RoastSafeAction, string>> = {
  'burner-off': 'Burner off',
  drop: 'Burner off and drop',
  quench: 'Burner off and quench (drop without a quench coil)',
};

/** A roaster's roast alarm limits, as its device settings hold them. */
export interface RoastLimits {
  /** ET at or above this is a fire risk: the safe action is taken. */
  et_high_limit_f: number;
  /** The burner stays off until ET is below this. */
  et_reset_f: number;
  et_safe_action: RoastSafeAction;
  /** BT may stray this far from the profile's reference... */
  band_f: number;
  /** ...for this long before the band alarm. */
  band_s: number;
}

/**
 * The limits of a roaster whose settings leave them unset. Chaff ignites in a drum roaster's air
 * stream around 550 °F; a lot differs from the reference's and the PID takes a minute to bring
 * it back, hence a band of 5 °F for 30 s.
 */
export const DEFAULT_ROAST_LIMITS: Readonly<RoastLimits> = {
  et_high_limit_f: 550,
  et_reset_f: 530,
  et_safe_action: 'burner-off',
  band_f: 5,
  band_s: 30,
};

/** What is wrong with a roaster's limits taken together, null when nothing is. */
export function roastLimitsProblem(limits: RoastLimits): string | null {
  if (limits.et_reset_f >= limits.et_high_limit_f) {
    return `ET Reset (${limits.et_reset_f} °F) must be below the ET High Limit (${limits.et_high_limit_f} °F).`;
  }
  return null;
}

/** The limits' fields in a device's create or update body; left out of an update, kept. */
export const roastLimitFields = {
  et_high_limit_f: z
    .number({ error: 'ET High Limit must be a number' })
    .min(300, { error: 'ET High Limit must be at least 300 °F' })
    .max(900, { error: 'ET High Limit must be at most 900 °F' })
    .nullable()
    .optional(),
  et_reset_f: z
    .number({ error: 'ET Reset must be a number' })
    .min(250, { error: 'ET Reset must be at least 250 °F' })
    .max(900, { error: 'ET Reset must be at most 900 °F' })
    .nullable()
    .optional(),
  et_safe_action: roastSafeAction.nullable().optional(),
  band_f: z
    .number({ error: 'Band must be a number' })
    .min(0.5, { error: 'Band must be at least 0.5 °F' })
    .max(50, { error: 'Band must be at most 50 °F' })
    .nullable()
    .optional(),
  band_s: z
    .number({ error: 'Band Time must be a number' })
    .int({ error: 'Band Time must be whole seconds' })
    .min(5, { error: 'Band Time must be at least 5 s' })
    .max(600, { error: 'Band Time must be at most 600 s' })
    .nullable()
    .optional(),
};

/** A device's limits as it shows them: a roaster's (unset ones at their defaults), else null. */
export const roastLimitsView = {
  et_high_limit_f: z.number().nullable(),
  et_reset_f: z.number().nullable(),
  et_safe_action: roastSafeAction.nullable(),
  band_f: z.number().nullable(),
  band_s: z.number().nullable(),
};
