import { z } from 'zod';
import { quality } from './devices.ts';
import { notification } from './notifications.ts';
import { runState, timelineEntry } from './workflows.ts';

/** Events pushed on GET /api/live (Server-Sent Events); the event name is `type`. */
export const liveEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('device'),
    device_id: z.string(),
    /** What changed: a command value, the device's quality, its mode or its alarm. */
    change: z.enum(['value', 'quality', 'mode', 'alarm']),
    command_kind: z.enum(['binary', 'input']).optional(),
    command_id: z.number().int().optional(),
    value: z.number().nullable().optional(),
    quality: quality.optional(),
  }),
  z.object({ type: z.literal('notification'), notification }),
  z.object({ type: z.literal('notifications-acknowledged'), count: z.number().int() }),
  z.object({
    type: z.literal('workflow'),
    workflow_id: z.number().int(),
    run_id: z.string(),
    change: z.enum(['state', 'timeline', 'status', 'cleared']),
    state: runState.optional(),
    entry: timelineEntry.optional(),
  }),
  z.object({
    type: z.literal('plc'),
    state: z.enum(['connecting', 'connected', 'disconnected', 'backoff', 'closed']),
    error: z.string().nullable(),
  }),
  /** Beans were booked on the ledger, or a dump or transfer changed state. */
  z.object({
    type: z.literal('inventory'),
    change: z.enum(['dump', 'transfer', 'ledger']),
    id: z.number().int().nullable(),
  }),
]);
export type LiveEvent = z.infer<typeof liveEvent>;

/**
 * The server writes a comment line on every live stream at this interval, so proxies never see
 * an idle connection and the browser can tell a silent, dead stream from a quiet plant.
 */
export const LIVE_HEARTBEAT_MS = 5_000;
