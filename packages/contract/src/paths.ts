import { z } from 'zod';
import { deviceCode } from './devices.ts';
import { int32 } from './integers.ts';

/** The texts of the Paths screen and of the checks behind it. */
export const pathMessages = {
  name: 'Please input the path name!',
  startSilos: 'Please select at least one start silo!',
  roaster: 'Please select a roaster',
  destination: 'Please select a destination',
  workflow: 'Please select a roasting workflow',
  deleteConfirm: 'Are you sure you want to delete this path?',
  empty: 'No roasting paths yet: while there are none, orders start on any silos, roaster and bin.',
} as const;

export const pathDevice = z.object({ device_id: z.string(), device_name: z.string() });
export type PathDevice = z.infer<typeof pathDevice>;

/** A roasting path: the green silos it draws from, the roaster, the bin it lands in, its workflow. */
export const roastingPath = z.object({
  id: z.number().int(),
  name: z.string(),
  start_silos: z.array(pathDevice),
  roaster: pathDevice,
  destination: pathDevice,
  workflow: z.object({ id: z.number().int(), name: z.string() }),
  enabled: z.boolean(),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
  updated_at: z.string(),
});
export type RoastingPath = z.infer<typeof roastingPath>;

export const roastingPathBody = z.strictObject({
  name: z
    .string({ error: pathMessages.name })
    .trim()
    .min(1, { error: pathMessages.name })
    .max(60, { error: 'A path name has at most 60 characters.' }),
  start_silos: z
    .array(deviceCode, { error: pathMessages.startSilos })
    .min(1, { error: pathMessages.startSilos })
    .max(24, { error: 'A path draws from at most 24 silos.' }),
  roaster_id: z.string({ error: pathMessages.roaster }).pipe(deviceCode),
  destination_id: z.string({ error: pathMessages.destination }).pipe(deviceCode),
  workflow_id: int32({ error: pathMessages.workflow }).positive({ error: pathMessages.workflow }),
  enabled: z.boolean().default(true),
});
export type RoastingPathBody = z.infer<typeof roastingPathBody>;

/** What the path form offers: green silos, roasters, roasted-bean bins, roasting workflows. */
export const pathForm = z.object({
  silos: z.array(pathDevice),
  roasters: z.array(pathDevice),
  destinations: z.array(pathDevice),
  workflows: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      /** The roaster the workflow roasts on; a path's workflow must roast on its roaster. */
      roaster_id: z.string().nullable(),
    }),
  ),
});
export type PathForm = z.infer<typeof pathForm>;

/** The paths an order may start along; `defined` is false when the plant has no paths at all. */
export const orderPaths = z.object({
  defined: z.boolean(),
  paths: z.array(roastingPath),
});
export type OrderPaths = z.infer<typeof orderPaths>;
