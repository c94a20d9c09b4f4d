import { Secret, TOTP } from 'otpauth';
import type { TotpEnrolment } from '@roastery/contract';
import { conflict, notFound, unprocessable } from '../../lib/http-errors.ts';
import type { TotpRepository } from './totp-repository.ts';
import type { TotpSecretBox } from './totp-secret-box.ts';

/** What a sign-in's code says: no factor to check, no code given, or the code's verdict. */
export type FactorCheck = 'none' | 'missing' | 'ok' | 'wrong';

const ISSUER = 'Roastery Console';
/** A code from the step before or after is taken too: phones' clocks drift. */
const WINDOW = 1;

function totpOf(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
}

/**
 * The time-based one-time codes of an authenticator app (RFC 6238), as an optional second
 * factor. Enrolment stores a secret that is not used until a first code confirms it; each code
 * is accepted once.
 */
export class SecondFactor {
  readonly #repo: TotpRepository;
  readonly #box: TotpSecretBox;
  readonly #now: () => number;

  constructor(repo: TotpRepository, box: TotpSecretBox, now: () => number = Date.now) {
    this.#repo = repo;
    this.#box = box;
    this.#now = now;
  }

  enabled(userId: number): Promise<boolean> {
    return this.#repo.enabled(userId);
  }

  async enrol(userId: number, username: string): Promise<TotpEnrolment> {
    const secret = new Secret({ size: 20 }).base32;
    if (!(await this.#repo.startEnrolment(userId, this.#box.seal(secret)))) {
      throw conflict('Two-step sign-in is already on. Turn it off first to enrol again.');
    }
    return { secret, otpauth_url: totpOf(secret, username).toString() };
  }

  /** Turns the factor on with the first code from the app. */
  async confirm(userId: number, code: string): Promise<boolean> {
    const row = await this.#repo.find(userId);
    if (!row) throw notFound('Start the enrolment first.');
    if (row.enabledAt) throw conflict('Two-step sign-in is already on.');
    return this.#take(userId, row.secret, code);
  }

  /** Turns the factor off; the person proves they still have the app. */
  async disable(userId: number, code: string): Promise<boolean> {
    const row = await this.#repo.find(userId);
    if (!row?.enabledAt) throw unprocessable('Two-step sign-in is not on.');
    if (!(await this.#take(userId, row.secret, code))) return false;
    await this.#repo.remove(userId);
    return true;
  }

  async check(userId: number, code: string | undefined): Promise<FactorCheck> {
    const row = await this.#repo.find(userId);
    if (!row?.enabledAt) return 'none';
    if (code === undefined) return 'missing';
    return (await this.#take(userId, row.secret, code)) ? 'ok' : 'wrong';
  }

  /** An administrator removes another user's factor (a lost phone); false when there was none. */
  remove(userId: number): Promise<boolean> {
    return this.#repo.remove(userId);
  }

  async #take(userId: number, sealed: string, code: string): Promise<boolean> {
    const secret = this.#box.open(sealed);
    if (secret === undefined) return false;
    const totp = totpOf(secret);
    const timestamp = this.#now();
    const delta = totp.validate({ token: code, timestamp, window: WINDOW });
    if (delta === null) return false;
    return this.#repo.takeCounter(userId, totp.counter({ timestamp }) + delta);
  }
}
