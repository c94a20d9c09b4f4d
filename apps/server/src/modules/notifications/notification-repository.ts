import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  alarmSourcesOutOfService,
  alarmTransitions,
  devices,
  notifications,
  type Executor,
} from '@roastery/db';
import type { AlarmState, Suppression } from './alarm-state.ts';

export type NotificationRow = typeof notifications.$inferSelect & {
  deviceCode: string | null;
};

const columns = {
  id: notifications.id,
  type: notifications.type,
  deviceId: notifications.deviceId,
  text: notifications.text,
  by: notifications.by,
  source: notifications.source,
  code: notifications.code,
  ack: notifications.ack,
  ackAt: notifications.ackAt,
  ackBy: notifications.ackBy,
  seenAt: notifications.seenAt,
  clearedAt: notifications.clearedAt,
  createdAt: notifications.createdAt,
  shelvedUntil: notifications.shelvedUntil,
  shelvedBy: notifications.shelvedBy,
  shelveReason: notifications.shelveReason,
  suppression: notifications.suppression,
  deviceCode: devices.deviceId,
};

export type TransitionRow = typeof alarmTransitions.$inferInsert;

/** Neither shelved, suppressed nor out of service: what the bell shows and a person acts on. */
const annunciated = and(isNull(notifications.suppression), isNull(notifications.shelvedUntil));

/** The SQL form of `alarmState`: the shelve's end is applied by the sweep, not by the query. */
const stateFilter: Record<AlarmState, SQL | undefined> = {
  normal: and(annunciated, eq(notifications.ack, true), isNotNull(notifications.clearedAt)),
  unacknowledged: and(annunciated, eq(notifications.ack, false), isNull(notifications.clearedAt)),
  acknowledged: and(annunciated, eq(notifications.ack, true), isNull(notifications.clearedAt)),
  'returned-unacknowledged': and(
    annunciated,
    eq(notifications.ack, false),
    isNotNull(notifications.clearedAt),
  ),
  shelved: and(isNull(notifications.suppression), isNotNull(notifications.shelvedUntil)),
  suppressed: eq(notifications.suppression, 'suppressed'),
  'out-of-service': eq(notifications.suppression, 'out-of-service'),
};

export class NotificationRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  /** Runs `work` in one transaction, with a repository on it. */
  transaction<T>(work: (repo: NotificationRepository) => Promise<T>): Promise<T> {
    return this.#db.transaction((tx) => work(new NotificationRepository(tx)));
  }

  #select() {
    return this.#db
      .select(columns)
      .from(notifications)
      .leftJoin(devices, eq(devices.id, notifications.deviceId));
  }

  async findById(id: number): Promise<NotificationRow | undefined> {
    const [row] = await this.#select().where(eq(notifications.id, id));
    return row;
  }

  /**
   * Inserts each unless a notification with the same source is still active (not cleared): a
   * lasting condition is raised once. The sources must differ from each other. Returns, for each
   * row, its id or undefined when it was not inserted.
   */
  async insertUnlessActive(
    rows: (typeof notifications.$inferInsert)[],
  ): Promise<(number | undefined)[]> {
    if (rows.length === 0) return [];
    const created = await this.#db
      .insert(notifications)
      .values(rows)
      .onConflictDoNothing()
      .returning({ id: notifications.id, source: notifications.source });
    const bySource = new Map(created.flatMap((c) => (c.source === null ? [] : [[c.source, c.id]])));
    // Rows without a source never conflict: they come back in the order they were given.
    const unsourced = created.filter((c) => c.source === null).map((c) => c.id);
    let next = 0;
    return rows.map((r) => (r.source ? bySource.get(r.source) : unsourced[next++]));
  }

  async findByIds(ids: number[]): Promise<Map<number, NotificationRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.#select().where(inArray(notifications.id, ids));
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** Marks the active notification of a source as cleared in the plant; returns its id. */
  async clearSource(source: string, at: Date): Promise<number[]> {
    const rows = await this.#db
      .update(notifications)
      .set({ clearedAt: at })
      .where(and(eq(notifications.source, source), isNull(notifications.clearedAt)))
      .returning({ id: notifications.id });
    return rows.map((r) => r.id);
  }

  async activeCode(source: string): Promise<number | undefined> {
    const [row] = await this.#db
      .select({ code: notifications.code })
      .from(notifications)
      .where(and(eq(notifications.source, source), isNull(notifications.clearedAt)));
    return row ? (row.code ?? 0) : undefined;
  }

  /** Newest first; the later id first at the same instant, so that the order is one order. */
  unacknowledged(limit: number): Promise<NotificationRow[]> {
    return this.#select()
      .where(and(eq(notifications.ack, false), annunciated))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit);
  }

  async countUnacknowledged(): Promise<number> {
    return this.#db.$count(notifications, and(eq(notifications.ack, false), annunciated));
  }

  unseen(limit = 20): Promise<NotificationRow[]> {
    return this.#select()
      .where(and(eq(notifications.ack, false), annunciated, isNull(notifications.seenAt)))
      .orderBy(desc(notifications.createdAt))
      .limit(limit);
  }

  page(page: number, limit: number, state?: AlarmState): Promise<NotificationRow[]> {
    return this.#select()
      .where(state && stateFilter[state])
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset((page - 1) * limit);
  }

  async total(state?: AlarmState): Promise<number> {
    const [row] = await this.#db
      .select({ n: count() })
      .from(notifications)
      .where(state && stateFilter[state]);
    return row?.n ?? 0;
  }

  async acknowledge(id: number, userId: number, at: Date): Promise<boolean> {
    const rows = await this.#db
      .update(notifications)
      .set({ ack: true, ackAt: at, ackBy: userId })
      .where(and(eq(notifications.id, id), eq(notifications.ack, false)))
      .returning({ id: notifications.id });
    return rows.length > 0;
  }

  /** Acknowledges what the bell shows; shelved and hidden alarms wait for a person to see them. */
  async acknowledgeAll(
    userId: number,
    at: Date,
  ): Promise<{ id: number; clearedAt: Date | null }[]> {
    return this.#db
      .update(notifications)
      .set({ ack: true, ackAt: at, ackBy: userId })
      .where(and(eq(notifications.ack, false), annunciated))
      .returning({ id: notifications.id, clearedAt: notifications.clearedAt });
  }

  /** Writes the ISA-18.2 fields an alarm event changed. */
  async updateAlarm(
    id: number,
    fields: {
      ack?: boolean;
      ackAt?: Date;
      ackBy?: number;
      shelvedUntil?: Date | null;
      shelvedBy?: number | null;
      shelveReason?: string | null;
      suppression?: Suppression | null;
    },
  ): Promise<void> {
    await this.#db.update(notifications).set(fields).where(eq(notifications.id, id));
  }

  async recordTransitions(rows: TransitionRow[]): Promise<void> {
    if (rows.length > 0) await this.#db.insert(alarmTransitions).values(rows);
  }

  history(id: number) {
    return this.#db
      .select()
      .from(alarmTransitions)
      .where(eq(alarmTransitions.notificationId, id))
      .orderBy(asc(alarmTransitions.at), asc(alarmTransitions.id));
  }

  /** Shelved alarms whose shelve has ended at `now`. */
  shelveEnded(now: Date): Promise<NotificationRow[]> {
    return this.#select().where(lte(notifications.shelvedUntil, now));
  }

  /** The notifications of a source that are not back to normal and acknowledged. */
  openOfSource(source: string): Promise<NotificationRow[]> {
    return this.#select().where(
      and(
        eq(notifications.source, source),
        sql`not (${notifications.ack} and ${notifications.clearedAt} is not null)`,
      ),
    );
  }

  rowsOfSourceOutOfService(source: string): Promise<NotificationRow[]> {
    return this.#select().where(
      and(eq(notifications.source, source), eq(notifications.suppression, 'out-of-service')),
    );
  }

  /** Instants of the annunciated alarms raised after `since`, for the flood window. */
  async alarmsRaisedSince(since: Date): Promise<Date[]> {
    const rows = await this.#db
      .select({ at: notifications.createdAt })
      .from(notifications)
      .where(
        and(
          eq(notifications.type, 'alarm'),
          isNull(notifications.suppression),
          gt(notifications.createdAt, since),
        ),
      );
    return rows.map((r) => r.at);
  }

  /** The sources whose alarm is active now among these. */
  async activeSources(sources: string[]): Promise<string[]> {
    if (sources.length === 0) return [];
    const rows = await this.#db
      .select({ source: notifications.source })
      .from(notifications)
      .where(and(inArray(notifications.source, sources), isNull(notifications.clearedAt)));
    return rows.flatMap((r) => (r.source ? [r.source] : []));
  }

  outOfService() {
    return this.#db
      .select()
      .from(alarmSourcesOutOfService)
      .orderBy(asc(alarmSourcesOutOfService.source));
  }

  async removeFromService(source: string, reason: string, userId: number, at: Date) {
    const rows = await this.#db
      .insert(alarmSourcesOutOfService)
      .values({ source, reason, userId, at })
      .onConflictDoNothing()
      .returning({ source: alarmSourcesOutOfService.source });
    return rows.length > 0;
  }

  async returnToService(source: string): Promise<boolean> {
    const rows = await this.#db
      .delete(alarmSourcesOutOfService)
      .where(eq(alarmSourcesOutOfService.source, source))
      .returning({ source: alarmSourcesOutOfService.source });
    return rows.length > 0;
  }

  async sourceKnown(source: string): Promise<boolean> {
    return (await this.#db.$count(notifications, eq(notifications.source, source))) > 0;
  }

  async markSeen(id: number): Promise<boolean> {
    const rows = await this.#db
      .update(notifications)
      .set({ seenAt: sql`coalesce(${notifications.seenAt}, now())` })
      .where(eq(notifications.id, id))
      .returning({ id: notifications.id });
    return rows.length > 0;
  }
}
