import { asc, eq, sql } from 'drizzle-orm';
import { users, type Executor } from '@roastery/db';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** Data access for users; the only place that touches the users table. */
export class UserRepository {
  readonly #db: Executor;

  constructor(db: Executor) {
    this.#db = db;
  }

  async findById(id: number, tx?: Executor): Promise<UserRow | undefined> {
    const [row] = await (tx ?? this.#db).select().from(users).where(eq(users.id, id));
    return row;
  }

  /**
   * Holds the user's row against change until the caller's transaction ends: whatever ends the
   * user's sessions updates this row first, so it waits, and then sees what the caller wrote.
   */
  async lockForSessions(id: number, tx: Executor): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('share');
  }

  async findByUsername(username: string, tx?: Executor): Promise<UserRow | undefined> {
    const [row] = await (tx ?? this.#db)
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
    return row;
  }

  list(): Promise<UserRow[]> {
    return this.#db.select().from(users).orderBy(asc(users.id));
  }

  count(): Promise<number> {
    return this.#db.$count(users);
  }

  async insert(row: NewUserRow, tx?: Executor): Promise<UserRow> {
    const [created] = await (tx ?? this.#db).insert(users).values(row).returning();
    if (!created) throw new Error('insert returned no row');
    return created;
  }

  async update(
    id: number,
    patch: Partial<Pick<UserRow, 'fullName' | 'username' | 'role'>>,
    tx?: Executor,
  ): Promise<UserRow | undefined> {
    const [row] = await (tx ?? this.#db)
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** Sets a new hash and bumps the token version, which invalidates every access token. */
  async setPassword(id: number, passwordHash: string, tx?: Executor): Promise<UserRow | undefined> {
    const [row] = await (tx ?? this.#db)
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** Invalidates every access token of the user without changing the password. */
  async bumpTokenVersion(id: number, tx?: Executor): Promise<void> {
    await (tx ?? this.#db)
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, id));
  }

  async delete(id: number, tx?: Executor): Promise<boolean> {
    const rows = await (tx ?? this.#db)
      .delete(users)
      .where(eq(users.id, id))
      .returning({ id: users.id });
    return rows.length > 0;
  }

  async countAdministrators(tx?: Executor): Promise<number> {
    return (tx ?? this.#db).$count(users, eq(users.role, 1));
  }
}
