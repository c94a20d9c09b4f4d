import { and, eq, isNull } from 'drizzle-orm';
import { refreshTokens, type Executor } from '@roastery/db';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export class RefreshTokenRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  async insert(
    row: { userId: number; familyId: string; tokenHash: string; expiresAt: Date },
    tx?: Executor,
  ): Promise<void> {
    await (tx ?? this.#db).insert(refreshTokens).values(row);
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
}
