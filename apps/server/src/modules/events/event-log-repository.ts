import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import { devices, events, type Executor } from '@roastery/db';

export type EventRow = typeof events.$inferSelect & { deviceCode: string | null };
export type NewEventRow = typeof events.$inferInsert;

export interface EventFilter {
  deviceCode?: string;
  from?: Date;
  to?: Date;
  kind?: string;
  search?: string;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The filter, mapped field by field; no client text reaches SQL except as a bound value. */
function whereOf(f: EventFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    f.deviceCode ? eq(devices.deviceId, f.deviceCode) : undefined,
    f.from ? gte(events.time, f.from) : undefined,
    f.to ? lt(events.time, f.to) : undefined,
    f.kind ? eq(events.kind, f.kind) : undefined,
    f.search
      ? or(
          ilike(events.description, `%${escapeLike(f.search)}%`),
          ilike(events.deviceName, `%${escapeLike(f.search)}%`),
        )
      : undefined,
  ];
  return and(...parts.filter((p): p is SQL => p !== undefined));
}

export class EventLogRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  async insert(row: NewEventRow): Promise<void> {
    await this.#db.insert(events).values(row);
  }

  page(filter: EventFilter, page: number, limit: number): Promise<EventRow[]> {
    return this.#db
      .select({ ...getColumns(), deviceCode: devices.deviceId })
      .from(events)
      .leftJoin(devices, eq(devices.id, events.deviceId))
      .where(whereOf(filter))
      .orderBy(desc(events.time), desc(events.id))
      .limit(limit)
      .offset((page - 1) * limit);
  }

  /**
   * The rows after a position in the log's order (newest first), for an export that walks the
   * whole selection: each batch is one index range read, however deep into the log it is.
   */
  batchAfter(
    filter: EventFilter,
    after: { time: Date; id: number } | undefined,
    size: number,
  ): Promise<EventRow[]> {
    const position = after
      ? or(lt(events.time, after.time), and(eq(events.time, after.time), lt(events.id, after.id)))
      : undefined;
    return this.#db
      .select({ ...getColumns(), deviceCode: devices.deviceId })
      .from(events)
      .leftJoin(devices, eq(devices.id, events.deviceId))
      .where(and(whereOf(filter), position))
      .orderBy(desc(events.time), desc(events.id))
      .limit(size);
  }

  async count(filter: EventFilter): Promise<number> {
    const [row] = await this.#db
      .select({ n: count() })
      .from(events)
      .leftJoin(devices, eq(devices.id, events.deviceId))
      .where(whereOf(filter));
    return row?.n ?? 0;
  }
}

function getColumns() {
  return {
    id: events.id,
    deviceId: events.deviceId,
    deviceName: events.deviceName,
    description: events.description,
    kind: events.kind,
    userId: events.userId,
    userName: events.userName,
    commandKind: events.commandKind,
    commandId: events.commandId,
    value: events.value,
    result: events.result,
    latencyMs: events.latencyMs,
    time: events.time,
  };
}
