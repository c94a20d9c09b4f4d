import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { userTotp, type Executor } from '@roastery/db';

export type TotpRow = typeof userTotp.$inferSelect;

export class TotpRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  find(userId: number): Promise<TotpRow | undefined> {
    return this.#db
      .select()
      .from(userTotp)
      .where(eq(userTotp.userId, userId))
      .then((rows) => rows[0]);
  }

  /** A new, unconfirmed secret; replaces an unconfirmed one, never an enabled one. */
  async startEnrolment(userId: number, secret: string): Promise<boolean> {
    const rows = await this.#db
      .insert(userTotp)
      .values({ userId, secret })
      .onConflictDoUpdate({
        target: userTotp.userId,
        set: { secret, lastCounter: null, createdAt: new Date() },
        setWhere: isNull(userTotp.enabledAt),
      })
      .returning({ userId: userTotp.userId });
    return rows.length > 0;
  }

  /**
   * Takes a code's time step, only if it is later than the last one taken: a code is never
   * accepted twice, even by two sign-ins at the same moment. Enables the factor on the way.
   */
  async takeCounter(userId: number, counter: number): Promise<boolean> {
    const rows = await this.#db
      .update(userTotp)
      .set({ lastCounter: counter, enabledAt: sql`coalesce(${userTotp.enabledAt}, now())` })
      .where(
        and(
          eq(userTotp.userId, userId),
          or(isNull(userTotp.lastCounter), lt(userTotp.lastCounter, counter)),
        ),
      )
      .returning({ userId: userTotp.userId });
    return rows.length > 0;
  }

  async remove(userId: number): Promise<boolean> {
    const rows = await this.#db
      .delete(userTotp)
      .where(eq(userTotp.userId, userId))
      .returning({ userId: userTotp.userId });
    return rows.length > 0;
  }

  async enabled(userId: number): Promise<boolean> {
    const rows = await this.#db
      .select({ userId: userTotp.userId })
      .from(userTotp)
      .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.enabledAt)));
    return rows.length > 0;
  }
}
