import type { EventWhere, LogEvent } from '@roastery/contract';
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

  constructor(repo: EventLogRepository) {
    this.#repo = repo;
  }

  record(row: Omit<NewEventRow, 'kind'> & { kind: EventKind }): Promise<void> {
    return this.#repo.insert(row);
  }

  async page(filter: EventFilter, page: number, limit: number) {
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
