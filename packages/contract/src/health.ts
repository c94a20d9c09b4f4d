import { z } from 'zod';

export const healthReply = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.record(z.string(), z.enum(['ok', 'failed'])),
});
export type HealthReply = z.infer<typeof healthReply>;

export const serviceStatus = z.enum(['running', 'stopped']);
export type ServiceStatus = z.infer<typeof serviceStatus>;

export const serviceLogLine = z.object({ message: z.string(), timestamp: z.string() });
export type ServiceLogLine = z.infer<typeof serviceLogLine>;

/** One service of the console as the System Monitor shows it. */
export const healthEntry = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  status: serviceStatus,
  /** What the service reports about itself beyond running or not (a PLC link's state). */
  health: z.string(),
  /** When its status last changed, or the process started. */
  since: z.string(),
  /** Seconds since it last started; null while stopped. */
  uptime: z.number().int().nullable(),
  /** Why a person cannot stop or start it from the console; null when they can. */
  locked: z.string().nullable(),
});
export type HealthEntry = z.infer<typeof healthEntry>;

export const healthDetail = healthEntry.extend({ logs: z.array(serviceLogLine) });
export type HealthDetail = z.infer<typeof healthDetail>;

export const serviceIdParams = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9-]+$/, 'A service id is lowercase letters, digits and dashes'),
});

/** The spec's "execute start or stop on a container (type, container)". */
export const executeServiceBody = z.strictObject({
  type: z.enum(['start', 'stop']),
  container: serviceIdParams.shape.id,
});
