import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database, Transaction } from '@roastery/db';
import type { LoginReply, RefreshReply, RoleId, SignInThrottle } from '@roastery/contract';
import { HttpError, unauthorized, unprocessable, notFound } from '../../lib/http-errors.ts';
import type { UserAccount, UserCredentials } from '../users/user-credentials.ts';
import type { AccessTokens } from './access-tokens.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { PrincipalCache } from './principal-cache.ts';
import type { RefreshTokenRepository } from './refresh-token-repository.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password-hasher.ts';

/** The signed-in person behind a request. */
export interface Principal {
  id: number;
  role: RoleId;
  username: string;
  fullName: string;
}

export interface AuthServiceDeps {
  db: Database;
  users: UserCredentials;
  refreshTokens: RefreshTokenRepository;
  accessTokens: AccessTokens;
  throttle: LoginThrottle;
  principals: PrincipalCache;
  refreshTtlSeconds: number;
  /** Told of every checked sign-in, for the events log (who, and whether it was let in). */
  onSignIn?: (username: string, admitted: boolean) => void;
}

const INVALID_CREDENTIALS = 'Invalid username or password';
const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/** A sign-in refused before its password is checked; the reply says when to try again. */
export class SignInThrottled extends HttpError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    const unit = retryAfterSeconds === 1 ? 'second' : 'seconds';
    super(429, `Too many failed sign-in attempts. Try again in ${retryAfterSeconds} ${unit}.`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export class AuthService {
  readonly #d: AuthServiceDeps;

  constructor(deps: AuthServiceDeps) {
    this.#d = deps;
  }

  async login(username: string, password: string, address: string): Promise<LoginReply> {
    const attempt = this.#d.throttle.admit(username, address);
    if (!attempt.admitted) throw new SignInThrottled(attempt.retryAfterSeconds);
    let row: UserAccount | undefined;
    try {
      row = await this.#checkPassword(username, password);
      if (row) attempt.succeeded();
      else attempt.failed();
    } finally {
      // A check that threw (the database is down) must not keep holding the key's place.
      attempt.release();
    }
    this.#d.onSignIn?.(row?.username ?? username, row !== undefined);
    if (!row) throw unauthorized(INVALID_CREDENTIALS);
    const tokens = await this.#issue(row, randomUUID());
    return {
      full_name: row.fullName,
      token: tokens.token,
      refreshToken: tokens.refreshToken,
      role: row.role,
    };
  }

  /** The sign-ins being slowed down, for an administrator. */
  signInThrottles(): SignInThrottle[] {
    return this.#d.throttle.list();
  }

  /** Lets the username or address of one throttle sign in again at once. */
  clearSignInThrottle(id: number): void {
    if (!this.#d.throttle.clear(id)) {
      throw notFound('That sign-in is no longer being slowed down.');
    }
  }

  clearSignInThrottles(): void {
    this.#d.throttle.clearAll();
  }

  /** Rotates a refresh token. Presenting a spent one ends its whole sign-in family. */
  async refresh(refreshToken: string): Promise<RefreshReply> {
    const tokenHash = sha256(refreshToken);
    const outcome = await this.#d.db.transaction(async (tx) => {
      const row = await this.#d.refreshTokens.findByHashForUpdate(tokenHash, tx);
      if (!row || row.revokedAt) return { kind: 'invalid' } as const;
      if (row.usedAt) {
        await this.#d.refreshTokens.revokeFamily(row.familyId, tx);
        return { kind: 'reused' } as const;
      }
      if (row.expiresAt.getTime() <= Date.now()) return { kind: 'invalid' } as const;
      await this.#d.refreshTokens.markUsed(row.id, tx);
      const user = await this.#d.users.byId(row.userId, tx);
      if (!user) return { kind: 'invalid' } as const;
      return { kind: 'ok', tokens: await this.#issue(user, row.familyId, tx) } as const;
    });
    if (outcome.kind !== 'ok') throw unauthorized(SESSION_ENDED);
    return outcome.tokens;
  }

  async logout(refreshToken: string): Promise<void> {
    await this.#d.db.transaction(async (tx) => {
      const row = await this.#d.refreshTokens.findByHashForUpdate(sha256(refreshToken), tx);
      if (row) await this.#d.refreshTokens.revokeFamily(row.familyId, tx);
    });
  }

  /**
   * The principal behind a bearer token, checked against the user's current token version.
   * The user comes from the principal cache: no database query once the user is loaded.
   */
  async authenticate(token: string): Promise<Principal | undefined> {
    const claims = await this.#d.accessTokens.verify(token);
    if (!claims) return undefined;
    const cached = await this.#d.principals.get(claims.userId);
    if (!cached || cached.tokenVersion !== claims.tokenVersion) return undefined;
    return cached.principal;
  }

  /**
   * Changes one's own password. Every session of the user ends; the caller gets a fresh pair of
   * tokens so that the person who changed it stays signed in on this screen.
   */
  async changePassword(
    userId: number,
    oldPassword: string,
    newPassword: string,
  ): Promise<RefreshReply> {
    const row = await this.#d.users.byId(userId);
    if (!row) throw unauthorized();
    if (!(await verifyPassword(row.passwordHash, oldPassword))) {
      throw unprocessable('The old password is not correct.');
    }
    if (oldPassword === newPassword) {
      throw unprocessable('The new password must differ from the old one.');
    }
    const passwordHash = await hashPassword(newPassword);
    const tokens = await this.#d.db.transaction(async (tx) => {
      const updated = await this.#d.users.setPassword(userId, passwordHash, tx);
      if (!updated) throw unauthorized();
      await this.#d.refreshTokens.revokeAllForUser(userId, tx);
      return this.#issue(updated, randomUUID(), tx);
    });
    this.#d.principals.invalidate(userId);
    return tokens;
  }

  /** An administrator sets another user's password; that user's sessions all end. */
  async adminResetPassword(userId: number, newPassword: string): Promise<void> {
    const passwordHash = await hashPassword(newPassword);
    await this.#d.db.transaction(async (tx) => {
      const updated = await this.#d.users.setPassword(userId, passwordHash, tx);
      if (!updated) throw notFound('User not found.');
      await this.#d.refreshTokens.revokeAllForUser(userId, tx);
    });
    this.#d.principals.invalidate(userId);
  }

  /**
   * Ends every session of a user inside the caller's transaction: access tokens by the version,
   * refresh tokens revoked. The caller invalidates the principal cache once it has committed.
   */
  async endSessions(userId: number, tx: Transaction): Promise<void> {
    await this.#d.users.bumpTokenVersion(userId, tx);
    await this.#d.refreshTokens.revokeAllForUser(userId, tx);
  }

  /** The user whose password this is; an unknown username takes as long as a wrong password. */
  async #checkPassword(username: string, password: string): Promise<UserAccount | undefined> {
    const row = await this.#d.users.byUsername(username.trim());
    if (!row) {
      await verifyAgainstDummy(password);
      return undefined;
    }
    return (await verifyPassword(row.passwordHash, password)) ? row : undefined;
  }

  async #issue(
    user: UserAccount,
    familyId: string,
    tx?: Parameters<RefreshTokenRepository['insert']>[1],
  ): Promise<RefreshReply> {
    const refreshToken = randomBytes(32).toString('base64url');
    await this.#d.refreshTokens.insert(
      {
        userId: user.id,
        familyId,
        tokenHash: sha256(refreshToken),
        expiresAt: new Date(Date.now() + this.#d.refreshTtlSeconds * 1000),
      },
      tx,
    );
    const token = await this.#d.accessTokens.sign({
      userId: user.id,
      tokenVersion: user.tokenVersion,
    });
    return { token, refreshToken };
  }
}
