import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export const AUDIT_HEADS_FILE = 'audit-heads.jsonl';

/** The chain's last row as it was published: its id, its MAC, the rows up to it, and when. */
export interface AuditHead {
  id: number;
  mac: string;
  count: number;
  at: string;
}

interface HeadLine extends AuditHead {
  check: string;
}

/** What the head file holds: the heads whose check holds, and the lines whose check does not. */
export interface PublishedHeads {
  heads: AuditHead[];
  /** Line numbers (from 1) of lines that do not carry the audit key's check. */
  altered: number[];
}

/**
 * The history of the audit chain's head, one line per publication, appended only, in a file
 * beside the data: a place the database's owner cannot rewrite. Each line carries its own MAC
 * under the audit key, so a line written without the key is told apart.
 */
export class AuditHeadLog {
  readonly path: string;
  readonly #key: Buffer;

  constructor(folder: string, key: Buffer) {
    this.path = join(folder, AUDIT_HEADS_FILE);
    this.#key = key;
  }

  #check(head: AuditHead): string {
    return createHmac('sha256', this.#key)
      .update('audit-head\n')
      .update(JSON.stringify([head.id, head.mac, head.count, head.at]))
      .digest('hex');
  }

  /** Appends and syncs before it resolves. */
  async append(head: AuditHead): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    const line: HeadLine = { ...head, check: this.#check(head) };
    const handle = await open(this.path, 'a', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(line)}\n`, 'utf8');
      await handle.datasync();
    } finally {
      await handle.close();
    }
  }

  /** A last line cut short by a crash while it was appended is not counted as altered. */
  async read(): Promise<PublishedHeads> {
    if (!existsSync(this.path)) return { heads: [], altered: [] };
    const text = await readFile(this.path, 'utf8');
    const heads: AuditHead[] = [];
    const altered: number[] = [];
    const all = text.split('\n');
    for (const [index, raw] of all.entries()) {
      if (raw.trim() === '') continue;
      const last = index === all.length - 1;
      let line: HeadLine;
      try {
        line = JSON.parse(raw) as HeadLine;
      } catch {
        if (!last) altered.push(index + 1);
        continue;
      }
      const head = { id: line.id, mac: line.mac, count: line.count, at: line.at };
      if (line.check === this.#check(head)) heads.push(head);
      else altered.push(index + 1);
    }
    return { heads, altered };
  }
}
