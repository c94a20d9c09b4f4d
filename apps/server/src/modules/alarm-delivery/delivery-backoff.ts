/** Attempts of one message before it is given up. */
export const MAX_ATTEMPTS = 5;
const FIRST_RETRY_MS = 30_000;

/** When a message that failed its `attempt`-th time (1-based) is tried again; null to give up. */
export function retryAt(attempt: number, now: Date): Date | null {
  if (attempt >= MAX_ATTEMPTS) return null;
  return new Date(now.getTime() + FIRST_RETRY_MS * 2 ** (attempt - 1));
}
