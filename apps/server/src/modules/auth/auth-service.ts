import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database, Transaction } from '@roastery/db';
import {
  TOTP_REQUIRED_ERROR,
  type LoginBody,
  type LoginReply,
  type RefreshReply,
  type SignInThrottle,
  type TotpEnrolment,
  type UserSession,
} from '@roastery/contract';
import { HttpError, unauthorized, unprocessable, notFound } from '../../lib/http-errors.ts';
import type { Principal } from '../../principal.ts';
import type { AccessTokens } from './access-tokens.ts';
import type { DeviceCookie, DeviceCookies } from './device-cookies.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { PrincipalCache } from './principal-cache.ts';
import type { RefreshTokenRepository } from './refresh-token-repository.ts';
import type { SecondFactor } from './second-factor.ts';
import type { UserAccount, UserAccounts } from './user-accounts.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password-hasher.ts';
import type { ConfigChanged } from '../../plant/hub/config-changes.ts';

export type { Principal } from '../../principal.ts';

export interface AuthServiceDeps {
  db: Database;
  users: UserAccounts;
  refreshTokens: RefreshTokenRepository;
  accessTokens: AccessTokens;
  throttle: LoginThrottle;
  deviceCookies: DeviceCookies;
  principals: PrincipalCache;
  secondFactor: SecondFactor;
  refreshTtlSeconds: number;
  /**
   * Told of every checked sign-in, for the events log (who, and whether it was let in) and the
   * other instances' throttles (`device`: the id of the device cookie it came with).
   */
  onSignIn?: (username: string, admitted: boolean, address: string, device?: string) => void;
  /** Told of a password an administrator reset, for the events log. */
  configChanged?: ConfigChanged;
}

const INVALID_CREDENTIALS = 'Invalid username or password';
const SESSION_ENDED = 'Your session has ended. Please sign in again.';
const WRONG_CODE = 'The code is not correct, or it was already used. Wait for the next code.';
const USER_AGENT_MAX = 300;

/** Where a sign-in comes from, kept with its session for the administrator's list. */
export interface SignInClient {
  address: string;
  userAgent?: string | undefined;
}

/** A sign-in that let the person in: the tokens, and the browser's renewed device cookie. */
export interface SignedIn {
  reply: LoginReply;
  deviceCookie: DeviceCookie;
}

/** What proves it is the person: a current code, or the password. */
export interface OwnProof {
  code?: string | undefined;
  password?: string | undefined;
}

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

  /** `deviceCookie` is the value the browser sent under this username's device cookie. */
  async login(body: LoginBody, client: SignInClient, deviceCookie?: string): Promise<SignedIn> {
    const { username, password, code } = body;
    const device = await this.#d.deviceCookies.verify(username, deviceCookie);
    const attempt = this.#d.throttle.admit(username, client.address, device);
    if (!attempt.admitted) throw new SignInThrottled(attempt.retryAfterSeconds);
    let row: UserAccount | undefined;
    let outcome: 'admitted' | 'refused' | 'wrong code' | 'code required' = 'refused';
    try {
      row = await this.#checkPassword(username, password);
      const factor = row ? await this.#d.secondFactor.check(row.id, code) : undefined;
      if (!row) {
        attempt.failed();
      } else if (factor === 'wrong') {
        // A wrong code counts as a wrong password: guessing codes is slowed down alike.
        attempt.failed();
        outcome = 'wrong code';
      } else if (factor === 'missing') {
        // The password was right; the same attempt comes back with the code.
        outcome = 'code required';
      } else {
        attempt.succeeded();
        outcome = 'admitted';
      }
    } finally {
      // A check that threw (the database is down) must not keep holding the key's place.
      attempt.release();
    }
    if (outcome !== 'code required') {
      this.#d.onSignIn?.(row?.username ?? username, outcome === 'admitted', client.address, device);
    }
    if (outcome === 'code required') {
      throw new HttpError(
        401,
        'Enter the 6-digit code from your authenticator app.',
        TOTP_REQUIRED_ERROR,
      );
    }
    if (outcome === 'wrong code') throw unauthorized(WRONG_CODE);
    if (!row || outcome !== 'admitted') throw unauthorized(INVALID_CREDENTIALS);
    const tokens = await this.#issue(row, randomUUID(), client);
    return {
      reply: {
        full_name: row.fullName,
        token: tokens.token,
        refreshToken: tokens.refreshToken,
        role: row.role,
      },
      deviceCookie: await this.#d.deviceCookies.issue(username),
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
  async refresh(refreshToken: string, client?: SignInClient): Promise<RefreshReply> {
    const tokenHash = sha256(refreshToken);
    const outcome = await this.#d.db.transaction(async (tx) => {
      const owner = await this.#d.refreshTokens.userOf(tokenHash, tx);
      if (owner === undefined) return { kind: 'invalid' } as const;
      // The user first, then the token, in the order a reset takes them: a reset that ends the
      // user's sessions meanwhile either revokes this token before it is read, or waits for
      // this refresh and then revokes the token it issues too. Without it, on PostgreSQL, a
      // refresh under way could issue a token the reset's revocation did not see.
      await this.#d.users.lockForSessions(owner, tx);
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
      const from = client ?? { address: row.address ?? '', userAgent: row.userAgent ?? undefined };
      return { kind: 'ok', tokens: await this.#issue(user, row.familyId, from, tx) } as const;
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
   * A fresh access token of a signed-in user, for a request another server instance handed to
   * the one driving the plant: it runs there as the person who made it.
   */
  async accessTokenFor(userId: number): Promise<string | undefined> {
    const cached = await this.#d.principals.get(userId);
    return cached && this.#d.accessTokens.sign({ userId, tokenVersion: cached.tokenVersion });
  }

  /**
   * Calls `listener` with the id of each user whose sessions may have ended (a new password or
   * role, a removed user): what holds a token beyond one request checks it again.
   */
  onUserChanged(listener: (userId: number) => void): () => void {
    return this.#d.principals.onInvalidate(listener);
  }

  /**
   * Changes one's own password. Every session of the user ends; the caller gets a fresh pair of
   * tokens so that the person who changed it stays signed in on this screen.
   */
  async changePassword(
    userId: number,
    oldPassword: string,
    newPassword: string,
    client: SignInClient,
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
      return this.#issue(updated, randomUUID(), client, tx);
    });
    this.#d.principals.invalidate(userId);
    return tokens;
  }

  /** An administrator sets another user's password; that user's sessions all end. */
  async adminResetPassword(userId: number, newPassword: string, by: string): Promise<void> {
    const passwordHash = await hashPassword(newPassword);
    const user = await this.#d.db.transaction(async (tx) => {
      const updated = await this.#d.users.setPassword(userId, passwordHash, tx);
      if (!updated) throw notFound('User not found.');
      await this.#d.refreshTokens.revokeAllForUser(userId, tx);
      return updated;
    });
    this.#d.principals.invalidate(userId);
    this.#d.configChanged?.({ area: 'user', action: 'password reset', target: user.username, by });
  }

  /**
   * Ends every session of a user inside the caller's transaction: access tokens by the version,
   * refresh tokens revoked. The caller invalidates the principal cache once it has committed.
   */
  async endSessions(userId: number, tx: Transaction): Promise<void> {
    await this.#d.users.bumpTokenVersion(userId, tx);
    await this.#d.refreshTokens.revokeAllForUser(userId, tx);
  }

  /** A user's live sign-ins, the most recently renewed first. */
  async sessions(userId: number): Promise<UserSession[]> {
    if (!(await this.#d.users.byId(userId))) throw notFound('User not found.');
    const rows = await this.#d.refreshTokens.liveSessions(userId, new Date());
    return rows
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .map((row) => ({
        id: row.familyId,
        created_at: row.startedAt.toISOString(),
        last_used_at: row.createdAt.toISOString(),
        expires_at: row.expiresAt.toISOString(),
        address: row.address,
        user_agent: row.userAgent,
      }));
  }

  /**
   * Ends one sign-in of a user: its refresh token is revoked, and every access token of the
   * user stops at once (the token version). The user's other sign-ins renew theirs with their
   * refresh tokens, as on any expiry; the ended one must sign in again.
   */
  async endSession(userId: number, sessionId: string): Promise<void> {
    await this.#d.db.transaction(async (tx) => {
      if (!(await this.#d.users.byId(userId, tx))) throw notFound('User not found.');
      if (!(await this.#d.refreshTokens.revokeFamilyOfUser(userId, sessionId, tx))) {
        throw notFound('That session has already ended.');
      }
      await this.#d.users.bumpTokenVersion(userId, tx);
    });
    this.#d.principals.invalidate(userId);
  }

  /** Ends every sign-in of a user at once; one's own end by signing out, not from here. */
  async endAllSessions(actorId: number, userId: number): Promise<void> {
    if (actorId === userId) {
      throw unprocessable('You cannot end all of your own sessions here. Sign out instead.');
    }
    await this.#d.db.transaction(async (tx) => {
      if (!(await this.#d.users.byId(userId, tx))) throw notFound('User not found.');
      await this.endSessions(userId, tx);
    });
    this.#d.principals.invalidate(userId);
  }

  totpEnabled(userId: number): Promise<boolean> {
    return this.#d.secondFactor.enabled(userId);
  }

  async enrolTotp(userId: number): Promise<TotpEnrolment> {
    const user = await this.#d.users.byId(userId);
    if (!user) throw unauthorized();
    return this.#d.secondFactor.enrol(userId, user.username);
  }

  /** Confirms an enrolment with a first code; wrong codes are slowed down as at sign-in. */
  async confirmTotp(userId: number, code: string, client: SignInClient): Promise<void> {
    await this.#withCodeThrottle(userId, client, () => this.#d.secondFactor.confirm(userId, code));
  }

  async disableTotp(userId: number, code: string, client: SignInClient): Promise<void> {
    await this.#withCodeThrottle(userId, client, () => this.#d.secondFactor.disable(userId, code));
  }

  /**
   * An administrator removes another user's second factor, for a lost or replaced phone. One's
   * own goes only with a current code or the password, as on the screen that turns it off: a
   * session left open must not be enough to weaken the account.
   */
  async removeTotp(
    actor: Principal,
    userId: number,
    proof: OwnProof,
    client: SignInClient,
  ): Promise<void> {
    if (actor.id === userId) {
      await this.#removeOwnTotp(userId, proof, client);
      return;
    }
    const user = await this.#d.users.byId(userId);
    if (!user || !(await this.#d.secondFactor.remove(userId))) {
      throw notFound('That user has no two-step sign-in.');
    }
    this.#d.configChanged?.({
      area: 'user',
      action: 'two-step sign-in removed',
      target: user.username,
      by: actor.fullName,
    });
  }

  async #removeOwnTotp(userId: number, proof: OwnProof, client: SignInClient): Promise<void> {
    if (proof.code !== undefined) {
      await this.disableTotp(userId, proof.code, client);
      return;
    }
    const { password } = proof;
    if (password === undefined) {
      throw unprocessable('Give a current code from your authenticator app, or your password.');
    }
    if (!(await this.#d.secondFactor.enabled(userId))) {
      throw notFound('That user has no two-step sign-in.');
    }
    await this.#withCodeThrottle(
      userId,
      client,
      async (user) => verifyPassword(user.passwordHash, password),
      'The password is not correct.',
    );
    await this.#d.secondFactor.remove(userId);
  }

  /** Checks a code or password of a signed-in user, slowed down on failures as at sign-in. */
  async #withCodeThrottle(
    userId: number,
    client: SignInClient,
    check: (user: UserAccount) => Promise<boolean>,
    wrong = WRONG_CODE,
  ): Promise<void> {
    const user = await this.#d.users.byId(userId);
    if (!user) throw unauthorized();
    const attempt = this.#d.throttle.admit(user.username, client.address);
    if (!attempt.admitted) throw new SignInThrottled(attempt.retryAfterSeconds);
    let accepted: boolean;
    try {
      accepted = await check(user);
      if (accepted) attempt.succeeded();
      else attempt.failed();
    } finally {
      attempt.release();
    }
    if (!accepted) throw unprocessable(wrong);
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
    client: SignInClient,
    tx?: Parameters<RefreshTokenRepository['insert']>[1],
  ): Promise<RefreshReply> {
    const refreshToken = randomBytes(32).toString('base64url');
    await this.#d.refreshTokens.insert(
      {
        userId: user.id,
        familyId,
        tokenHash: sha256(refreshToken),
        expiresAt: new Date(Date.now() + this.#d.refreshTtlSeconds * 1000),
        address: client.address || null,
        userAgent: client.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
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
