import { tokenClaims } from './token-claims.ts';

/** The spec's background call: every 2 minutes. */
export const KEEP_ALIVE_MS = 120_000;
/**
 * A token that would expire before the next background call, or within a minute after it, is
 * renewed now: a call made just before the next tick must still find a valid token.
 */
const RENEW_MARGIN_MS = KEEP_ALIVE_MS + 60_000;

/** When an access token (a JWT) expires, in ms since the epoch; undefined when it says not. */
export function tokenExpiry(token: string | undefined): number | undefined {
  const exp = tokenClaims(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : undefined;
}

export function needsRenewal(expiresAt: number | undefined, now: number): boolean {
  return expiresAt !== undefined && expiresAt - now < RENEW_MARGIN_MS;
}

/**
 * Whole minutes left (at least 1) when the session ends within the warning window, else
 * undefined. A warning of 0 minutes means never warn.
 */
export function minutesLeftToWarn(
  expiresAt: number | undefined,
  now: number,
  warnMinutes: number,
): number | undefined {
  if (expiresAt === undefined || warnMinutes <= 0) return undefined;
  const left = expiresAt - now;
  if (left > warnMinutes * 60_000) return undefined;
  return Math.max(1, Math.ceil(left / 60_000));
}
