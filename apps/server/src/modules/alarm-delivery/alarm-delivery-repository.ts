import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import {
  alarmAckLinks,
  alarmDeliveries,
  alarmDeliveryAttempts,
  alarmDeliverySettings,
  devices,
  notifications,
  users,
  type Executor,
} from '@roastery/db';

export type DeliveryRow = typeof alarmDeliveries.$inferSelect;
export type NewDelivery = Pick<
  typeof alarmDeliveries.$inferInsert,
  'key' | 'notificationId' | 'pipeline' | 'kind' | 'step' | 'dueAt'
>;

/** What a message says about its alarm, read when it is sent. */
export type AlarmRow = Pick<
  typeof notifications.$inferSelect,
  'id' | 'type' | 'text' | 'ack' | 'clearedAt' | 'createdAt' | 'shelvedUntil' | 'suppression'
> & { deviceCode: string | null };

/** How long a worker holds the messages it took before another may take them. */
const CLAIM_MS = 60_000;

export class AlarmDeliveryRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  /** The settings row exists from the first start, with its own key for the links. */
  async linkKey(): Promise<string> {
    await this.#db
      .insert(alarmDeliverySettings)
      .values({ id: 1, linkKey: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await this.#db
      .select({ linkKey: alarmDeliverySettings.linkKey })
      .from(alarmDeliverySettings)
      .where(eq(alarmDeliverySettings.id, 1));
    if (!row) throw new Error('The alarm delivery key could not be stored.');
    return row.linkKey;
  }

  async settings() {
    const [row] = await this.#db
      .select({
        config: alarmDeliverySettings.config,
        updatedBy: alarmDeliverySettings.updatedBy,
        updatedAt: alarmDeliverySettings.updatedAt,
      })
      .from(alarmDeliverySettings)
      .where(eq(alarmDeliverySettings.id, 1));
    return row ?? { config: null, updatedBy: null, updatedAt: null };
  }

  async saveSettings(config: Record<string, unknown>, by: string, at: Date): Promise<void> {
    await this.#db
      .update(alarmDeliverySettings)
      .set({ config, updatedBy: by, updatedAt: at })
      .where(eq(alarmDeliverySettings.id, 1));
  }

  /** The accounts among `ids`, by id. */
  async people(ids: number[]): Promise<Map<number, { username: string; fullName: string }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.#db
      .select({ id: users.id, username: users.username, fullName: users.fullName })
      .from(users)
      .where(inArray(users.id, ids));
    return new Map(rows.map((r) => [r.id, { username: r.username, fullName: r.fullName }]));
  }

  async alarm(id: number): Promise<AlarmRow | undefined> {
    const [row] = await this.#db
      .select({
        id: notifications.id,
        type: notifications.type,
        text: notifications.text,
        ack: notifications.ack,
        clearedAt: notifications.clearedAt,
        createdAt: notifications.createdAt,
        shelvedUntil: notifications.shelvedUntil,
        suppression: notifications.suppression,
        deviceCode: devices.deviceId,
      })
      .from(notifications)
      .leftJoin(devices, eq(devices.id, notifications.deviceId))
      .where(eq(notifications.id, id));
    return row;
  }

  /** Schedules messages; one already scheduled under the same key is kept as it is. */
  async schedule(rows: NewDelivery[]): Promise<void> {
    if (rows.length === 0) return;
    await this.#db.insert(alarmDeliveries).values(rows).onConflictDoNothing();
  }

  /** Takes the messages due at `now` that no other worker holds. */
  async claimDue(now: Date, limit: number): Promise<DeliveryRow[]> {
    const due = this.#db
      .select({ id: alarmDeliveries.id })
      .from(alarmDeliveries)
      .where(
        and(
          eq(alarmDeliveries.status, 'pending'),
          lte(alarmDeliveries.dueAt, now),
          or(isNull(alarmDeliveries.claimedUntil), lte(alarmDeliveries.claimedUntil, now)),
        ),
      )
      .orderBy(asc(alarmDeliveries.dueAt), asc(alarmDeliveries.id))
      .limit(limit);
    const claimed = await this.#db
      .update(alarmDeliveries)
      .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS) })
      .where(
        and(
          inArray(alarmDeliveries.id, due),
          or(isNull(alarmDeliveries.claimedUntil), lte(alarmDeliveries.claimedUntil, now)),
        ),
      )
      .returning();
    return claimed.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || a.id - b.id);
  }

  async skip(id: number, why: string): Promise<void> {
    await this.#db
      .update(alarmDeliveries)
      .set({ status: 'skipped', detail: why, claimedUntil: null })
      .where(eq(alarmDeliveries.id, id));
  }

  /** Records an attempt; a failed one is retried at `retryAt`, or given up when that is null. */
  async attempted(
    row: DeliveryRow,
    at: Date,
    outcome: { ok: true } | { ok: false; error: string; retryAt: Date | null },
  ): Promise<void> {
    await this.#db.transaction(async (tx) => {
      await tx.insert(alarmDeliveryAttempts).values({
        deliveryId: row.id,
        at,
        ok: outcome.ok,
        detail: outcome.ok ? null : outcome.error,
      });
      await tx
        .update(alarmDeliveries)
        .set({
          attempts: row.attempts + 1,
          claimedUntil: null,
          ...(outcome.ok
            ? { status: 'sent' as const, sentAt: at, detail: null }
            : outcome.retryAt
              ? { dueAt: outcome.retryAt, detail: outcome.error }
              : { status: 'failed' as const, detail: outcome.error }),
        })
        .where(eq(alarmDeliveries.id, row.id));
    });
  }

  async recent(limit: number): Promise<DeliveryRow[]> {
    return this.#db.select().from(alarmDeliveries).orderBy(desc(alarmDeliveries.id)).limit(limit);
  }

  async issueLink(link: typeof alarmAckLinks.$inferInsert): Promise<void> {
    await this.#db.insert(alarmAckLinks).values(link);
  }

  async link(jti: string) {
    const [row] = await this.#db.select().from(alarmAckLinks).where(eq(alarmAckLinks.jti, jti));
    return row;
  }

  /** Marks a link used; false when it was used before (or by a request at the same time). */
  async useLink(jti: string, at: Date): Promise<boolean> {
    const used = await this.#db
      .update(alarmAckLinks)
      .set({ usedAt: at })
      .where(and(eq(alarmAckLinks.jti, jti), isNull(alarmAckLinks.usedAt)))
      .returning({ jti: alarmAckLinks.jti });
    return used.length === 1;
  }

  /** Whether the message of this key went out. */
  async wasSent(key: string): Promise<boolean> {
    const [row] = await this.#db
      .select({ status: alarmDeliveries.status })
      .from(alarmDeliveries)
      .where(eq(alarmDeliveries.key, key));
    return row?.status === 'sent';
  }
}
