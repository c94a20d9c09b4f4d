import type { EventPage, EventWhere, LogEvent } from '@roastery/contract';
import { SharedReads } from '../../lib/shared-read.ts';
import type {
  EventFilter,
  EventLogRepository,
  EventRow,
  LogPosition,
  NewEventRow,
} from './event-log-repository.ts';

export type EventKind =
  | 'plc-write'
  | 'mode'
  | 'plc-link'
  | 'alarm'
  | 'device'
  | 'occupancy'
  | 'workflow'
  | 'order'
  | 'dump'
  | 'transfer'
  | 'sign-in'
  | 'setting'
  | 'path'
  | 'service'
  | 'config';

/** Rows an export reads per query: small enough to keep memory flat, large enough to be quick. */
const EXPORT_BATCH = 2_000;

/**
 * A page answers again for this long unless an event was recorded meanwhile: the bound on how
 * late a row written without this service (another server on the same database) is seen.
 */
const PAGE_MAX_AGE_MS = 1_000;

interface PageQuery {
  filter: EventFilter;
  page: number;
  limit: number;
}

/** The client's filter, field by field onto the repository's; nothing else reaches a query. */
export function filterOf(where: EventWhere): EventFilter {
  return {
    ...(where.device_id ? { deviceCode: where.device_id } : {}),
    ...(where.event_time?.gte ? { from: new Date(where.event_time.gte) } : {}),
    ...(where.event_time?.lt ? { to: new Date(where.event_time.lt) } : {}),
    ...(where.kind ? { kind: where.kind } : {}),
    ...(where.search ? { search: where.search } : {}),
  };
}

export function presentEvent(r: EventRow): LogEvent {
  return {
    event_id: r.id,
    device_id: r.deviceCode,
    device_name: r.deviceName,
    event_description: r.description,
    event_time: r.time.toISOString(),
    kind: r.kind,
    user: r.userName,
    result: r.result,
    latency_ms: r.latencyMs,
  };
}

/** The plant's events log: every write with who, what, value, result and latency. */
export class EventLogService {
  readonly #repo: EventLogRepository;
  /**
   * Screens polling the same page of the log (the newest, mostly) share one read until the next
   * event is recorded (see SharedRead): each read is a page and a total.
   */
  readonly #pages = new SharedReads((q: PageQuery) => this.#readPage(q), {
    keyOf: (q) => JSON.stringify([q.filter, q.page, q.limit]),
    maxKeys: 64,
    maxAgeMs: PAGE_MAX_AGE_MS,
  });

  constructor(repo: EventLogRepository) {
    this.#repo = repo;
  }

  async record(row: Omit<NewEventRow, 'kind'> & { kind: EventKind }): Promise<void> {
    await this.#repo.insert(row);
    this.#pages.invalidate();
  }

  /** A page of the log and its exact total; the reply object may be shared, never change it. */
  page(filter: EventFilter, page: number, limit: number): Promise<EventPage> {
    return this.#pages.get({ filter, page, limit });
  }

  async #readPage({ filter, page, limit }: PageQuery): Promise<EventPage> {
    const [rows, total] = await Promise.all([
      this.#repo.page(filter, page, limit),
      this.#repo.count(filter),
    ]);
    return {
      data: rows.map(presentEvent),
      currentPage: page,
      totalPage: Math.max(1, Math.ceil(total / limit)),
      limit,
      total,
    };
  }

  count(filter: EventFilter): Promise<number> {
    return this.#repo.count(filter);
  }

  /**
   * Every row the filter selects, newest first, a batch at a time: the caller holds one batch,
   * whatever the size of the log. Rows recorded during the walk after its first batch are not
   * part of it (the walk goes back in time).
   */
  async *walk(filter: EventFilter, batch = EXPORT_BATCH): AsyncGenerator<LogEvent[]> {
    let after: LogPosition | undefined;
    for (;;) {
      const rows = await this.#repo.batchAfter(filter, after, batch);
      if (rows.length > 0) yield rows.map(presentEvent);
      const last = rows.at(-1);
      if (!last || rows.length < batch) return;
      after = { time: last.position, id: last.id };
    }
  }
}
