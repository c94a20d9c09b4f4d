import type { Executor } from '@roastery/db';
import type { UserAccount, UserAccounts } from '../auth/user-accounts.ts';
import type { UserRepository } from './user-repository.ts';

/**
 * The users area's answer to sign-in and sessions: find a user, set a password, end every
 * token. Apart from UserService, which itself ends sessions through the auth area, so that
 * neither needs the other to be built first. Each write takes the caller's transaction.
 */
export class UserCredentials implements UserAccounts {
  readonly #repo: UserRepository;

  constructor(repo: UserRepository) {
    this.#repo = repo;
  }

  byId(id: number, tx?: Executor): Promise<UserAccount | undefined> {
    return this.#repo.findById(id, tx);
  }

  lockForSessions(id: number, tx: Executor): Promise<void> {
    return this.#repo.lockForSessions(id, tx);
  }

  byUsername(username: string): Promise<UserAccount | undefined> {
    return this.#repo.findByUsername(username);
  }

  setPassword(id: number, passwordHash: string, tx: Executor): Promise<UserAccount | undefined> {
    return this.#repo.setPassword(id, passwordHash, tx);
  }

  /** Every access token of the user stops working. */
  bumpTokenVersion(id: number, tx: Executor): Promise<void> {
    return this.#repo.bumpTokenVersion(id, tx);
  }
}
