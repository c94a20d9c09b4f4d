import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const INFO = 'roastery-console totp secrets';
const VERSION = 'v1';

/**
 * Encrypts second-factor secrets at rest (AES-256-GCM) with a key derived from the signing key,
 * so a copy of the users' tables alone does not yield anyone's codes. Changing JWT_SECRET makes
 * the stored secrets unreadable: those users enrol again (an administrator removes the factor).
 */
export class TotpSecretBox {
  readonly #key: Buffer;

  constructor(signingSecret: string) {
    this.#key = Buffer.from(hkdfSync('sha256', signingSecret, '', INFO, 32));
  }

  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), data].map((p) => p.toString('base64url'));
    return [VERSION, ...parts].join('.');
  }

  /** The secret, or undefined when it was sealed with another key or altered. */
  open(sealed: string): string | undefined {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || !data) {
      return undefined;
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([
        decipher.update(Buffer.from(data, 'base64url')),
        decipher.final(),
      ]);
      return plain.toString('utf8');
    } catch {
      return undefined;
    }
  }
}
