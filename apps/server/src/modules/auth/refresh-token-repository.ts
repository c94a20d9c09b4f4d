import { and, eq, gt, inArray, isNull, min } from 'drizzle-orm';
import { refreshTokens, type Executor } from '@roastery/db';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export class RefreshTokenRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  async insert(
    row: {
      userId: number;
      familyId: string;
      tokenHash: string;
      expiresAt: Date;
      address: string | null;
      userAgent: string | null;
    },
    tx?: Executor,
  ): Promise<void> {
    await (tx ?? this.#db).insert(refreshTokens).values(row);
  }

  /** The user a token belongs to, without a lock: what to lock first. */
  async userOf(tokenHash: string, tx: Executor): Promise<number | undefined> {
    const [row] = await tx
      .select({ userId: refreshTokens.userId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    return row?.userId;
  }

  /** Locks the row so that two refreshes with one token cannot both succeed. */
  async findByHashForUpdate(tokenHash: string, tx: Executor): Promise<RefreshTokenRow | undefined> {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .for('update');
    return row;
  }

  async markUsed(id: number, tx: Executor): Promise<void> {
    await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, id));
  }

  async revokeFamily(familyId: string, tx?: Executor): Promise<void> {
    await (tx ?? this.#db)
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  async revokeAllForUser(userId: number, tx?: Executor): Promise<void> {
    await (tx ?? this.#db)
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  }

  /** Revokes one sign-in of the user; false when it had already ended or is another's. */
  async revokeFamilyOfUser(userId: number, familyId: string, tx: Executor): Promise<boolean> {
    const rows = await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(refreshTokens.userId, userId),
          eq(refreshTokens.familyId, familyId),
          isNull(refreshTokens.revokedAt),
          isNull(refreshTokens.usedAt),
          gt(refreshTokens.expiresAt, new Date()),
        ),
      )
      .returning({ id: refreshTokens.id });
    if (rows.length > 0) await this.revokeFamily(familyId, tx);
    return rows.length > 0;
  }

  /**
   * The user's live sign-ins: each family's current token (neither used, revoked nor expired),
   * with the time the family began.
   */
  async liveSessions(
    userId: number,
    now: Date,
  ): Promise<(RefreshTokenRow & { startedAt: Date })[]> {
    const current = await this.#db
      .select()
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      );
    if (current.length === 0) return [];
    const starts = await this.#db
      .select({ familyId: refreshTokens.familyId, startedAt: min(refreshTokens.createdAt) })
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.userId, userId),
          inArray(
            refreshTokens.familyId,
            current.map((r) => r.familyId),
          ),
        ),
      )
      .groupBy(refreshTokens.familyId);
    const startOf = new Map(starts.map((s) => [s.familyId, s.startedAt]));
    return current.map((row) => ({
      ...row,
      startedAt: startOf.get(row.familyId) ?? row.createdAt,
    }));
  }
}
