import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { devices, eventCounts, events, type Executor } from '@roastery/db';
import { countPlan, type CountPart } from './event-count-plan.ts';

export type EventRow = typeof events.$inferSelect & { deviceCode: string | null };
/** Where a walk through the log stands: the last row's time, exact to the microsecond, and id. */
export interface LogPosition {
  time: string;
  id: number;
}
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

function timeRange(part: CountPart): SQL | undefined {
  return and(
    part.from ? gte(events.time, part.from) : undefined,
    part.to ? lt(events.time, part.to) : undefined,
  );
}

function keptRange(part: CountPart): SQL | undefined {
  return and(
    eq(eventCounts.span, part.source),
    part.from ? gte(eventCounts.start, part.from) : undefined,
    part.to ? lt(eventCounts.start, part.to) : undefined,
  );
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
    after: LogPosition | undefined,
    size: number,
  ): Promise<(EventRow & { position: string })[]> {
    // A row comparison, not (time < t or (time = t and id < i)): the planner reads it as one
    // range of the time index, where the OR form rescans the log from its newest row each batch.
    const position = after
      ? sql`(${events.time}, ${events.id}) < (${after.time}::timestamptz, ${after.id})`
      : undefined;
    return this.#db
      .select({
        ...getColumns(),
        deviceCode: devices.deviceId,
        // A JavaScript Date keeps milliseconds; the column keeps microseconds.
        position: sql<string>`${events.time}::text`,
      })
      .from(events)
      .leftJoin(devices, eq(devices.id, events.deviceId))
      .where(and(whereOf(filter), position))
      .orderBy(desc(events.time), desc(events.id))
      .limit(size);
  }

  /**
   * How many rows the filter selects, exactly. Without a text search the whole hours and days
   * of its range come from the kept counts (event_counts) and only the minutes at its edges are
   * counted row by row, in one query; a text search counts its rows.
   */
  async count(filter: EventFilter): Promise<number> {
    const parts = filter.search ? [] : countPlan(filter.from, filter.to);
    const kept = parts.filter((p) => p.source !== 'rows');
    if (filter.search || kept.length === 0) return this.#countRows(filter);
    const edges = parts.filter((p) => p.source === 'rows');
    const rows = edges.length
      ? sql`(${this.#rowCount(filter, or(...edges.map(timeRange)))})`
      : sql`0`;
    const [row] = await this.#db
      .select({ n: sql<number>`coalesce(sum(${eventCounts.n}), 0) + ${rows}`.mapWith(Number) })
      .from(eventCounts)
      .where(
        and(
          or(...kept.map(keptRange)),
          filter.deviceCode
            ? inArray(
                eventCounts.deviceRef,
                this.#db
                  .select({ id: devices.id })
                  .from(devices)
                  .where(eq(devices.deviceId, filter.deviceCode)),
              )
            : undefined,
          filter.kind ? eq(eventCounts.kind, filter.kind) : undefined,
        ),
      );
    return row?.n ?? 0;
  }

  async #countRows(filter: EventFilter): Promise<number> {
    const [row] = await this.#rowCount(filter);
    return row?.n ?? 0;
  }

  #rowCount(filter: EventFilter, within?: SQL) {
    return this.#db
      .select({ n: count() })
      .from(events)
      .leftJoin(devices, eq(devices.id, events.deviceId))
      .where(and(whereOf(filter), within));
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
