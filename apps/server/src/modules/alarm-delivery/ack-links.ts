import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { badRequest, HttpError } from '../../lib/http-errors.ts';
import type { AlarmDeliveryRepository } from './alarm-delivery-repository.ts';

/** How long a link in a message may be used. */
export const ACK_LINK_TTL_MS = 12 * 3_600_000;
const AUDIENCE = 'alarm-ack';

export const gone = (message: string) => new HttpError(410, message);

export interface AckClaims {
  jti: string;
  notificationId: number;
  userId: number;
  expiresAt: Date;
}

/**
 * Signed single-use links, bound to one alarm and one person: the JWT proves who it was sent to,
 * the table that it was not used yet.
 */
export class AckLinks {
  readonly #key: Uint8Array;
  readonly #repo: AlarmDeliveryRepository;

  constructor(key: string, repo: AlarmDeliveryRepository) {
    this.#key = new TextEncoder().encode(key);
    this.#repo = repo;
  }

  async issue(notificationId: number, userId: number, now: Date): Promise<string> {
    const jti = randomUUID();
    const expiresAt = new Date(now.getTime() + ACK_LINK_TTL_MS);
    await this.#repo.issueLink({ jti, notificationId, userId, expiresAt });
    return new SignJWT({ nid: notificationId })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(jti)
      .setSubject(String(userId))
      .setAudience(AUDIENCE)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.#key);
  }

  /** The claims of a link that may still be used, or why not (400 forged, 410 expired or used). */
  async check(token: string, now: Date): Promise<AckClaims> {
    const claims = await this.#verify(token, now);
    const row = await this.#repo.link(claims.jti);
    if (!row) throw badRequest('This acknowledgement link is not valid.');
    if (row.usedAt) throw gone('This acknowledgement link has already been used.');
    return claims;
  }

  async #verify(token: string, now: Date): Promise<AckClaims> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: ['HS256'],
        audience: AUDIENCE,
        currentDate: now,
      });
      const userId = Number(payload.sub);
      if (typeof payload.nid !== 'number' || !payload.jti || !Number.isInteger(userId)) {
        throw badRequest('This acknowledgement link is not valid.');
      }
      return {
        jti: payload.jti,
        notificationId: payload.nid,
        userId,
        expiresAt: new Date((payload.exp ?? 0) * 1000),
      };
    } catch (err) {
      if (err instanceof errors.JWTExpired) throw gone('This acknowledgement link has expired.');
      if (err instanceof HttpError) throw err;
      throw badRequest('This acknowledgement link is not valid.');
    }
  }
}
