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
