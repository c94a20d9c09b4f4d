import { createHash, createHmac } from 'node:crypto';

/** The previous hash of the first row. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * How a row was sealed: `hmac-sha256` under the audit key since the key was introduced,
 * `sha256` for the rows written before, which anyone holding the database could recompute.
 */
export type AuditSealKind = 'sha256' | 'hmac-sha256';
export const KEYED_SEAL: AuditSealKind = 'hmac-sha256';

/** What one audit row says, as the chain covers it. */
export interface AuditFacts {
  at: Date;
  userId: number | null;
  userName: string | null;
  address: string | null;
  category: string;
  action: string;
  target: string | null;
  result: string;
}

/**
 * The canonical row: a JSON array in a fixed field order, so no field's text can be mistaken for
 * another's, and the time is its ISO form in UTC.
 */
function canonical(facts: AuditFacts): string {
  return JSON.stringify([
    facts.at.toISOString(),
    facts.userId,
    facts.userName,
    facts.address,
    facts.category,
    facts.action,
    facts.target,
    facts.result,
  ]);
}

/** sha256(prev_hash + canonical row): how rows were sealed before the audit key. */
export function auditHash(prevHash: string, facts: AuditFacts): string {
  return createHash('sha256').update(prevHash).update(canonical(facts)).digest('hex');
}

/**
 * HMAC-SHA-256(key, prev_hash + canonical row). The key lives outside the database, so whoever
 * holds only the database cannot recompute the chain after changing a row.
 */
export function auditMac(key: Buffer, prevHash: string, facts: AuditFacts): string {
  return createHmac('sha256', key).update(prevHash).update(canonical(facts)).digest('hex');
}
