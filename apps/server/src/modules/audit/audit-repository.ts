import { and, asc, count, desc, eq, gt, gte, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { auditLog, type Database } from '@roastery/db';
import { GENESIS_HASH, type AuditFacts, type AuditSealKind } from './audit-chain.ts';

export type AuditRow = typeof auditLog.$inferSelect;

/** How new rows are sealed: the kind stored with each row and the function that seals it. */
export interface AuditSealer {
  kind: AuditSealKind;
  seal(prevHash: string, facts: AuditFacts): string;
}

export interface AuditChainHead {
  id: number;
  hash: string;
  /** Rows up to and including this one. */
  count: number;
}

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
  async append(entries: AuditFacts[], sealer: AuditSealer) {
    await this.#db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${auditLog} in exclusive mode`);
      const [head] = await tx
        .select({ hash: auditLog.hash })
        .from(auditLog)
        .orderBy(desc(auditLog.id))
        .limit(1);
      let prevHash = head?.hash ?? GENESIS_HASH;
      const rows = entries.map((facts) => {
        const hash = sealer.seal(prevHash, facts);
        const row = { ...facts, prevHash, hash, seal: sealer.kind };
        prevHash = hash;
        return row;
      });
      await tx.insert(auditLog).values(rows);
    });
  }

  /** Whether the database answers at all: a failed append is then the row's fault. */
  async reachable(): Promise<boolean> {
    try {
      await this.#db.execute(sql`select 1`);
      return true;
    } catch {
      return false;
    }
  }

  /** The chain's last row and how many rows lead up to it. */
  async head(): Promise<AuditChainHead | undefined> {
    const [last] = await this.#db
      .select({ id: auditLog.id, hash: auditLog.hash })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    if (!last) return undefined;
    const [upTo] = await this.#db
      .select({ count: count() })
      .from(auditLog)
      .where(lte(auditLog.id, last.id));
    return { ...last, count: upTo?.count ?? 0 };
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
