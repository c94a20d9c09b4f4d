import { z } from 'zod';

export const healthReply = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.record(z.string(), z.enum(['ok', 'failed'])),
});
export type HealthReply = z.infer<typeof healthReply>;
