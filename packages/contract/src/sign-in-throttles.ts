import { z } from 'zod';
import { idParams } from './integers.ts';

/**
 * A sign-in being slowed down after failed attempts: for one username from one address, for
 * every username from one address (password spraying), or for one browser's device cookie (its
 * own failures; the address shown is where it was used last).
 */
export const signInThrottleKind = z.enum(['username and address', 'address', 'device']);
export type SignInThrottleKind = z.infer<typeof signInThrottleKind>;

export const signInThrottle = z.object({
  /** Valid while the throttle lasts; a new one after it has been cleared or forgotten. */
  id: z.number().int(),
  kind: signInThrottleKind,
  /** As typed at sign-in, lower-cased (the cookie's person for a device); null for an address. */
  username: z.string().nullable(),
  address: z.string(),
  /** Failed sign-ins within the window. */
  failures: z.number().int(),
  /** When the next attempt is let through. */
  retry_at: z.string(),
  /** Seconds until then as the server answered; 0 when an attempt may be made now. */
  retry_after_seconds: z.number().int(),
});
export type SignInThrottle = z.infer<typeof signInThrottle>;

export const signInThrottleList = z.array(signInThrottle);

export const signInThrottleIdParams = idParams('Sign-in throttle');
