/**
 * The console as its own process, started as `npm start` starts it: what server-memory.ts and
 * server-start.ts share.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
export { freePort } from '@roastery/plc/testing';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const root = join(import.meta.dirname, '..');

/**
 * The environment, node options and script `npm start` runs the console with (the root
 * package.json's start script, `NAME=value ... node --option ... <script>`), so that the figure
 * is the product's.
 */
export function startCommand(): { env: Record<string, string>; options: string[]; script: string } {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const parts = /^((?:\w+=\S+ )*)node((?: --\S+)*) (\S+\.[jt]s)$/.exec(scripts.start);
  if (!parts) throw new Error('npm start does not run one script with node');
  const words = (text = '') => text.split(' ').filter(Boolean);
  return {
    env: Object.fromEntries(words(parts[1]).map((pair) => pair.split('=') as [string, string])),
    options: words(parts[2]),
    script: parts[3]!,
  };
}

/**
 * Polls /api/health/ready every `everyMs` until it answers 200. A first start on a machine
 * loaded far beyond its cores has taken two minutes, most of it waiting for a core.
 */
export async function waitReady(base: string, child: ChildProcess, everyMs = 100): Promise<void> {
  const until = performance.now() + 300_000;
  while (performance.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(everyMs);
  }
  throw new Error('the server did not become ready within 5 minutes');
}

/** Ends the console as a service manager would, and waits for its exit. */
export async function stopConsole(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await new Promise((resolve) =>
    child.exitCode === null ? child.once('exit', resolve) : resolve(null),
  );
}
