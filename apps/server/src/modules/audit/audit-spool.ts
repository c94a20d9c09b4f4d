import { existsSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { AuditFacts } from './audit-chain.ts';

export const AUDIT_SPOOL_FILE = 'audit-spool.jsonl';

type SpooledFacts = Omit<AuditFacts, 'at'> & { at: string };

async function writeDurably(file: string, text: string, flag: 'a' | 'w'): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const handle = await open(file, flag, 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

function lines(entries: AuditFacts[]): string {
  return entries.map((e) => `${JSON.stringify(e)}\n`).join('');
}

/**
 * Audit rows that could not be written to the database, one JSON line each, in the order they
 * were recorded, kept on disk until they can be: they survive a restart.
 */
export class AuditSpool {
  readonly path: string;

  constructor(folder: string) {
    this.path = join(folder, AUDIT_SPOOL_FILE);
  }

  exists(): boolean {
    return existsSync(this.path);
  }

  /** Appends and syncs before it resolves. */
  append(entries: AuditFacts[]): Promise<void> {
    return writeDurably(this.path, lines(entries), 'a');
  }

  /**
   * The rows waiting, oldest first. A line cut short by a crash while it was appended is
   * skipped: its row was never on disk whole.
   */
  async read(): Promise<AuditFacts[]> {
    if (!this.exists()) return [];
    const entries: AuditFacts[] = [];
    for (const line of (await readFile(this.path, 'utf8')).split('\n')) {
      if (line.trim() === '') continue;
      try {
        const spooled = JSON.parse(line) as SpooledFacts;
        entries.push({ ...spooled, at: new Date(spooled.at) });
      } catch {
        continue;
      }
    }
    return entries;
  }

  /** Leaves only `entries` waiting (none: the file goes), replaced whole or not at all. */
  async replace(entries: AuditFacts[]): Promise<void> {
    if (entries.length === 0) {
      await rm(this.path, { force: true });
      return;
    }
    const next = `${this.path}.next`;
    await writeDurably(next, lines(entries), 'w');
    await rename(next, this.path);
  }
}
