import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const AUDIT_KEY_FILE = 'audit.key';
const MIN_KEY_LENGTH = 32;

/**
 * The key that seals the audit chain and its published heads: AUDIT_KEY when given, otherwise
 * one generated on the first start and kept in `audit.key` in the audit folder, readable by the
 * server's user only. Never in the database: whoever holds the database must not hold the key.
 */
export async function auditKey(configured: string | undefined, folder: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  const file = join(folder, AUDIT_KEY_FILE);
  await mkdir(folder, { recursive: true });
  // Written whole under a name of its own, then linked into place: when two starts race, the
  // second keeps the first one's key, and neither can read a key half written.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(draft, { force: true });
  }
  const key = (await readFile(file, 'utf8')).trim();
  if (key.length < MIN_KEY_LENGTH) {
    throw new Error(`The audit key in ${file} is shorter than ${MIN_KEY_LENGTH} characters.`);
  }
  return Buffer.from(key, 'utf8');
}
