import { z } from 'zod';
import { notLiveSince, quality } from './devices.ts';
import { notification } from './notifications.ts';
import { runState, timelineEntry } from './workflows.ts';

/**
 * Every event's place in the server process's one sequence (also the SSE `id:`): it grows by one
 * per event, so a browser that sees a jump knows it missed something and refetches once.
 */
const sequenced = { seq: z.number().int().nonnegative() };

/** Events pushed on GET /api/live (Server-Sent Events); the event name is `type`. */
export const liveEvent = z.discriminatedUnion('type', [
  z.object({
    ...sequenced,
    type: z.literal('device'),
    device_id: z.string(),
    /**
     * What changed: a command value, the device's quality, its mode, its alarm, or a command
     * that lights a status. Every change but 'quality' names the command and carries what the
     * device list and detail show for it (value, quality, isSame); 'mode', 'alarm' and 'status'
     * also change what the server derives from tables the browser does not hold.
     */
    change: z.enum(['value', 'quality', 'mode', 'alarm', 'status']),
    command_kind: z.enum(['binary', 'input']).optional(),
    command_id: z.number().int().optional(),
    /** As the device detail shows it: null while the quality is 'offline'. */
    value: z.number().nullable().optional(),
    quality: quality.optional(),
    /** The PLC's feedback equals what the console last wrote (always true for PLC commands). */
    isSame: z.boolean().optional(),
  }),
  z.object({ ...sequenced, type: z.literal('notification'), notification }),
  z.object({
    ...sequenced,
    type: z.literal('notifications-acknowledged'),
    count: z.number().int(),
  }),
  z.object({
    ...sequenced,
    type: z.literal('alarm-flood'),
    flooding: z.boolean(),
    count: z.number().int(),
    since: z.string().nullable(),
  }),
  z.object({
    ...sequenced,
    type: z.literal('workflow'),
    workflow_id: z.number().int(),
    run_id: z.string(),
    change: z.enum(['state', 'timeline', 'status', 'cleared']),
    state: runState.optional(),
    entry: timelineEntry.optional(),
  }),
  z.object({
    ...sequenced,
    type: z.literal('plc'),
    state: z.enum(['connecting', 'connected', 'disconnected', 'backoff', 'closed']),
    error: z.string().nullable(),
    /** While the link is not connected: since when device values are not live. */
    not_live_since: notLiveSince,
  }),
  /** Beans were booked on the ledger, or a dump or transfer changed state. */
  z.object({
    ...sequenced,
    type: z.literal('inventory'),
    change: z.enum(['dump', 'transfer', 'ledger']),
    id: z.number().int().nullable(),
  }),
  /** An order was saved, started, paused or resumed, ran a batch, or was deleted. */
  z.object({
    ...sequenced,
    type: z.literal('order'),
    id: z.number().int(),
    change: z.enum(['saved', 'status', 'batch', 'deleted']),
  }),
  /** An administrator changed a setting; screens that read it take the new value at once. */
  z.object({ ...sequenced, type: z.literal('setting'), ref_id: z.string(), value: z.string() }),
  /** A console service (PLC gateway, simulator, ...) was started or stopped. */
  z.object({
    ...sequenced,
    type: z.literal('service'),
    id: z.string(),
    status: z.enum(['running', 'stopped']),
  }),
]);
export type LiveEvent = z.infer<typeof liveEvent>;
/** A live event before the stream gives it its place in the sequence. */
export type UnsequencedLiveEvent = LiveEvent extends infer E
  ? E extends LiveEvent
    ? Omit<E, 'seq'>
    : never
  : never;

/**
 * The server writes a comment line on every live stream at this interval, so proxies never see
 * an idle connection and the browser can tell a silent, dead stream from a quiet plant.
 */
export const LIVE_HEARTBEAT_MS = 5_000;

/**
 * A browser opens at most six HTTP/1.1 connections to one server, and each live stream holds
 * one for as long as its tab is open. Past this many streams from one browser the server refuses
 * more, so that the browser's pages and requests always have a connection left.
 */
export const LIVE_MAX_STREAMS_PER_BROWSER = 4;

/** The header with which a console tab names its browser when it opens GET /api/live. */
export const LIVE_BROWSER_HEADER = 'x-console-browser';

/**
 * The headers of GET /api/live: the browser's id, random and shared by the browser's tabs.
 * Clients other than the console's tabs may leave it out; their streams count only per user.
 */
export const liveStreamHeaders = z.object({
  [LIVE_BROWSER_HEADER]: z
    .string()
    .regex(/^[0-9a-f]{32}$/, { error: 'The browser id must be 32 hexadecimal digits' })
    .optional(),
});
