import { and, asc, count, desc, eq, gt, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { auditLog, type Database } from '@roastery/db';
import { GENESIS_HASH, type AuditFacts } from './audit-chain.ts';

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditFilter {
  user?: string;
  category?: string;
  from?: Date;
  to?: Date;
  text?: string;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function conditions(f: AuditFilter): SQL | undefined {
  const text = f.text ? likePattern(f.text) : undefined;
  return and(
    f.user ? ilike(auditLog.userName, likePattern(f.user)) : undefined,
    f.category ? eq(auditLog.category, f.category) : undefined,
    f.from ? gte(auditLog.at, f.from) : undefined,
    f.to ? lt(auditLog.at, f.to) : undefined,
    text
      ? or(
          ilike(auditLog.action, text),
          ilike(auditLog.target, text),
          ilike(auditLog.result, text),
          ilike(auditLog.address, text),
        )
      : undefined,
  );
}

/** The audit log's only SQL. Rows are inserted and read, never changed (a trigger refuses it). */
export class AuditRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /**
   * Appends rows in order, in one transaction. The table lock makes every writer, in this
   * process or another, read the chain's head and insert after it one at a time, so the chain
   * stays one line. Readers are not blocked.
   */
  async append(entries: AuditFacts[], seal: (prevHash: string, facts: AuditFacts) => string) {
    await this.#db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${auditLog} in exclusive mode`);
      const [head] = await tx
        .select({ hash: auditLog.hash })
        .from(auditLog)
        .orderBy(desc(auditLog.id))
        .limit(1);
      let prevHash = head?.hash ?? GENESIS_HASH;
      const rows = entries.map((facts) => {
        const hash = seal(prevHash, facts);
        const row = { ...facts, prevHash, hash };
        prevHash = hash;
        return row;
      });
      await tx.insert(auditLog).values(rows);
    });
  }

  async page(
    filter: AuditFilter,
    page: number,
    limit: number,
  ): Promise<{ rows: AuditRow[]; total: number }> {
    const where = conditions(filter);
    const [rows, [totals]] = await Promise.all([
      this.#db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.#db.select({ total: count() }).from(auditLog).where(where),
    ]);
    return { rows, total: totals?.total ?? 0 };
  }

  async categories(): Promise<string[]> {
    const rows = await this.#db
      .selectDistinct({ category: auditLog.category })
      .from(auditLog)
      .orderBy(asc(auditLog.category));
    return rows.map((r) => r.category);
  }

  /** The rows after `afterId` in chain order, a batch at a time. */
  batchAfter(afterId: number, size: number): Promise<AuditRow[]> {
    return this.#db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, afterId))
      .orderBy(asc(auditLog.id))
      .limit(size);
  }
}
