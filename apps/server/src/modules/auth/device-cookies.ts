import { createHash, hkdfSync, randomUUID } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { z } from 'zod';

const INFO = 'roastery-console device cookies';
const ISSUER = 'roastery-console';
const AUDIENCE = 'device';
/** A browser that signs in at least once a year stays trusted; each sign-in renews its cookie. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 86400;

const claims = z.object({ sub: z.string(), jti: z.string().min(1) });

/** A device cookie to hand the browser. */
export interface DeviceCookie {
  name: string;
  value: string;
}

function normalized(username: string): string {
  return username.trim().toLowerCase();
}

/**
 * The cookie's name for a username. One per person, so that people sharing an HMI's browser each
 * keep theirs; the name is a hash, so the cookie jar does not list who signed in there.
 */
export function deviceCookieName(username: string): string {
  return `device_${createHash('sha256').update(normalized(username)).digest('hex').slice(0, 16)}`;
}

/**
 * OWASP's device cookies: a browser where a person signed in successfully gets a signed token
 * naming that person (HS256, a key derived from the signing key). A sign-in presenting a valid one
 * for its username is throttled on the cookie's own failures rather than on those of everyone
 * else at its address. The cookie's id (`jti`) is what the throttle counts against.
 */
export class DeviceCookies {
  readonly #key: Uint8Array;
  readonly #now: () => number;

  constructor(signingSecret: string, now: () => number = Date.now) {
    this.#key = new Uint8Array(hkdfSync('sha256', signingSecret, '', INFO, 32));
    this.#now = now;
  }

  async issue(username: string): Promise<DeviceCookie> {
    const issuedAt = Math.floor(this.#now() / 1000);
    const value = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(normalized(username))
      .setJti(randomUUID())
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + DEVICE_COOKIE_MAX_AGE_SECONDS)
      .sign(this.#key);
    return { name: deviceCookieName(username), value };
  }

  /** The id of a valid cookie for this username; undefined for any other (forged, expired...). */
  async verify(username: string, value: string | undefined): Promise<string | undefined> {
    if (!value) return undefined;
    try {
      const { payload } = await jwtVerify(value, this.#key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        subject: normalized(username),
        currentDate: new Date(this.#now()),
      });
      const parsed = claims.safeParse(payload);
      return parsed.success ? parsed.data.jti : undefined;
    } catch (error) {
      if (error instanceof errors.JOSEError) return undefined;
      throw error;
    }
  }
}
