import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { HubTransport } from './hub-transport.ts';
import type { PlantEvent } from './plant-events.ts';

/** PostgreSQL refuses a notification payload of 8000 bytes or more. */
export const NOTIFY_PAYLOAD_LIMIT = 7900;

export const HUB_CHANNEL = 'roastery_hub';

/** What travels on the channel: the publishing instance, and the event or the row holding it. */
type Envelope = { o: string; e: PlantEvent } | { o: string; r: number };

export interface PgNotifyTransportOptions {
  /** Opens a new connection of its own (LISTEN holds it for the transport's lifetime). */
  connect: () => Promise<pg.Client>;
  /** This instance's id: the events it published come back on the channel and are skipped. */
  origin: string;
  logger: FastifyBaseLogger;
  reconnectMs?: { min: number; max: number };
}

/**
 * The hub between server instances on one PostgreSQL database. An event is delivered here at
 * once, synchronously, as the in-process transport does, and NOTIFY'd to the others, which
 * deliver it exactly once each in their subscribers. One connection carries both LISTEN and
 * NOTIFY, and sends in publishing order, so every instance receives one publisher's events in
 * the order it published them. An event too large for a notification is stored in `hub_payloads`
 * and the notification carries its id.
 */
export class PgNotifyTransport implements HubTransport {
  readonly #o: PgNotifyTransportOptions;
  #deliver: (event: PlantEvent, here: boolean) => void = () => undefined;
  #client: pg.Client | undefined;
  /** Sends one after the other, in publishing order. */
  #sending: Promise<void> = Promise.resolve();
  /** Deliveries of received events one after the other, also those read from the table. */
  #receiving: Promise<void> = Promise.resolve();
  #closed = false;
  #retryMs: number;
  #retryTimer: NodeJS.Timeout | undefined;
  #everConnected = false;
  readonly #reconnected = new Set<() => void>();

  constructor(options: PgNotifyTransportOptions) {
    this.#o = options;
    this.#retryMs = options.reconnectMs?.min ?? 250;
  }

  /** Connects and listens; resolves once events from other instances arrive. */
  async start(): Promise<void> {
    await this.#connect();
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retryTimer);
    await this.#sending;
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** Told after a lost connection is back: events published meanwhile were missed. */
  onReconnect(listener: () => void): void {
    this.#reconnected.add(listener);
  }

  deliverTo(deliver: (event: PlantEvent, here: boolean) => void): void {
    this.#deliver = deliver;
  }

  publish(event: PlantEvent): void {
    this.#deliver(event, true);
    const envelope = JSON.stringify({ o: this.#o.origin, e: event } satisfies Envelope);
    this.#sending = this.#sending.then(() =>
      this.#send(envelope, event).catch((err: unknown) =>
        // Other instances miss this event; they resynchronise when the connection is back.
        this.#o.logger.warn({ err, event: event.type }, 'hub event not sent to other instances'),
      ),
    );
  }

  async #send(envelope: string, event: PlantEvent): Promise<void> {
    const client = this.#client;
    if (!client) throw new Error('no connection to the database');
    if (Buffer.byteLength(envelope) < NOTIFY_PAYLOAD_LIMIT) {
      await client.query('select pg_notify($1, $2)', [HUB_CHANNEL, envelope]);
      return;
    }
    await client.query(`delete from hub_payloads where created_at < now() - interval '1 minute'`);
    const stored = await client.query<{ id: string }>(
      'insert into hub_payloads (payload) values ($1) returning id',
      [JSON.stringify(event)],
    );
    const id = Number(stored.rows[0]?.id);
    await client.query('select pg_notify($1, $2)', [
      HUB_CHANNEL,
      JSON.stringify({ o: this.#o.origin, r: id } satisfies Envelope),
    ]);
  }

  #receive(payload: string | undefined): void {
    if (!payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    if (envelope.o === this.#o.origin) return;
    this.#receiving = this.#receiving.then(async () => {
      try {
        const event = 'e' in envelope ? envelope.e : await this.#stored(envelope.r);
        if (event) this.#deliver(event, false);
      } catch (err) {
        this.#o.logger.warn({ err }, 'hub event from another instance not read');
      }
    });
  }

  async #stored(id: number): Promise<PlantEvent | undefined> {
    const row = await this.#client?.query<{ payload: PlantEvent }>(
      'select payload from hub_payloads where id = $1',
      [id],
    );
    return row?.rows[0]?.payload;
  }

  async #connect(): Promise<void> {
    const client = await this.#o.connect();
    client.on('notification', (msg) => this.#receive(msg.payload));
    const lost = (err?: unknown) => {
      if (this.#client !== client) return;
      this.#client = undefined;
      client.end().catch(() => undefined);
      if (this.#closed) return;
      this.#o.logger.warn({ err }, 'hub lost its database connection; reconnecting');
      this.#scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.query(`listen ${HUB_CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    this.#client = client;
    if (this.#everConnected) for (const listener of this.#reconnected) listener();
    this.#everConnected = true;
    this.#retryMs = this.#o.reconnectMs?.min ?? 250;
  }

  #scheduleReconnect(): void {
    const delay = this.#retryMs;
    this.#retryMs = Math.min(delay * 2, this.#o.reconnectMs?.max ?? 2000);
    this.#retryTimer = setTimeout(() => {
      this.#connect().catch((err: unknown) => {
        if (this.#closed) return;
        this.#o.logger.warn({ err }, 'hub could not reconnect to the database');
        this.#scheduleReconnect();
      });
    }, delay);
    this.#retryTimer.unref();
  }
}
