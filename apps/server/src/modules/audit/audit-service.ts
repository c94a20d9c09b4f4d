import { setTimeout as sleep } from 'node:timers/promises';
import type { AuditEntry, AuditPage, AuditQuery, AuditVerification } from '@roastery/contract';
import { auditHash, auditMac, GENESIS_HASH, KEYED_SEAL, type AuditFacts } from './audit-chain.ts';
import { AUDIT_HEADS_FILE, type AuditHead, type AuditHeadLog } from './audit-head-log.ts';
import type { AuditRepository, AuditRow, AuditSealer } from './audit-repository.ts';
import type { AuditSpool } from './audit-spool.ts';
import { auditText } from './audit-text.ts';

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
  /** Seals the chain (HMAC-SHA-256) and the published heads; never stored in the database. */
  key: Buffer;
  spool: AuditSpool;
  heads: AuditHeadLog;
  /**
   * Told once per outage, when rows could not be written and went to the spool: the console
   * raises an alarm. It must not throw.
   */
  onOutage: (error: unknown, spooled: number) => void;
  /** Told when everything spooled is written again: the alarm's condition has ended. */
  onRecovered: () => void;
  now?: () => Date;
  /** Waits before the in-memory retries of a failed write; then its rows go to the spool. */
  retryDelaysMs?: readonly number[];
  /** The first and the longest wait between two attempts to write the spool. */
  spoolRetryMs?: { first: number; max: number };
}

const VERIFY_BATCH = 1000;
const SPOOL_BATCH = 500;
const RETRY_DELAYS_MS = [500, 1000, 2000];
const SPOOL_RETRY_MS = { first: 1000, max: 60_000 };

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

function nullableText(text: string | null | undefined): string | null {
  return text == null ? null : auditText(text);
}

function broken(checked: number, id: number, why: string): AuditVerification {
  return {
    intact: false,
    truncated: false,
    checked,
    broken_at: id,
    message: `The audit log is broken at row ${id}: ${why}`,
  };
}

/**
 * The audit log. `record` never waits and never throws: requests that drive the plant hand
 * their entry over and go on. One writer in this process drains the queue, a batch per
 * transaction, in the order the entries were recorded. A batch the database refuses while it
 * answers is written row by row, so one bad row never takes others with it. A write that fails
 * is retried a few times, then its rows go to the spool on disk, which is retried with a growing
 * wait until it is written, in order, and removed; `onOutage` is told once, `onRecovered` after.
 */
export class AuditService {
  readonly #d: AuditServiceDeps;
  readonly #sealer: AuditSealer;
  readonly #retryDelaysMs: readonly number[];
  readonly #spoolRetryMs: { first: number; max: number };
  #queue: AuditFacts[] = [];
  #writing: Promise<void> | undefined;
  /** Rows wait in the spool: new rows join them there, behind them. */
  #spooled: boolean;
  #retry: NodeJS.Timeout | undefined;
  #retryMs: number;
  #outage = false;
  #closing = false;
  #published: Promise<AuditHead | undefined> | undefined;

  constructor(deps: AuditServiceDeps) {
    this.#d = deps;
    this.#sealer = { kind: KEYED_SEAL, seal: (prev, facts) => auditMac(deps.key, prev, facts) };
    this.#retryDelaysMs = deps.retryDelaysMs ?? RETRY_DELAYS_MS;
    this.#spoolRetryMs = deps.spoolRetryMs ?? SPOOL_RETRY_MS;
    this.#retryMs = this.#spoolRetryMs.first;
    // Rows spooled before a restart are written first.
    this.#spooled = deps.spool.exists();
    if (this.#spooled) this.#writing = this.#drain();
  }

  /** Text is stored escaped (`\u0000`): what was sent stays visible and can always be stored. */
  record(entry: AuditRecord): void {
    this.#queue.push({
      at: entry.at ?? (this.#d.now ?? (() => new Date()))(),
      userId: entry.userId ?? null,
      userName: nullableText(entry.userName),
      address: nullableText(entry.address),
      category: auditText(entry.category),
      action: auditText(entry.action),
      target: nullableText(entry.target),
      result: auditText(entry.result),
    });
    this.#writing ??= this.#drain();
  }

  /** Resolves once everything recorded so far is written or kept in the spool. */
  async flush(): Promise<void> {
    while (this.#writing) await this.#writing;
  }

  /** Stops retrying: what cannot be written now goes to the spool for the next start. */
  async close(): Promise<void> {
    this.#closing = true;
    clearTimeout(this.#retry);
    this.#retry = undefined;
    await this.flush();
  }

  async #drain(): Promise<void> {
    // Entries recorded in the same tick go in one batch.
    await Promise.resolve();
    let attempt = 0;
    try {
      for (;;) {
        if (this.#spooled) {
          await this.#toSpool(this.#queue.splice(0));
          if (this.#retry || this.#closing) return;
          const { left, error } = await this.#writeSpool();
          if (left > 0) {
            this.#failed(error, left);
            return;
          }
          this.#spooled = false;
          this.#retryMs = this.#spoolRetryMs.first;
          continue;
        }
        if (this.#queue.length === 0) {
          this.#recovered();
          return;
        }
        const batch = this.#queue.splice(0);
        const { failed, error } = await this.#store(batch);
        if (failed.length === 0) continue;
        const delay = this.#retryDelaysMs[attempt];
        if (delay !== undefined && !this.#closing) {
          attempt += 1;
          this.#queue.unshift(...failed);
          await sleep(delay);
          continue;
        }
        await this.#toSpool([...failed, ...this.#queue.splice(0)]);
        this.#spooled = true;
        this.#failed(error, failed.length);
        return;
      }
    } catch (error) {
      // The spool itself could not be written: the rows stay in memory and are tried again.
      this.#failed(error, this.#queue.length);
    } finally {
      this.#writing = undefined;
      // Rows recorded while the writer was finishing: to the database, or behind the spool.
      if (this.#queue.length > 0 && !this.#retry) this.#writing = this.#drain();
    }
  }

  async #toSpool(entries: AuditFacts[]): Promise<void> {
    if (entries.length === 0) return;
    try {
      await this.#d.spool.append(entries);
    } catch (error) {
      this.#queue.unshift(...entries);
      throw error;
    }
  }

  /** The rows that could not be written, in order, and why. */
  async #store(batch: AuditFacts[]): Promise<{ failed: AuditFacts[]; error?: unknown }> {
    try {
      await this.#d.repo.append(batch, this.#sealer);
      return { failed: [] };
    } catch (error) {
      if (batch.length === 1 || !(await this.#d.repo.reachable())) return { failed: batch, error };
      const failed: AuditFacts[] = [];
      for (const entry of batch) {
        try {
          await this.#d.repo.append([entry], this.#sealer);
        } catch {
          failed.push(entry);
        }
      }
      return { failed, error };
    }
  }

  /** Writes the spool in batches; what is left stays in it, in order. */
  async #writeSpool(): Promise<{ left: number; error?: unknown }> {
    const entries = await this.#d.spool.read();
    const left: AuditFacts[] = [];
    let error: unknown;
    for (let i = 0; i < entries.length; i += SPOOL_BATCH) {
      const batch = entries.slice(i, i + SPOOL_BATCH);
      const stored = await this.#store(batch);
      error ??= stored.error;
      if (stored.failed.length === batch.length) {
        left.push(...entries.slice(i));
        break;
      }
      left.push(...stored.failed);
    }
    await this.#d.spool.replace(left);
    return { left: left.length, error };
  }

  #failed(error: unknown, count: number): void {
    if (!this.#outage) {
      this.#outage = true;
      this.#d.onOutage(error, count);
    }
    if (this.#closing) return;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      this.#writing ??= this.#drain();
    }, this.#retryMs);
    this.#retry.unref();
    this.#retryMs = Math.min(this.#retryMs * 2, this.#spoolRetryMs.max);
  }

  #recovered(): void {
    if (!this.#outage) return;
    this.#outage = false;
    this.#d.onRecovered();
  }

  /**
   * Appends the chain's head to the head file when it moved since the last publication:
   * called at intervals and on a clean shutdown.
   */
  async publishHead(): Promise<void> {
    const last = () => this.#d.heads.read().then(({ heads }) => heads.at(-1));
    // Publications run one after the other; after a failed one the file says what was last.
    const next = (this.#published ?? last()).catch(last).then(async (previous) => {
      const head = await this.#d.repo.head();
      if (!head || (previous?.id === head.id && previous.mac === head.hash)) return previous;
      const published = {
        id: head.id,
        mac: head.hash,
        count: head.count,
        at: (this.#d.now ?? (() => new Date()))().toISOString(),
      };
      await this.#d.heads.append(published);
      return published;
    });
    this.#published = next;
    await next;
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
   * Walks the chain from the first row: each row must name the previous row's hash and carry its
   * own seal (the keyed MAC; plain SHA-256 only before the first keyed row), and each published
   * head must still be there as it was published. The first row that does not hold is where
   * the log was altered; a published head past the last row means rows were removed at the end.
   */
  async verify(): Promise<AuditVerification> {
    const { heads, altered } = await this.#d.heads.read();
    if (altered.length > 0) {
      return {
        intact: false,
        truncated: false,
        checked: 0,
        broken_at: null,
        message: `The published heads of the audit log were altered: line ${altered.join(', ')} of ${AUDIT_HEADS_FILE} does not carry the audit key's check.`,
      };
    }
    const published = new Map(heads.map((h) => [h.id, h]));
    let prevHash = GENESIS_HASH;
    let keyed = false;
    let lastId = 0;
    let checked = 0;
    for (;;) {
      const rows = await this.#d.repo.batchAfter(lastId, VERIFY_BATCH);
      for (const row of rows) {
        if (row.seal !== KEYED_SEAL && keyed) {
          return broken(
            checked,
            row.id,
            'it is not sealed with the audit key, as every row after the first sealed one is.',
          );
        }
        const seal =
          row.seal === KEYED_SEAL ? auditMac(this.#d.key, prevHash, row) : auditHash(prevHash, row);
        if (row.prevHash !== prevHash || seal !== row.hash) {
          return broken(checked, row.id, 'it was altered after it was written.');
        }
        checked += 1;
        const head = published.get(row.id);
        if (head && (head.mac !== row.hash || head.count !== checked)) {
          return broken(
            checked - 1,
            row.id,
            `it is not the row published as the log's head at ${head.at}.`,
          );
        }
        keyed ||= row.seal === KEYED_SEAL;
        prevHash = row.hash;
        lastId = row.id;
      }
      if (rows.length < VERIFY_BATCH) break;
    }
    const latest = heads.reduce<AuditHead | undefined>(
      (a, h) => (a && a.id >= h.id ? a : h),
      undefined,
    );
    if (latest && latest.id > lastId) {
      return {
        intact: false,
        truncated: true,
        checked,
        broken_at: null,
        message: `The audit log was cut short: it ends at row ${lastId} with ${checked} rows, but row ${latest.id} was published as its head at ${latest.at} with ${latest.count} rows. Rows were removed from its end.`,
      };
    }
    return {
      intact: true,
      truncated: false,
      checked,
      broken_at: null,
      message: `The audit log is intact: ${checked} rows checked.`,
    };
  }
}
