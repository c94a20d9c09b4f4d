import { createHash } from 'node:crypto';

/** The previous hash of the first row. */
export const GENESIS_HASH = '0'.repeat(64);

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
 * sha256(prev_hash + canonical row). The canonical row is a JSON array in a fixed field order,
 * so no field's text can be mistaken for another's, and the time is its ISO form in UTC.
 */
export function auditHash(prevHash: string, facts: AuditFacts): string {
  const canonical = JSON.stringify([
    facts.at.toISOString(),
    facts.userId,
    facts.userName,
    facts.address,
    facts.category,
    facts.action,
    facts.target,
    facts.result,
  ]);
  return createHash('sha256').update(prevHash).update(canonical).digest('hex');
}
