import { createHash } from 'node:crypto';

/**
 * SHA-256 of a request as JSON with every object's keys in order: the same request sent again
 * gives the same fingerprint however its client ordered the fields.
 */
export function requestFingerprint(request: unknown): string {
  const canonical = JSON.stringify(request, (_key, value: unknown) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
  return createHash('sha256')
    .update(canonical ?? 'undefined')
    .digest('hex');
}
