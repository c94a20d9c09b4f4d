import { z } from 'zod';
import { deviceCode } from './devices.ts';
import { optionalGreenValue } from './green-lot.ts';
import { idParams, int32 } from './integers.ts';

export const dumpMessages = {
  amount: 'Please input amount!',
  bean: 'Please select bean',
  type: 'Please select a device type',
  device: 'Please select a device',
  roaster: "Sorry, you can't create a dump to a roaster here…",
} as const;

/** The spec's device types of a dump: Silo Bin, Roaster, Manual Bagging Station. */
export const dumpTargetType = z.enum(['Silo Bin', 'Roaster', 'Manual Bagging Station']);
export type DumpTargetType = z.infer<typeof dumpTargetType>;

export const createDumpBody = z.strictObject({
  /** Default 'DMP-' + MMDDYYYYHHmmss. */
  lot_number: z.string().trim().min(1).max(64).optional(),
  amount: z
    .number({ error: dumpMessages.amount })
    .positive({ error: 'The amount must be more than 0 lbs.' })
    .max(100_000, { error: 'The amount must be at most 100,000 lbs.' }),
  bean_id: int32({ error: dumpMessages.bean }).positive({ error: dumpMessages.bean }),
  /** Required when the dump mode setting is manual. */
  type: dumpTargetType.optional(),
  device_id: deviceCode.optional(),
  order_id: int32().positive().optional(),
  /** The lot's moisture, % of weight to one decimal (6-16), and bulk density, g/L (550-800). */
  moisture_pct: optionalGreenValue,
  density_g_per_l: optionalGreenValue,
  /** Who sold the lot and the lot code on their paperwork: a recall can start from either. */
  supplier: z.string().trim().max(120).nullable().optional(),
  supplier_lot: z.string().trim().max(120).nullable().optional(),
});
export type CreateDumpBody = z.infer<typeof createDumpBody>;

export const dumpStatus = z.enum(['pending', 'acknowledged', 'completed', 'failed', 'closed']);

export const dump = z.object({
  id: z.number().int(),
  lot_number: z.string(),
  bean_id: z.number().int(),
  bean_name: z.string(),
  order_id: z.number().int().nullable(),
  device_id: z.string(),
  device_name: z.string(),
  type: dumpTargetType,
  amount: z.number(),
  status: dumpStatus,
  /** Spec: acknowledged is shown as Processing, and Acknowledged in the finished list. */
  acknowledged: z.boolean(),
  workflow_id: z.number().int().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  acknowledged_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  /** The lot's moisture (%) and density (g/L) as the dump gave them; null: not known. */
  moisture_pct: z.number().nullable(),
  density_g_per_l: z.number().nullable(),
  /** The lot's supplier and their lot code, as the dump gave them; null: not known. */
  supplier: z.string().nullable(),
  supplier_lot: z.string().nullable(),
});
export type Dump = z.infer<typeof dump>;

export const dumpIdParams = idParams('Dump request');

export const dumpListQuery = z.strictObject({
  status: z
    .enum(['all', 'pending', 'acknowledged', 'completed', 'failed', 'closed', 'finished'])
    .default('all'),
});

export const siloChoiceBody = z.strictObject({
  bean_id: int32().positive(),
  amount: z.number().positive(),
  type: dumpTargetType.default('Silo Bin'),
});

export const dumpTarget = z.object({
  device_id: z.string(),
  device_name: z.string(),
  occupancy: z.number(),
  capacity: z.number().nullable(),
  /** What it holds now, or empty. */
  beans: z.array(z.string()),
  /** Whether the amount fits and the beans match. */
  fits: z.boolean(),
  reason: z.string().nullable(),
});
export type DumpTarget = z.infer<typeof dumpTarget>;

export const dumpButtonsBody = z.strictObject({ type: dumpTargetType });

export const beanCheckBody = z.strictObject({
  bean_id: int32().positive(),
  amount: z.number().positive().optional(),
});
export const beanCheckReply = z.object({
  bean_id: z.number().int(),
  available: z.number(),
  enough: z.boolean(),
  silos: z.array(z.object({ device_id: z.string(), device_name: z.string(), lbs: z.number() })),
});

export const dumpNotificationBody = z.strictObject({
  dump_id: int32().positive(),
  message: z.string().trim().min(1).max(500).optional(),
});
