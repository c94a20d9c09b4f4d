import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { devices, notifications, type Executor } from '@roastery/db';

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
  deviceCode: devices.deviceId,
};

export class NotificationRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
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
   * Inserts unless a notification with the same source is still active (not cleared), in which
   * case nothing happens and undefined is returned: a lasting condition is raised once.
   */
  async insertUnlessActive(row: typeof notifications.$inferInsert): Promise<number | undefined> {
    const [created] = await this.#db
      .insert(notifications)
      .values(row)
      .onConflictDoNothing()
      .returning({ id: notifications.id });
    return created?.id;
  }

  /** Marks the active notification of a source as cleared in the plant; returns its id. */
  async clearSource(source: string): Promise<number[]> {
    const rows = await this.#db
      .update(notifications)
      .set({ clearedAt: new Date() })
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
      .where(eq(notifications.ack, false))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit);
  }

  async countUnacknowledged(): Promise<number> {
    return this.#db.$count(notifications, eq(notifications.ack, false));
  }

  unseen(limit = 20): Promise<NotificationRow[]> {
    return this.#select()
      .where(and(eq(notifications.ack, false), isNull(notifications.seenAt)))
      .orderBy(desc(notifications.createdAt))
      .limit(limit);
  }

  page(page: number, limit: number): Promise<NotificationRow[]> {
    return this.#select()
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset((page - 1) * limit);
  }

  async total(): Promise<number> {
    const [row] = await this.#db.select({ n: count() }).from(notifications);
    return row?.n ?? 0;
  }

  async acknowledge(id: number, userId: number): Promise<boolean> {
    const rows = await this.#db
      .update(notifications)
      .set({ ack: true, ackAt: new Date(), ackBy: userId })
      .where(and(eq(notifications.id, id), eq(notifications.ack, false)))
      .returning({ id: notifications.id });
    return rows.length > 0;
  }

  async acknowledgeAll(userId: number): Promise<number> {
    const rows = await this.#db
      .update(notifications)
      .set({ ack: true, ackAt: new Date(), ackBy: userId })
      .where(eq(notifications.ack, false))
      .returning({ id: notifications.id });
    return rows.length;
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
