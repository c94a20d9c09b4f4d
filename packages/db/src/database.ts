import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { initialiseDataDir } from './initialise-data-dir.ts';

export type Schema = typeof schema;

/** The one database type the rest of the code sees, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction handle, accepted wherever a repository takes an optional `tx`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type Executor = Database | Transaction;

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
  entries: unknown[];
};

async function countAppliedMigrations(db: Database): Promise<number> {
  try {
    // Both drivers answer raw SQL with { rows }; the shared type does not say so.
    const result = (await db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )) as { rows?: { n?: unknown }[] };
    return Number(result.rows?.[0]?.n ?? 0);
  } catch {
    return 0;
  }
}

function healthChecks(db: Database) {
  return {
    ping: async () => {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    migrationsApplied: async () => (await countAppliedMigrations(db)) >= journal.entries.length,
  };
}

/** Called with every statement the application sends, for tests that count queries. */
export type QueryObserver = (sql: string) => void;

export type DatabaseOptions = { onQuery?: QueryObserver } & (
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; maxConnections?: number }
);

function observed(onQuery: QueryObserver | undefined) {
  return onQuery ? { logger: { logQuery: (query: string) => onQuery(query) } } : {};
}

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseOptions['kind'];
  /**
   * The PostgreSQL server's connection string, for connections of their own (LISTEN, the
   * leader's advisory lock); absent on the embedded engine.
   */
  url?: string;
  /** Applies every pending migration; safe to call on every start. */
  migrate(): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** True when every migration this build ships has been applied. */
  migrationsApplied(): Promise<boolean>;
  close(): Promise<void>;
  /** The embedded engine, for tests that copy a prepared database. */
  pglite?: PGlite;
}

/**
 * The engine's shared buffers live in its WebAssembly memory, which is touched at start and
 * never shrinks: every megabyte here is a megabyte of the process's resident memory (PostgreSQL's
 * default of 128 MB cost about 110 MB; 32 MB to 16 MB saved 16 to 20 MB). The console's working
 * set is a few megabytes of tables, and the operating system's file cache still holds the data
 * folder behind these buffers.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/** The extensions the migrations create; the embedded engine loads them when it opens. */
export const pgliteExtensions = { pg_trgm };

const pgliteStartParams = [
  ...PGlite.defaultStartParams,
  '-c',
  `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
];

/**
 * drizzle-orm's transaction() sends BEGIN before its try/finally, so a client whose connection
 * dies under that BEGIN is never released: the pool loses it for good, and after a few outages
 * every request waits for a client that never comes, until a restart. A checked-out client whose
 * connection ends is released here (the pool discards it), and a later release is ignored.
 */
class SelfReleasingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  override connect(
    callback?: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    return super.connect().then(releasedWhenItEnds);
  }
}

function releasedWhenItEnds(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const onEnd = () => client.release(new Error('the database connection ended'));
  client.release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('end', onEnd);
    release(error);
  };
  client.once('end', onEnd);
  return client;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new SelfReleasingPool({
      connectionString: options.url,
      max: options.maxConnections ?? 10,
      // A server that does not answer at all fails the request (503) instead of holding it.
      connectionTimeoutMillis: 5_000,
    });
    // A client that loses its server must not crash the process; the pool replaces it. An idle
    // one reports to the pool; one checked out between two queries of a transaction reports to
    // itself, and its next query fails with the error, which is the one that matters.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db: Database = drizzlePg({ client: pool, schema, ...observed(options.onQuery) });
    return {
      db,
      kind: 'postgres',
      url: options.url,
      migrate: () => migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder }),
      ...healthChecks(db),
      close: () => pool.end(),
    };
  }
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => undefined;
  try {
    if (options.dataDir) await initialiseDataDir(options.dataDir);
    const client = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      startParams: pgliteStartParams,
      extensions: pgliteExtensions,
    });
    const handle = wrapPglite(client, options.onQuery);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

export function wrapPglite(client: PGlite, onQuery?: QueryObserver): DatabaseHandle {
  const db: Database = drizzlePglite({ client, schema, ...observed(onQuery) });
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    ...healthChecks(db),
    close: () => client.close(),
  };
}

/** Chooses the engine from configuration: a DATABASE_URL means a server, otherwise embedded. */
export function databaseOptionsFrom(env: {
  databaseUrl?: string;
  dataDir: string;
}): DatabaseOptions {
  return env.databaseUrl
    ? { kind: 'postgres', url: env.databaseUrl }
    : { kind: 'pglite', dataDir: env.dataDir };
}
