import { SignJWT, jwtVerify, errors } from 'jose';
import { z } from 'zod';

const claims = z.object({
  sub: z.string().regex(/^\d+$/),
  ver: z.number().int(),
});

export interface AccessClaims {
  userId: number;
  /** The user's token version when the token was issued; a password change bumps it. */
  tokenVersion: number;
}

/** Short-lived HS256 access tokens. */
export class AccessTokens {
  readonly #key: Uint8Array;
  readonly #ttlSeconds: number;

  constructor(secret: string, ttlSeconds: number) {
    this.#key = new TextEncoder().encode(secret);
    this.#ttlSeconds = ttlSeconds;
  }

  sign(c: AccessClaims): Promise<string> {
    return new SignJWT({ ver: c.tokenVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(c.userId))
      .setIssuedAt()
      .setIssuer('roastery-console')
      .setExpirationTime(`${this.#ttlSeconds}s`)
      .sign(this.#key);
  }

  /** The claims of a valid token, or undefined for an expired, forged or malformed one. */
  async verify(token: string): Promise<AccessClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: ['HS256'],
        issuer: 'roastery-console',
      });
      const parsed = claims.safeParse(payload);
      if (!parsed.success) return undefined;
      return { userId: Number(parsed.data.sub), tokenVersion: parsed.data.ver };
    } catch (error) {
      if (error instanceof errors.JOSEError) return undefined;
      throw error;
    }
  }
}
