import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

const unzip = promisify(gunzip);

const BLOCK = 512;

function isGzip(bytes: Buffer): boolean {
  return bytes[0] === 0x1f && bytes[1] === 0x8b;
}

function octal(bytes: Buffer, start: number, length: number): number {
  const text = bytes
    .toString('latin1', start, start + length)
    .replace(/[\0 ]+$/, '')
    .trim();
  return /^[0-7]+$/.test(text) ? parseInt(text, 8) : NaN;
}

/** A header block's checksum: the sum of its bytes, with the checksum field read as spaces. */
function checksumOf(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : (header[i] ?? 0);
  return sum;
}

/** Whether `tar` is a whole tar archive: every header intact, every file whole, the end marker there. */
function isWholeTar(tar: Buffer): boolean {
  let at = 0;
  while (at + BLOCK <= tar.length) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) return true;
    if (header.toString('latin1', 257, 262) !== 'ustar') return false;
    if (octal(header, 148, 8) !== checksumOf(header)) return false;
    const size = octal(header, 124, 12);
    if (!Number.isFinite(size)) return false;
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return false;
}

/**
 * The tar archive of an embedded database's backup (gzipped, as backups are written, or not),
 * checked whole before anything is unpacked: a backup cut short by a full disk or an
 * interrupted copy is refused with a message, where the engine's loader would either fail
 * outside any caller's reach or unpack the part it has.
 */
export async function backupArchive(bytes: Buffer, file: string): Promise<Buffer> {
  const damaged = `${file} is not a whole backup of the embedded database: it ends too early or is damaged. Nothing was changed; restore another backup.`;
  let tar: Buffer;
  try {
    tar = isGzip(bytes) ? await unzip(bytes) : bytes;
  } catch (error) {
    throw new Error(damaged, { cause: error });
  }
  if (!isWholeTar(tar)) throw new Error(damaged);
  return tar;
}
