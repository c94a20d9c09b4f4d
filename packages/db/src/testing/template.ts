import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  openDatabase,
  pgliteExtensions,
  wrapPglite,
  type DatabaseHandle,
  type QueryObserver,
} from '../database.ts';

/**
 * Test databases: one migrated template per test run, copied for each test file.
 * With TEST_DATABASE_URL set, the template is a PostgreSQL database and each copy is
 * CREATE DATABASE ... TEMPLATE; otherwise it is a PGlite data directory dump that each
 * copy loads, which is far faster than creating and migrating a fresh PGlite.
 */
const TEMPLATE_FILE_ENV = 'ROASTERY_PGLITE_TEMPLATE';
const TEMPLATE_DB_ENV = 'ROASTERY_TEMPLATE_DB';

export function testServerUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A test database is dropped when its file ends, so a commit need not wait for the disk: on the
 * 2-core CI machine the wait for each commit's WAL flush was a large part of the PostgreSQL pass.
 * Nothing else changes: a crash of the server loses at most the last commits, never consistency.
 */
function keepCommitsInMemory(serverUrl: string, database: string): Promise<void> {
  return adminQuery(serverUrl, `alter database ${database} set synchronous_commit = off`);
}

/** Builds the run's template and returns a function that removes it. */
export async function prepareTemplate(tmpFile: string): Promise<() => Promise<void>> {
  const serverUrl = testServerUrl();
  if (serverUrl) {
    const name = `roastery_tpl_${process.pid}_${randomBytes(3).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const handle = await openDatabase({ kind: 'postgres', url: withDatabase(serverUrl, name) });
    await handle.migrate();
    await handle.close();
    process.env[TEMPLATE_DB_ENV] = name;
    return () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  }
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const handle = wrapPglite(client);
  await handle.migrate();
  const dump = await client.dumpDataDir('none');
  await writeFile(tmpFile, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  process.env[TEMPLATE_FILE_ENV] = tmpFile;
  return async () => undefined;
}

/** A fresh, migrated, empty database of its own for one test file (or one test). */
export async function createTestDatabase(
  options: {
    onQuery?: QueryObserver;
    /** PostgreSQL only: the address the app connects through (a proxy in fault tests). */
    connectVia?: (url: string) => string;
  } = {},
): Promise<DatabaseHandle> {
  const serverUrl = testServerUrl();
  if (serverUrl) {
    const template = process.env[TEMPLATE_DB_ENV];
    if (!template) throw new Error('The test template database was not prepared (globalSetup).');
    const name = `roastery_t_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name} template ${template}`);
    await keepCommitsInMemory(serverUrl, name);
    const url = withDatabase(serverUrl, name);
    const handle = await openDatabase({
      kind: 'postgres',
      url: options.connectVia?.(url) ?? url,
      maxConnections: 5,
      ...(options.onQuery ? { onQuery: options.onQuery } : {}),
    });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
      },
    };
  }
  const file = process.env[TEMPLATE_FILE_ENV];
  if (!file) throw new Error('The test template database was not prepared (globalSetup).');
  const bytes = await readFile(file);
  return openDatabase({
    kind: 'pglite',
    loadDataDir: new Blob([bytes]),
    ...(options.onQuery ? { onQuery: options.onQuery } : {}),
  });
}

/**
 * A migrated, empty PostgreSQL database of the caller's name on the server at `serverUrl`, for
 * a test that starts server processes of its own on it; `drop` removes it.
 */
export async function createNamedDatabase(
  serverUrl: string,
  name: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
  await adminQuery(serverUrl, `create database ${name}`);
  await keepCommitsInMemory(serverUrl, name);
  const url = withDatabase(serverUrl, name);
  const handle = await openDatabase({ kind: 'postgres', url, maxConnections: 1 });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  return { url, drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`) };
}
