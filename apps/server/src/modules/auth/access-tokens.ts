import { SignJWT, jwtVerify, errors } from 'jose';
import { z } from 'zod';

const claims = z.object({
  sub: z.string().regex(/^\d+$/),
  ver: z.number().int(),
  exp: z.number().int(),
});

export interface AccessClaims {
  userId: number;
  /** The user's token version when the token was issued; a password change bumps it. */
  tokenVersion: number;
}

/**
 * Tokens whose signature was checked, kept so that a token's every call after its first costs a
 * map lookup instead of an HMAC. Only valid tokens get in, so the bound holds every live session
 * of a plant; past it the oldest are forgotten (and checked again if they come back).
 */
const MAX_VERIFIED = 10_000;

/** Short-lived HS256 access tokens. */
export class AccessTokens {
  readonly #key: Uint8Array;
  readonly #ttlSeconds: number;
  readonly #now: () => number;
  readonly #verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();

  constructor(secret: string, ttlSeconds: number, now: () => number = Date.now) {
    this.#key = new TextEncoder().encode(secret);
    this.#ttlSeconds = ttlSeconds;
    this.#now = now;
  }

  sign(c: AccessClaims): Promise<string> {
    const issuedAt = this.#seconds();
    return new SignJWT({ ver: c.tokenVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(c.userId))
      .setIssuedAt(issuedAt)
      .setIssuer('roastery-console')
      .setExpirationTime(issuedAt + this.#ttlSeconds)
      .sign(this.#key);
  }

  /** The claims of a valid token, or undefined for an expired, forged or malformed one. */
  async verify(token: string): Promise<AccessClaims | undefined> {
    const known = this.#verified.get(token);
    if (known) {
      // The same rule as the signature check's: valid while now is before the expiry.
      if (known.expiresAt > this.#seconds()) return known.claims;
      this.#verified.delete(token);
      return undefined;
    }
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: ['HS256'],
        issuer: 'roastery-console',
        currentDate: new Date(this.#now()),
      });
      const parsed = claims.safeParse(payload);
      if (!parsed.success) return undefined;
      const verified = { userId: Number(parsed.data.sub), tokenVersion: parsed.data.ver };
      this.#remember(token, verified, parsed.data.exp);
      return verified;
    } catch (error) {
      if (error instanceof errors.JOSEError) return undefined;
      throw error;
    }
  }

  #remember(token: string, verified: AccessClaims, expiresAt: number): void {
    if (this.#verified.size >= MAX_VERIFIED) {
      const oldest = this.#verified.keys().next();
      if (!oldest.done) this.#verified.delete(oldest.value);
    }
    this.#verified.set(token, { claims: verified, expiresAt });
  }

  #seconds(): number {
    return Math.floor(this.#now() / 1000);
  }
}
