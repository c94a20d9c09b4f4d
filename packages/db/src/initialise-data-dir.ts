import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const script = fileURLToPath(new URL('./create-database-files.ts', import.meta.url));

/**
 * Creates the embedded database's files in an empty data folder, in a short-lived process of
 * its own. The engine creates a database by running a second WebAssembly instance and copying
 * its files through memory; about 450 MB of that stays resident in the process that did it (it
 * is neither freed on close nor given back after a worker thread ends), so the console's own
 * process only ever opens a folder that is already initialised.
 */
export async function initialiseDataDir(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  await run(process.execPath, [script, dataDir]);
}
