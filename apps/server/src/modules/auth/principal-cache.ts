import type { RoleId } from '@roastery/contract';
import type { Principal } from './auth-service.ts';

/** What a request's authentication needs of a user, as stored when it was loaded. */
export interface CachedPrincipal {
  principal: Principal;
  /** An access token carrying another version is refused (a password change bumps it). */
  tokenVersion: number;
}

/**
 * The users' token versions and roles in memory, so that an authenticated call reads no
 * database. Each user is loaded once; every change to a user must call `invalidate` after its
 * transaction commits. This is the one place that knows: a transport that shares changes
 * between several server instances will call `invalidate` on each of them.
 *
 * A load that was under way when its user was invalidated may have read the row before the
 * change: its answer goes to the callers that were waiting for it but is never kept. A
 * generation counter per user tells such a load apart.
 */
export class PrincipalCache {
  readonly #load: (userId: number) => Promise<CachedPrincipal | undefined>;
  /** undefined: not loaded; null: no such user (ids are never reused). */
  readonly #entries = new Map<number, CachedPrincipal | null>();
  readonly #loading = new Map<number, Promise<CachedPrincipal | undefined>>();
  readonly #generations = new Map<number, number>();

  constructor(load: (userId: number) => Promise<CachedPrincipal | undefined>) {
    this.#load = load;
  }

  get(userId: number): CachedPrincipal | undefined | Promise<CachedPrincipal | undefined> {
    const entry = this.#entries.get(userId);
    if (entry !== undefined) return entry ?? undefined;
    return this.#loading.get(userId) ?? this.#startLoad(userId);
  }

  /** Forgets a user at once; the next request loads the user again. */
  invalidate(userId: number): void {
    this.#generations.set(userId, this.#generation(userId) + 1);
    this.#entries.delete(userId);
    this.#loading.delete(userId);
  }

  #generation(userId: number): number {
    return this.#generations.get(userId) ?? 0;
  }

  #startLoad(userId: number): Promise<CachedPrincipal | undefined> {
    const generation = this.#generation(userId);
    const load = this.#load(userId).then(
      (loaded) => {
        if (this.#generation(userId) === generation) {
          this.#entries.set(userId, loaded ?? null);
          this.#loading.delete(userId);
        }
        return loaded;
      },
      (error: unknown) => {
        if (this.#generation(userId) === generation) this.#loading.delete(userId);
        throw error;
      },
    );
    this.#loading.set(userId, load);
    return load;
  }
}

/** The loader of a cache over the users table. */
/** What loading a principal needs of the users' store (their repository, in the app). */
interface UserSource {
  findById(
    id: number,
  ): Promise<
    | { id: number; role: number; username: string; fullName: string; tokenVersion: number }
    | undefined
  >;
}

export function principalLoader(
  users: UserSource,
): (userId: number) => Promise<CachedPrincipal | undefined> {
  return async (userId) => {
    const row = await users.findById(userId);
    if (!row) return undefined;
    // One object serves every request of the user until it changes: none may alter it.
    const principal = Object.freeze({
      id: row.id,
      role: row.role as RoleId,
      username: row.username,
      fullName: row.fullName,
    });
    return { principal, tokenVersion: row.tokenVersion };
  };
}
