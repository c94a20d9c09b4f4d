import { z } from 'zod';
import { dump } from './dumps.ts';
import { int32 } from './integers.ts';

export const dashboardMessages = {
  substitute: 'Please select a substitute silo bin',
} as const;

/** A row of the Silo Bins Occupancy table: the book weight and the level the PLC reports. */
export const siloStat = z.object({
  id: z.string(),
  name: z.string(),
  /** What the ledger says it holds, lbs. */
  occupancy: z.number(),
  /** The PLC's level reading, lbs; null when the PLC has not reported it. */
  measured: z.number().nullable(),
  capacity: z.number().nullable(),
  current_beans: z.string(),
  /** Fill level in percent of capacity, from the PLC reading when there is one. */
  percentage: z.number(),
});
export type SiloStat = z.infer<typeof siloStat>;

export const siloCandidate = z.object({
  device_id: z.string(),
  device_name: z.string(),
  lbs: z.number(),
});

/**
 * A transfer whose source ran empty before its weight was moved (the conveyor reports no flow).
 * With substitutes it is the substitute-silo prompt, without it is the empty-silo prompt.
 */
export const siloPrompt = z.object({
  transfer_id: z.number().int(),
  source_device_id: z.string(),
  source_device_name: z.string(),
  target_device_name: z.string(),
  bean_id: z.number().int().nullable(),
  bean_name: z.string(),
  target_amount: z.number(),
  moved_amount: z.number(),
  remaining: z.number(),
  since: z.string(),
  /** Other silos on the same conveyor holding the same bean, fullest first. */
  substitutes: z.array(siloCandidate),
  /** The substitute chosen with POST /dashboard/bean/device, if any. */
  substitute_device_id: z.string().nullable(),
});
export type SiloPrompt = z.infer<typeof siloPrompt>;

export const singleSiloBody = z.strictObject({
  transfer_id: int32().positive(),
  /** bagoff: end the transfer with what has moved; continue: keep waiting for beans. */
  type: z.enum(['bagoff', 'continue']),
});

export const substituteBody = z.strictObject({
  transfer_id: int32().positive(),
  device_id: z
    .string({ error: dashboardMessages.substitute })
    .trim()
    .min(1, { error: dashboardMessages.substitute })
    .max(32),
});

export const continueOrderBody = z.strictObject({ transfer_id: int32().positive() });

/** A dump request still waiting at the station, for the supervisors' reminder popup. */
export const waitingDump = dump.extend({ waiting_seconds: z.number().int() });
export type WaitingDump = z.infer<typeof waitingDump>;

export const dumpReminderBody = z.strictObject({ dump_id: int32().positive() });

/** A dump whose dumping workflow did not finish: how much reached the silo, and what is left. */
export const dumpError = dump.extend({
  /** Measured by the silo's level since the dump started; null when the PLC did not report. */
  moved_amount: z.number().nullable(),
  remaining: z.number(),
});
export type DumpError = z.infer<typeof dumpError>;

export const dumpErrorBody = z.strictObject({
  dump_id: int32().positive(),
  /** N: book what went in and ask for a new dump of the rest; B: book what went in and bag off the rest; C: run the dumping workflow again. */
  type: z.enum(['N', 'B', 'C']),
});
