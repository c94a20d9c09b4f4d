import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { leaderRequests, type Database } from '@roastery/db';

export type LeaderRequestRow = typeof leaderRequests.$inferSelect;

/** The only SQL of the requests handed to the leading instance. */
export class LeaderRequestRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /**
   * Stores a request, pending or already claimed by the instance that runs it itself; a key
   * already stored is the same request, and its row is returned with `inserted` false.
   */
  async insert(row: {
    idempotencyKey: string;
    operation: string;
    args: unknown;
    requestHash: string;
    requestedBy: string;
    claimedBy?: string;
  }): Promise<{ row: LeaderRequestRow; inserted: boolean }> {
    const [inserted] = await this.#db
      .insert(leaderRequests)
      .values({ ...row, ...(row.claimedBy ? { status: 'claimed' as const } : {}) })
      .onConflictDoNothing({ target: leaderRequests.idempotencyKey })
      .returning();
    if (inserted) return { row: inserted, inserted: true };
    const existing = await this.byKey(row.idempotencyKey);
    if (!existing) throw new Error(`leader request ${row.idempotencyKey} vanished`);
    return { row: existing, inserted: false };
  }

  async byKey(key: string): Promise<LeaderRequestRow | undefined> {
    const [row] = await this.#db
      .select()
      .from(leaderRequests)
      .where(eq(leaderRequests.idempotencyKey, key));
    return row;
  }

  async get(id: number): Promise<LeaderRequestRow | undefined> {
    const [row] = await this.#db.select().from(leaderRequests).where(eq(leaderRequests.id, id));
    return row;
  }

  /**
   * Takes the oldest pending request for this instance, or none. SKIP LOCKED: two instances
   * that both believe they lead (one about to learn it does not) never take the same row.
   */
  async claimNext(instance: string): Promise<LeaderRequestRow | undefined> {
    const result = (await this.#db.execute(sql`
      update leader_requests set status = 'claimed', claimed_by = ${instance}
       where id = (select id from leader_requests where status = 'pending'
                    order by id for update skip locked limit 1)
      returning id`)) as { rows?: { id: number }[] };
    const id = result.rows?.[0]?.id;
    return id === undefined ? undefined : this.get(Number(id));
  }

  /** Stores the answer of a request this instance claimed. */
  async finish(id: number, status: 'done' | 'failed', result: unknown, at: Date): Promise<void> {
    await this.#db
      .update(leaderRequests)
      .set({ status, result, finishedAt: at })
      .where(and(eq(leaderRequests.id, id), eq(leaderRequests.status, 'claimed')));
  }

  /**
   * Requests claimed by a leader that is gone, without an answer: whether they reached the PLC
   * is unknown, so they are failed, never sent again. Returns their ids.
   */
  async failUnfinished(message: string, at: Date): Promise<number[]> {
    const rows = await this.#db
      .update(leaderRequests)
      .set({ status: 'failed', result: { statusCode: 503, message }, finishedAt: at })
      .where(eq(leaderRequests.status, 'claimed'))
      .returning({ id: leaderRequests.id });
    return rows.map((r) => r.id);
  }

  /** Gives a pending request up; false when a leader has claimed it meanwhile. */
  async expire(id: number, message: string, at: Date): Promise<boolean> {
    const rows = await this.#db
      .update(leaderRequests)
      .set({ status: 'expired', result: { statusCode: 503, message }, finishedAt: at })
      .where(and(eq(leaderRequests.id, id), eq(leaderRequests.status, 'pending')))
      .returning({ id: leaderRequests.id });
    return rows.length > 0;
  }

  /** Deletes the requests answered before `cutoff`; returns how many. */
  async removeAnsweredBefore(cutoff: Date): Promise<number> {
    const rows = await this.#db
      .delete(leaderRequests)
      .where(
        and(
          inArray(leaderRequests.status, ['done', 'failed', 'expired']),
          lt(leaderRequests.finishedAt, cutoff),
        ),
      )
      .returning({ id: leaderRequests.id });
    return rows.length;
  }
}
