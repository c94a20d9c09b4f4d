import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

const LOCK_MODULE = join(import.meta.dirname, 'data-dir-lock.ts');

const children: ChildProcess[] = [];

/** Another console: a separate process that takes the lock and keeps running. */
async function otherConsole(dir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { lockDataDir } from ${JSON.stringify(LOCK_MODULE)};
       lockDataDir(${JSON.stringify(dir)});
       console.log('locked');
       setInterval(() => undefined, 60_000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  expect(line.toString().trim()).toBe('locked');
  return child;
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

describe('lockDataDir', () => {
  it('keeps a second console out while the first runs, naming it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lock-'));
    const first = await otherConsole(dir);
    expect(() => lockDataDir(dir)).toThrow(
      `Another console (process ${first.pid}) is using the data folder ${dir}.`,
    );
  });

  it('is free again the moment the owner is killed, without any clean-up', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lock-'));
    const first = await otherConsole(dir);
    first.kill('SIGKILL');
    await once(first, 'exit');
    const release = lockDataDir(dir);
    release();
  });

  it('starts when the pid left by a crash now belongs to an unrelated running process', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lock-'));
    // The parent of this test process is alive and is not a console: a reused pid.
    writeFileSync(join(dir, 'console.lock'), String(process.ppid));
    const release = lockDataDir(dir);
    release();
  });

  it('refuses a second lock in the same process and gives it up on release', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lock-'));
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(`Another console (process ${process.pid})`);
    release();
    lockDataDir(dir)();
  });
});
