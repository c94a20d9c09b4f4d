import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase, restoreDatabase, type BackupTarget } from './backup.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { CONSOLE_APPLICATION_NAME_PREFIX } from './running-consoles.ts';
import { testServerUrl } from './testing/template.ts';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'roastery-backup-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** The numbers in the table the test keeps, and whether the table added after the backup exists. */
async function contents(handle: DatabaseHandle) {
  const kept = await handle.db.execute(sql`select n from kept order by n`);
  const later = await handle.db.execute(sql`select to_regclass('later')::text as t`);
  const rows = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
  return {
    kept: rows(kept).map((r) => Number(r.n)),
    later: rows(later)[0]?.t !== null,
  };
}

/** Backs up, changes the data, restores, and checks the data is what was backed up. */
async function roundTrip(target: BackupTarget, open: () => Promise<DatabaseHandle>) {
  const file = join(folder, `${target.kind}-${randomBytes(4).toString('hex')}.backup`);
  let handle = await open();
  await handle.db.execute(sql`create table kept (n integer not null)`);
  await handle.db.execute(sql`insert into kept values (1), (2)`);
  await handle.close();

  await backupDatabase(target, file);

  handle = await open();
  await handle.db.execute(sql`delete from kept where n = 1`);
  await handle.db.execute(sql`insert into kept values (3)`);
  await handle.db.execute(sql`create table later (x integer)`);
  expect(await contents(handle)).toEqual({ kept: [2, 3], later: true });
  await handle.close();

  const restored = await restoreDatabase(target, file);

  handle = await open();
  expect(await contents(handle)).toEqual({ kept: [1, 2], later: false });
  await handle.close();
  return { file, restored };
}

describe('backup and restore of the embedded database', () => {
  // Three engine starts and a dump on a loaded machine: more than the default time.
  it(
    'brings back the data as it was backed up, keeping the replaced files aside',
    { timeout: 180_000 },
    async () => {
      const dataDir = join(folder, 'data');
      const target: BackupTarget = { kind: 'pglite', dataDir };
      // As the console does at start: the folder exists before the database is opened.
      const open = async () => {
        await mkdir(dataDir, { recursive: true });
        return openDatabase({ kind: 'pglite', dataDir });
      };
      const { file, restored } = await roundTrip(target, open);

      expect(restored.previous).toBeDefined();
      expect(await readdir(restored.previous!)).toContain('PG_VERSION');
      // The lock file never moves: a console that opened it keeps locking the same file.
      expect(existsSync(join(dataDir, 'console.lock'))).toBe(true);
      expect(existsSync(join(restored.previous!, 'console.lock'))).toBe(false);

      // Into an empty folder, as on a new machine.
      const fresh = join(folder, 'fresh');
      expect((await restoreDatabase({ kind: 'pglite', dataDir: fresh }, file)).previous).toBe(
        undefined,
      );
      const handle = await openDatabase({ kind: 'pglite', dataDir: fresh });
      expect(await contents(handle)).toEqual({ kept: [1, 2], later: false });

      // While a console holds the folder, neither a backup nor a restore touches it.
      await expect(backupDatabase({ kind: 'pglite', dataDir: fresh }, file)).rejects.toThrow(
        /Another console .* is using the data folder/,
      );
      await expect(restoreDatabase({ kind: 'pglite', dataDir: fresh }, file)).rejects.toThrow(
        /Another console .* is using the data folder/,
      );
      await handle.close();

      // A backup cut short (a full disk, an interrupted copy) is refused with a message, and
      // nothing is unpacked or replaced.
      const whole = await readFile(file);
      const cut = join(folder, 'cut.backup');
      for (const bytes of [
        whole.subarray(0, Math.floor(whole.length / 2)),
        whole.subarray(0, whole.length - 100),
        gzipSync(gunzipSync(whole).subarray(0, 300_000)),
      ]) {
        await writeFile(cut, bytes);
        await expect(restoreDatabase({ kind: 'pglite', dataDir: fresh }, cut)).rejects.toThrow(
          `${cut} is not a whole backup of the embedded database: it ends too early or is damaged. Nothing was changed; restore another backup.`,
        );
        expect(existsSync(`${fresh}.restoring`)).toBe(false);
      }
      expect((await readdir(folder)).filter((name) => name.startsWith('fresh'))).toEqual(['fresh']);
      const after = await openDatabase({ kind: 'pglite', dataDir: fresh });
      expect(await contents(after)).toEqual({ kept: [1, 2], later: false });
      await after.close();
    },
  );

  it('refuses a folder without a database, and a file that is not a PostgreSQL backup', async () => {
    const empty = join(folder, 'empty');
    await expect(
      backupDatabase({ kind: 'pglite', dataDir: empty }, join(folder, 'x')),
    ).rejects.toThrow(`There is no database in ${empty} to back up.`);
    const notADump = join(folder, 'not-a-dump');
    await writeFile(notADump, 'not a backup');
    await expect(
      restoreDatabase({ kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none' }, notADump),
    ).rejects.toThrow(/is not a PostgreSQL backup/);
  });
});

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const serverUrl = testServerUrl();

describe.runIf(serverUrl)('backup and restore on PostgreSQL', () => {
  it('brings back the data with pg_dump and pg_restore', { timeout: 120_000 }, async () => {
    const name = `roastery_backup_${randomBytes(4).toString('hex')}`;
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    await adminQuery(serverUrl!, `create database ${name}`);
    try {
      const target: BackupTarget = { kind: 'postgres', url: url.toString() };
      const { file } = await roundTrip(target, () =>
        openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 1 }),
      );
      // The embedded backup format is refused by name, before any change.
      await expect(
        restoreDatabase({ kind: 'pglite', dataDir: join(folder, 'other') }, file),
      ).rejects.toThrow(/is a PostgreSQL backup/);

      // While a console runs on the database (its connections name it), a restore is refused
      // and changes nothing.
      const runningConsole = new pg.Client({
        connectionString: url.toString(),
        application_name: `${CONSOLE_APPLICATION_NAME_PREFIX}line-2`,
      });
      await runningConsole.connect();
      await runningConsole.query('insert into kept values (7)');
      try {
        await expect(restoreDatabase(target, file)).rejects.toThrow(
          'The console is running on this database (instance line-2). Stop every console instance, then restore. Nothing was changed.',
        );
      } finally {
        await runningConsole.end();
      }
      const handle = await openDatabase({
        kind: 'postgres',
        url: url.toString(),
        maxConnections: 1,
      });
      expect(await contents(handle)).toEqual({ kept: [1, 2, 7], later: false });
      await handle.close();

      // A dump cut short is refused by pg_restore before the database is touched.
      const whole = await readFile(file);
      const cut = join(folder, 'cut.dump');
      await writeFile(cut, whole.subarray(0, Math.floor(whole.length / 2)));
      await expect(restoreDatabase(target, cut)).rejects.toThrow(/pg_restore failed: /);
      expect((await readdir(folder)).filter((name) => name.includes('.restore-'))).toEqual([]);
    } finally {
      await adminQuery(serverUrl!, `drop database if exists ${name} with (force)`);
    }
  });
});
