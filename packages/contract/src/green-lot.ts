import { z } from 'zod';

/**
 * A green lot's moisture and bulk density, as the lot's paperwork or a moisture meter gives them:
 * moisture in % of the green weight to one decimal, density in g/L. They decide how the lot roasts
 * (wetter beans dry longer and lose more, denser beans heat slower), so the console hands them to
 * the roaster with every batch. A bean carries typical values for lots that come without.
 */
export const GREEN_MOISTURE_PCT = { min: 6, max: 16 } as const;
export const GREEN_DENSITY_G_PER_L = { min: 550, max: 800 } as const;

export const greenLotMessages = {
  moisture: 'The moisture must be between 6 and 16 %, to one decimal (e.g. 10.5).',
  density: 'The density must be a whole number of g/L between 550 and 800.',
} as const;

/** Whether a number has at most one decimal, allowing for binary fractions (10.3 * 10). */
function oneDecimal(value: number): boolean {
  return Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;
}

/** The checks the server applies and the forms show; a request outside them gets 422. */
export const greenMoisturePct = z
  .number({ error: greenLotMessages.moisture })
  .min(GREEN_MOISTURE_PCT.min, { error: greenLotMessages.moisture })
  .max(GREEN_MOISTURE_PCT.max, { error: greenLotMessages.moisture })
  .refine(oneDecimal, { error: greenLotMessages.moisture });

export const greenDensityGPerL = z
  .number({ error: greenLotMessages.density })
  .int({ error: greenLotMessages.density })
  .min(GREEN_DENSITY_G_PER_L.min, { error: greenLotMessages.density })
  .max(GREEN_DENSITY_G_PER_L.max, { error: greenLotMessages.density });

/**
 * The fields as a request carries them: any number, or null for not known. Their range is the
 * service's to judge (`greenLotProblem`), so that a value out of range is answered 422 with the
 * rule's words rather than refused as a malformed request.
 */
export const optionalGreenValue = z.number().finite().nullable().optional();

/** What a person gave for a lot or a bean; null or absent: not known. */
export interface GreenLotValues {
  moisture_pct?: number | null;
  density_g_per_l?: number | null;
}

/** The first rule the values break, in the words the forms use; null when they are fine. */
export function greenLotProblem(values: GreenLotValues): string | null {
  const { moisture_pct: moisture, density_g_per_l: density } = values;
  if (moisture != null && !greenMoisturePct.safeParse(moisture).success) {
    return greenLotMessages.moisture;
  }
  if (density != null && !greenDensityGPerL.safeParse(density).success) {
    return greenLotMessages.density;
  }
  return null;
}
