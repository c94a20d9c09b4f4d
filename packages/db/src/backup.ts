import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { backupArchive } from './backup-archive.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { openDatabase } from './database.ts';
import { runningConsoles } from './running-consoles.ts';

const run = promisify(execFile);

/** The database a backup is taken from or restored into, as the console is configured. */
export type BackupTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

/** The lock file stays where it is: a console that opened it must keep locking the same file. */
const LOCK_FILE = 'console.lock';

/** The schemas the console's tables and its migration journal live in. */
const APP_SCHEMAS = ['public', 'drizzle'];

/** pg_dump's custom format starts with these bytes; the embedded backup is a gzipped tar. */
function isPgDump(bytes: Buffer): boolean {
  return bytes.subarray(0, 5).toString('latin1') === 'PGDMP';
}

async function postgresTool(
  tool: 'pg_dump' | 'pg_restore' | 'psql',
  args: string[],
): Promise<void> {
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & {
      stderr?: string;
      cmd?: string;
      spawnargs?: string[];
    };
    // The command line holds the connection string, password and all: it goes nowhere.
    e.cmd = tool;
    e.spawnargs = [tool];
    e.message = `${tool} exited with an error`;
    if (e.code === 'ENOENT') {
      throw new Error(
        `${tool} was not found: install the PostgreSQL client tools of the server's major version or newer.`,
        { cause: error },
      );
    }
    throw new Error(`${tool} failed: ${(e.stderr ?? '').trim() || e.message}`, { cause: error });
  }
}

/**
 * Writes a backup of the whole database to a file. The embedded database's data folder belongs
 * to one process: the console must be stopped (its lock says so otherwise). A PostgreSQL server
 * is dumped while it runs, in pg_dump's custom format (one consistent snapshot).
 */
export async function backupDatabase(target: BackupTarget, file: string): Promise<void> {
  if (target.kind === 'postgres') {
    await postgresTool('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${file}`,
      `--dbname=${target.url}`,
    ]);
    return;
  }
  if (!existsSync(join(target.dataDir, 'PG_VERSION'))) {
    throw new Error(`There is no database in ${target.dataDir} to back up.`);
  }
  const handle = await openDatabase({ kind: 'pglite', dataDir: target.dataDir });
  try {
    if (!handle.pglite) throw new Error('The embedded database did not open.');
    const dump = await handle.pglite.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
}

/**
 * Replaces the database with a backup. On PostgreSQL the console's schemas are dropped and the
 * backup replayed in one transaction (psql): nothing changes if it fails. For the embedded database the backup
 * is unpacked into a new folder and checked by opening it; only then are the current files
 * moved aside (returned: the folder they were moved to, kept until someone deletes it) and the
 * restored ones put in their place. The console must be stopped for either: a running one is
 * refused (the data folder's lock; on PostgreSQL, its named connections). A backup file cut
 * short is refused before anything changes.
 */
export async function restoreDatabase(
  target: BackupTarget,
  file: string,
): Promise<{ previous: string | undefined }> {
  const bytes = await readFile(file);
  if (target.kind === 'postgres') {
    if (!isPgDump(bytes)) {
      throw new Error(
        `${file} is not a PostgreSQL backup (pg_dump's custom format). A backup of the embedded database is restored without DATABASE_URL.`,
      );
    }
    // A console would go on writing into the data as it is replaced, and keep in memory what
    // the backup no longer holds.
    const running = await runningConsoles(target.url);
    if (running.length > 0) {
      throw new Error(
        `The console is running on this database (instance${running.length === 1 ? '' : 's'} ${running.join(', ')}). Stop every console instance, then restore. Nothing was changed.`,
      );
    }
    // pg_restore --clean drops only what the backup holds: a table made since would stay. The
    // schemas are dropped and the backup's SQL replayed in one transaction instead.
    const script = `${file}.restore-${process.pid}.sql`;
    try {
      await postgresTool('pg_restore', ['--no-owner', '--no-privileges', `--file=${script}`, file]);
      await postgresTool('psql', [
        '--no-psqlrc',
        '--quiet',
        '--single-transaction',
        '--set=ON_ERROR_STOP=1',
        `--command=${APP_SCHEMAS.map((s) => `drop schema if exists ${s} cascade;`).join(' ')} create schema public;`,
        `--file=${script}`,
        `--dbname=${target.url}`,
      ]);
    } finally {
      await rm(script, { force: true });
    }
    return { previous: undefined };
  }
  if (isPgDump(bytes)) {
    throw new Error(
      `${file} is a PostgreSQL backup: restore it with DATABASE_URL set to the server's database.`,
    );
  }
  const tar = await backupArchive(bytes, file);
  const { dataDir } = target;
  await mkdir(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  const staging = `${dataDir}.restoring`;
  try {
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging);
    const restored = await PGlite.create({
      dataDir: staging,
      loadDataDir: new Blob([tar], { type: 'application/x-tar' }),
    });
    await restored.query('select 1');
    await restored.close();

    const current = (await readdir(dataDir)).filter((name) => name !== LOCK_FILE);
    let previous: string | undefined;
    if (current.length > 0) {
      previous = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await mkdir(previous);
      for (const name of current) await rename(join(dataDir, name), join(previous, name));
    }
    for (const name of await readdir(staging)) {
      if (name !== LOCK_FILE) await rename(join(staging, name), join(dataDir, name));
    }
    return { previous };
  } finally {
    await rm(staging, { recursive: true, force: true });
    unlock();
  }
}
