import { z } from 'zod';
import { idParams, int32 } from './integers.ts';

export const transferMessages = {
  source: 'Please select source bin',
  target: 'Please select target bin',
  bean: 'Please select bean',
  differentBeans: 'You are transferring beans of different types.',
  failed: 'Transfer creation failed',
  weight: 'Please enter the weight to transfer',
} as const;

/**
 * The spec's weight rule ("between 0 and the maximum allowed by capacity and bin occupancy")
 * broken, in the same words from the form and the server; weights come formatted by the caller.
 */
export function transferLimitMessage(limit: {
  most: string;
  source: string;
  holds: string;
  /** The target and its room, when the target has a capacity. */
  room?: { target: string; lbs: string };
}): string {
  const room = limit.room ? `; ${limit.room.target} has room for ${limit.room.lbs}` : '';
  return `You can transfer at most ${limit.most}: ${limit.source} holds ${limit.holds}${room}.`;
}

/** pending -> processing (its moving workflow runs) -> completed; failed when the run did not finish. */
export const transferStatus = z.enum(['pending', 'processing', 'completed', 'failed']);
export type TransferStatus = z.infer<typeof transferStatus>;

/** A bin is named by its device id; a missing or blank one gets the spec's message. */
const binId = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(32);

export const createTransferBody = z.strictObject({
  sourceBinId: binId(transferMessages.source),
  targetBinId: binId(transferMessages.target),
  targetWeight: z
    .number({ error: transferMessages.weight })
    .positive({ error: 'The weight must be more than 0 lbs.' })
    .max(1_000_000),
  /** Required when the source is a re-entry bin: which bean's lots to move. */
  bean_id: int32().positive({ error: transferMessages.bean }).nullable().optional(),
  /** Mix segregated (organic, decaf) and other beans on purpose; recorded on the ledger. */
  segregation_override: z.boolean().default(false),
});
export type CreateTransferBody = z.input<typeof createTransferBody>;

export const transfer = z.object({
  id: z.number().int(),
  source_device_id: z.string(),
  source_device_name: z.string(),
  target_device_id: z.string(),
  target_device_name: z.string(),
  /** The weight asked for, lbs. */
  target_amount: z.number(),
  /** What the conveyor weighed across, lbs; null until it has run. */
  moved_amount: z.number().nullable(),
  bean_id: z.number().int().nullable(),
  /** The beans in the source when the transfer was asked for (or the chosen bean). */
  bean_name: z.string(),
  status: transferStatus,
  is_processing: z.boolean(),
  segregation_override: z.boolean(),
  conveyor_id: z.string(),
  workflow_id: z.number().int().nullable(),
  run_id: z.string().nullable(),
  error: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  acknowledged_at: z.string().nullable(),
  completed_at: z.string().nullable(),
});
export type Transfer = z.infer<typeof transfer>;

export const transferListQuery = z.strictObject({
  status: z.enum(['pending', 'completed', 'all']).default('all'),
});

export const transferIdParams = idParams('Transfer');

/** A silo or bin a transfer can use, with what the ledger says it holds. */
export const transferBin = z.object({
  id: z.string(),
  name: z.string(),
  /** Bean names in the bin, joined; '' when empty. */
  bean: z.string(),
  /** The bean when the bin holds exactly one, else null. */
  bean_id: z.number().int().nullable(),
  beans: z.array(z.object({ bean_id: z.number().int(), bean_name: z.string(), lbs: z.number() })),
  /** Segregation flags of what it holds ('' for unflagged beans). */
  segregations: z.array(z.string()),
  binCapacity: z.number().nullable(),
  currentWeight: z.number(),
  isReEntry: z.boolean(),
  /** The conveyor that reaches it: a transfer needs source and target on the same one. */
  conveyor_id: z.string(),
});
export type TransferBin = z.infer<typeof transferBin>;

/** A conveyor's route table: route number n (from 1) is the n-th device, as its PLC numbers them. */
export const conveyorRoutes = z.object({
  conveyor_id: z.string(),
  conveyor_name: z.string(),
  routes: z.array(
    z.object({ route_no: z.number().int(), device_id: z.string(), device_name: z.string() }),
  ),
});
export type ConveyorRoutes = z.infer<typeof conveyorRoutes>;

export const conveyorParams = z.strictObject({ conveyor: z.string().trim().min(1).max(32) });

export const saveConveyorRoutesBody = z.strictObject({
  /** Device ids in route-number order. */
  routes: z
    .array(z.string().trim().min(1).max(32))
    .max(1000)
    .refine((codes) => new Set(codes.map((c) => c.toLowerCase())).size === codes.length, {
      error: 'A device appears twice in the route table.',
    }),
});
