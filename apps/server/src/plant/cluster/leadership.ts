import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { CONSOLE_APPLICATION_NAME_PREFIX } from '@roastery/db';

/** The advisory lock whose holder drives the plant: 'roastery' in ASCII, one per database. */
export const LEADER_LOCK_KEY = 0x726f6173;

/**
 * How the connection holding the lock names itself, so that others can tell who leads (and a
 * restore, that a console is running).
 */
export const APPLICATION_NAME_PREFIX = CONSOLE_APPLICATION_NAME_PREFIX;

export interface LeadershipOptions {
  /** Opens a new connection of its own (the lock lives as long as its session). */
  connect: () => Promise<pg.Client>;
  instance: string;
  logger: FastifyBaseLogger;
  /** How often a follower asks for the lock and a leader checks its connection. */
  intervalMs?: number;
}

/**
 * Exactly one server instance on a database drives the plant: the one holding a session-level
 * advisory lock on a connection of its own. Followers ask for the lock every `intervalMs`; a
 * leader checks its connection as often. A leader that loses its connection stops driving at
 * once (`isLeader()` turns false before anything else, and every PLC write asks it), because
 * PostgreSQL has then released the lock and another instance may already hold it.
 */
/** What the leader drives. */
export interface DrivenPlant {
  /** Starts driving the plant (PLC runtime, engine, scheduler). */
  lead(): Promise<void>;
  /** Stops driving; writes are already fenced off when it is called. */
  follow(): Promise<void>;
}

export class Leadership {
  readonly #o: LeadershipOptions;
  #plant: DrivenPlant | undefined;
  #client: pg.Client | undefined;
  #leading = false;
  #timer: NodeJS.Timeout | undefined;
  #stopped = true;
  /** Starting and stopping the plant happen one after the other, never interleaved. */
  #transitions: Promise<void> = Promise.resolve();
  #ticking = false;
  /** After losing the lead, no attempt before this time: a healthy follower goes first. */
  #notBefore = 0;
  readonly #listeners = new Set<(leading: boolean) => void>();

  constructor(options: LeadershipOptions) {
    this.#o = options;
  }

  get instance(): string {
    return this.#o.instance;
  }

  isLeader(): boolean {
    return this.#leading;
  }

  /** Told each time this instance becomes or stops being the leader. */
  onChange(listener: (leading: boolean) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Asks for the lock now and then every interval; resolves after the first attempt. */
  async start(plant: DrivenPlant): Promise<void> {
    this.#plant = plant;
    this.#stopped = false;
    await this.#tick();
    this.#schedule();
  }

  /** Stops driving and releases the lock (closing its connection releases it). */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    const client = this.#client;
    this.#client = undefined;
    if (this.#leading) this.#lose('this instance is stopping');
    await this.#transitions;
    await client?.end().catch(() => undefined);
  }

  /** Waits for the plant to have started or stopped after the last change of leadership. */
  settled(): Promise<void> {
    return this.#transitions;
  }

  /** The instance holding the lock, as its connection names itself; undefined when none does. */
  async leader(): Promise<string | undefined> {
    if (this.#leading) return this.#o.instance;
    const client = this.#client;
    if (!client) return undefined;
    const result = await client.query<{ name: string }>(
      `select a.application_name as name from pg_locks l
         join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.granted and l.database = (
                select oid from pg_database where datname = current_database())
          and l.classid = 0 and l.objid = $1 and l.objsubid = 1`,
      [LEADER_LOCK_KEY],
    );
    const name = result.rows[0]?.name;
    return name?.startsWith(APPLICATION_NAME_PREFIX)
      ? name.slice(APPLICATION_NAME_PREFIX.length)
      : name;
  }

  #schedule(): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      void this.#tick().finally(() => this.#schedule());
    }, this.#o.intervalMs ?? 1000);
    this.#timer.unref();
  }

  async #tick(): Promise<void> {
    if (this.#ticking || this.#stopped) return;
    this.#ticking = true;
    try {
      const client = this.#client ?? (await this.#open());
      if (this.#leading) {
        // A connection that died quietly shows here; PostgreSQL has released the lock with it.
        await client.query('select 1');
        return;
      }
      if (Date.now() < this.#notBefore) return;
      const result = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1) as locked',
        [LEADER_LOCK_KEY],
      );
      if (result.rows[0]?.locked && !this.#stopped) this.#lead();
    } catch (err) {
      this.#o.logger.warn({ err }, 'leadership: the database did not answer');
      this.#dropConnection(err);
    } finally {
      this.#ticking = false;
    }
  }

  async #open(): Promise<pg.Client> {
    const client = await this.#o.connect();
    client.on('error', (err) => {
      if (this.#client === client) this.#dropConnection(err);
    });
    client.on('end', () => {
      if (this.#client === client) this.#dropConnection(new Error('connection closed'));
    });
    this.#client = client;
    return client;
  }

  #dropConnection(err: unknown): void {
    const client = this.#client;
    this.#client = undefined;
    client?.end().catch(() => undefined);
    if (this.#leading) this.#lose(err instanceof Error ? err.message : String(err));
  }

  #lead(): void {
    this.#leading = true;
    this.#o.logger.info({ instance: this.#o.instance }, 'this instance now drives the plant');
    this.#notify();
    this.#transitions = this.#transitions.then(async () => {
      try {
        await this.#plant?.lead();
      } catch (err) {
        this.#o.logger.error({ err }, 'the plant could not start on this instance');
        // Another instance may do better: release the lock by closing its connection.
        this.#dropConnection(err);
      }
    });
  }

  #lose(reason: string): void {
    this.#leading = false;
    this.#notBefore = Date.now() + 3 * (this.#o.intervalMs ?? 1000);
    this.#o.logger.warn({ instance: this.#o.instance, reason }, 'this instance stopped driving');
    this.#notify();
    this.#transitions = this.#transitions.then(() =>
      (this.#plant?.follow() ?? Promise.resolve()).catch((err: unknown) => {
        this.#o.logger.error({ err }, 'the plant did not stop cleanly');
      }),
    );
  }

  #notify(): void {
    for (const listener of this.#listeners) listener(this.#leading);
  }
}
