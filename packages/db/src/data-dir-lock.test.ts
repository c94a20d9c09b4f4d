import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

describe('lockDataDir', () => {
  it('keeps a second owner out while the first runs, and releases', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lock-'));
    // The parent of this test process is alive: it stands for another console.
    writeFileSync(join(dir, 'console.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(
      /Another console \(process \d+\) is using the data folder/,
    );
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lock-'));
    writeFileSync(join(dir, 'console.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'console.lock'), 'utf8')).toBe(String(process.pid));
    release();
    const again = lockDataDir(dir);
    again();
  });
});
