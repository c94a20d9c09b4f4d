import type { LogEvent } from '@roastery/contract';
import type { EventFilter, EventLogRepository, NewEventRow } from './event-log-repository.ts';

export type EventKind = 'plc-write' | 'mode' | 'plc-link' | 'alarm' | 'device' | 'occupancy';

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
    const data: LogEvent[] = rows.map((r) => ({
      event_id: r.id,
      device_id: r.deviceCode,
      device_name: r.deviceName,
      event_description: r.description,
      event_time: r.time.toISOString(),
      kind: r.kind,
      user: r.userName,
      result: r.result,
      latency_ms: r.latencyMs,
    }));
    return {
      data,
      currentPage: page,
      totalPage: Math.max(1, Math.ceil(total / limit)),
      limit,
      total,
    };
  }
}
