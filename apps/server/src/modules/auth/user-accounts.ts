import type { Executor, users } from '@roastery/db';

/** A user with what signing in checks: the password hash and the token version. */
export type UserAccount = typeof users.$inferSelect;

/**
 * What sign-in and sessions ask of the users area (its UserCredentials): find a user, set a
 * password, end every token. The users area builds on auth, so auth names this instead of
 * importing it. Each write takes the caller's transaction.
 */
export interface UserAccounts {
  byId(id: number, tx?: Executor): Promise<UserAccount | undefined>;
  /**
   * Holds the user against the end of their sessions (a new password, role or removal) until the
   * caller's transaction ends, so that a refresh and a reset cannot pass each other.
   */
  lockForSessions(id: number, tx: Executor): Promise<void>;
  byUsername(username: string): Promise<UserAccount | undefined>;
  setPassword(id: number, passwordHash: string, tx: Executor): Promise<UserAccount | undefined>;
  /** Every access token of the user stops working. */
  bumpTokenVersion(id: number, tx: Executor): Promise<void>;
}
