import type { AuditEntry, AuditPage, AuditQuery, AuditVerification } from '@roastery/contract';
import { auditHash, GENESIS_HASH, type AuditFacts } from './audit-chain.ts';
import type { AuditRepository, AuditRow } from './audit-repository.ts';

/** What a caller records; the time is taken when it is recorded unless given. */
export type AuditRecord = Omit<AuditFacts, 'at' | 'userId' | 'userName' | 'address' | 'target'> & {
  at?: Date;
  userId?: number | null;
  userName?: string | null;
  address?: string | null;
  target?: string | null;
};

export interface AuditServiceDeps {
  repo: AuditRepository;
  /**
   * Told when rows could not be written, with how many were lost: the console raises an alarm.
   * It must not throw.
   */
  onFailure: (error: unknown, lost: AuditFacts[]) => void;
  now?: () => Date;
}

const VERIFY_BATCH = 1000;

function present(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    user_id: row.userId,
    user_name: row.userName,
    address: row.address,
    category: row.category,
    action: row.action,
    target: row.target,
    result: row.result,
  };
}

/**
 * The audit log. `record` never waits and never throws: requests that drive the plant hand
 * their entry over and go on. One writer in this process drains the queue, a batch per
 * transaction, in the order the entries were recorded; a failed batch is reported to
 * `onFailure` (an alarm) and the writer goes on with the next.
 */
export class AuditService {
  readonly #d: AuditServiceDeps;
  #queue: AuditFacts[] = [];
  #writing: Promise<void> | undefined;

  constructor(deps: AuditServiceDeps) {
    this.#d = deps;
  }

  record(entry: AuditRecord): void {
    this.#queue.push({
      at: entry.at ?? (this.#d.now ?? (() => new Date()))(),
      userId: entry.userId ?? null,
      userName: entry.userName ?? null,
      address: entry.address ?? null,
      category: entry.category,
      action: entry.action,
      target: entry.target ?? null,
      result: entry.result,
    });
    this.#writing ??= this.#drain();
  }

  /** Resolves once everything recorded so far is written (or reported lost). */
  async flush(): Promise<void> {
    while (this.#writing) await this.#writing;
  }

  async #drain(): Promise<void> {
    // Entries recorded in the same tick go in one batch.
    await Promise.resolve();
    while (this.#queue.length > 0) {
      const batch = this.#queue;
      this.#queue = [];
      try {
        await this.#d.repo.append(batch, auditHash);
      } catch (error) {
        this.#d.onFailure(error, batch);
      }
    }
    this.#writing = undefined;
  }

  async search(query: AuditQuery): Promise<AuditPage> {
    const { rows, total } = await this.#d.repo.page(
      {
        ...(query.user ? { user: query.user } : {}),
        ...(query.category ? { category: query.category } : {}),
        ...(query.from ? { from: new Date(query.from) } : {}),
        ...(query.to ? { to: new Date(query.to) } : {}),
        ...(query.text ? { text: query.text } : {}),
      },
      query.page,
      query.limit,
    );
    return { data: rows.map(present), total, page: query.page, limit: query.limit };
  }

  categories(): Promise<string[]> {
    return this.#d.repo.categories();
  }

  /**
   * Walks the chain from the first row: each row must name the previous row's hash and hash to
   * its own. The first row that does not is where the log was altered.
   */
  async verify(): Promise<AuditVerification> {
    let prevHash = GENESIS_HASH;
    let lastId = 0;
    let checked = 0;
    for (;;) {
      const rows = await this.#d.repo.batchAfter(lastId, VERIFY_BATCH);
      for (const row of rows) {
        if (row.prevHash !== prevHash || auditHash(prevHash, row) !== row.hash) {
          return {
            intact: false,
            checked,
            broken_at: row.id,
            message: `The audit log is broken at row ${row.id}: it was altered after it was written.`,
          };
        }
        prevHash = row.hash;
        lastId = row.id;
        checked += 1;
      }
      if (rows.length < VERIFY_BATCH) break;
    }
    return {
      intact: true,
      checked,
      broken_at: null,
      message: `The audit log is intact: ${checked} rows checked.`,
    };
  }
}
