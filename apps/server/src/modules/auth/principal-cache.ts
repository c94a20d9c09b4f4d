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
 * transaction commits. This is the one place that knows, and it tells the other server
 * instances (the hub's `user-changed` event), which `forget` the user.
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
  readonly #announce: (userId: number) => void;
  readonly #listeners = new Set<(userId: number) => void>();

  constructor(
    load: (userId: number) => Promise<CachedPrincipal | undefined>,
    /** Tells the other server instances, which then `forget` the user too. */
    announce: (userId: number) => void = () => undefined,
  ) {
    this.#load = load;
    this.#announce = announce;
  }

  get(userId: number): CachedPrincipal | undefined | Promise<CachedPrincipal | undefined> {
    const entry = this.#entries.get(userId);
    if (entry !== undefined) return entry ?? undefined;
    return this.#loading.get(userId) ?? this.#startLoad(userId);
  }

  /** Forgets a user at once, here and on every other instance; the next request loads it again. */
  invalidate(userId: number): void {
    this.forget(userId);
    this.#announce(userId);
  }

  /** Forgets every user here: changes announced meanwhile may have been missed. */
  forgetAll(): void {
    for (const userId of new Set([...this.#entries.keys(), ...this.#loading.keys()])) {
      this.forget(userId);
    }
  }

  /** Forgets a user here, for a change another instance announced. */
  forget(userId: number): void {
    this.#generations.set(userId, this.#generation(userId) + 1);
    this.#entries.delete(userId);
    this.#loading.delete(userId);
    for (const listener of this.#listeners) listener(userId);
  }

  /**
   * Calls `listener` after each invalidation, for what outlives a request (a live stream) to
   * check its token again; returns the function that stops listening.
   */
  onInvalidate(listener: (userId: number) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
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
