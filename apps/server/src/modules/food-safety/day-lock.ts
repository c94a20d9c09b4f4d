import { sql } from 'drizzle-orm';
import type { Transaction } from '@roastery/db';

/**
 * Holds the day until the transaction ends: a record written to a day and that day's signature
 * take turns, so a signature's hash covers every record written before its time, and none
 * written before that time commits after it.
 */
export async function lockDay(tx: Transaction, day: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`food-safety-day:${day}`}))`);
}
