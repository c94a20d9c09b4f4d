import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { PgNotifyTransport } from '../hub/pg-notify-transport.ts';
import { APPLICATION_NAME_PREFIX, Leadership } from './leadership.ts';

/** Held while an instance migrates and seeds the database, so that two starting together wait. */
const STARTUP_LOCK_KEY = 0x726f6174;

export interface ClusterOptions {
  /** The PostgreSQL server every instance shares. */
  url: string;
  /** This instance's name, as the System Monitor and the logs show it. */
  instance: string;
  logger: FastifyBaseLogger;
  /** How often a follower asks for the leader's lock (and a leader checks its connection). */
  leaderIntervalMs?: number;
}

/**
 * One server instance among others on one PostgreSQL database: the hub's transport to the
 * others and the leadership of the plant. Each holds a connection of its own, apart from the
 * pool, named after the instance (`application_name`), so that the database shows who is who.
 */
export class Cluster {
  readonly instance: string;
  readonly transport: PgNotifyTransport;
  readonly leadership: Leadership;
  readonly #connect: (queryTimeoutMs?: number) => Promise<pg.Client>;

  private constructor(options: ClusterOptions) {
    this.instance = options.instance;
    this.#connect = async (queryTimeoutMs = 3000) => {
      const client = new pg.Client({
        connectionString: options.url,
        application_name: `${APPLICATION_NAME_PREFIX}${options.instance}`,
        keepAlive: true,
        keepAliveInitialDelayMillis: 1000,
        // A server that stops answering must not hold a leader that cannot tell.
        query_timeout: queryTimeoutMs,
        connectionTimeoutMillis: 3000,
      });
      client.on('error', () => undefined);
      await client.connect();
      return client;
    };
    this.transport = new PgNotifyTransport({
      connect: () => this.#connect(),
      // Unique per process: an instance restarted under the same name is another publisher.
      origin: `${options.instance}#${process.pid}#${Math.random().toString(36).slice(2, 8)}`,
      logger: options.logger,
    });
    this.leadership = new Leadership({
      connect: () => this.#connect(),
      instance: options.instance,
      logger: options.logger,
      ...(options.leaderIntervalMs ? { intervalMs: options.leaderIntervalMs } : {}),
    });
  }

  /** Connects the hub to the other instances; the leadership starts with `leadership.start`. */
  static async join(options: ClusterOptions): Promise<Cluster> {
    const cluster = new Cluster(options);
    await cluster.transport.start();
    return cluster;
  }

  /**
   * Runs `task` (migrations, the first start's seeding) while no other instance runs its own:
   * two instances started together would otherwise both seed an empty database.
   */
  async exclusively<T>(task: () => Promise<T>): Promise<T> {
    // Another instance's first start (migrations and the demo plant) may take a minute.
    const client = await this.#connect(300_000);
    try {
      await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
      return await task();
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /** Stops driving the plant (if it did), then leaves the hub. */
  async leave(): Promise<void> {
    await this.leadership.stop();
    await this.transport.close();
  }
}
