import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import type { PlantDataConfig, PlantDataLinkState } from '@roastery/contract';
import { Outbox, type OutboxMessage } from './outbox.ts';

/**
 * Messages handed to the client and not yet acknowledged. The client resends these itself, in
 * order, after a reconnect; more in flight would only grow its unbounded store.
 */
const IN_FLIGHT = 64;
const RECONNECT_MS = 1000;
const STOP_TIMEOUT_MS = 3000;

export interface MqttLinkOptions {
  config: PlantDataConfig;
  logger: FastifyBaseLogger;
  /** Each time the broker accepts the connection, before the outbox flushes. */
  onConnect?: () => void;
  /** Each time the connection is lost or closed. */
  onClose?: () => void;
  onMessage?: (topic: string, payload: Buffer) => void;
}

/**
 * One connection to the broker. Retained and QoS 1 messages wait in a bounded outbox while the
 * broker is away and flush in order when it returns; callers never wait for the broker.
 */
export class MqttLink {
  readonly #options: MqttLinkOptions;
  readonly #outbox: Outbox;
  #client: MqttClient | undefined;
  #state: PlantDataLinkState = 'off';
  #error: string | null = null;
  #inFlight = 0;
  #published = 0;
  #will: { topic: string; payload: Buffer; qos: 1; retain: false } | undefined;

  constructor(options: MqttLinkOptions) {
    this.#options = options;
    this.#outbox = new Outbox(options.config.outbox_limit);
  }

  start(): void {
    const { config } = this.#options;
    this.#state = 'connecting';
    const client = connect(config.broker_url, {
      clientId: config.client_id,
      ...(config.username ? { username: config.username } : {}),
      ...(config.password ? { password: config.password } : {}),
      ...(config.tls_ca ? { ca: config.tls_ca } : {}),
      ...(config.tls_cert ? { cert: config.tls_cert } : {}),
      ...(config.tls_key ? { key: config.tls_key } : {}),
      rejectUnauthorized: config.tls_reject_unauthorized,
      reconnectPeriod: RECONNECT_MS,
      // QoS 0 (Sparkplug data) is only sent on a live connection: births resend the state.
      queueQoSZero: false,
      ...(this.#will ? { will: this.#will } : {}),
    } satisfies IClientOptions);
    this.#client = client;
    client.on('connect', () => {
      this.#state = 'connected';
      this.#error = null;
      this.#options.logger.info({ broker: config.broker_url }, 'plant data: broker connected');
      this.#options.onConnect?.();
      this.#drain();
    });
    client.on('close', () => {
      if (this.#state === 'off') return;
      if (this.#state === 'connected') {
        this.#options.logger.warn({ broker: config.broker_url }, 'plant data: broker lost');
      }
      this.#state = 'disconnected';
      this.#options.onClose?.();
    });
    client.on('error', (err) => {
      // Every reconnect fails the same way while the broker is down: logged once.
      if (err.message !== this.#error) {
        this.#options.logger.warn({ err: err.message }, 'plant data: broker error');
      }
      this.#error = err.message;
    });
    client.on('message', (topic, payload) => this.#options.onMessage?.(topic, payload));
  }

  /** Queues a QoS 1 message; it goes out now when the broker is there, later when it is back. */
  enqueue(message: OutboxMessage): void {
    this.#outbox.push(message);
    this.#drain();
  }

  /** Sends a QoS 0 message if the broker is there now; false when it is not. */
  sendNow(topic: string, payload: Buffer): boolean {
    const client = this.#client;
    if (!client?.connected) return false;
    client.publish(topic, payload, { qos: 0, retain: false }, (err) => {
      if (err) this.#error = err.message;
      else this.#published += 1;
    });
    return true;
  }

  subscribe(topics: string[]): void {
    this.#client?.subscribe(topics, { qos: 1 }, (err) => {
      if (err)
        this.#options.logger.warn({ err: err.message, topics }, 'plant data: not subscribed');
    });
  }

  /**
   * The last will the broker publishes if the connection dies (Sparkplug's NDEATH): the next
   * connection registers it, a reconnect included.
   */
  setWill(will: { topic: string; payload: Buffer }): void {
    this.#will = { ...will, qos: 1, retain: false };
    if (this.#client) this.#client.options.will = this.#will;
  }

  /** Sends `last` if connected (Sparkplug's own NDEATH), then closes, waiting a short while. */
  async stop(last?: { topic: string; payload: Buffer }): Promise<void> {
    const client = this.#client;
    this.#state = 'off';
    if (!client) return;
    if (last && client.connected) {
      await Promise.race([
        client.publishAsync(last.topic, last.payload, { qos: 1, retain: false }),
        new Promise((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS).unref()),
      ]).catch(() => undefined);
    }
    await Promise.race([
      client.endAsync(),
      new Promise((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS).unref()),
    ]);
    client.end(true);
  }

  status() {
    return {
      state: this.#state,
      error: this.#error,
      queued: this.#outbox.size + this.#inFlight,
      dropped: this.#outbox.dropped,
      published: this.#published,
    };
  }

  #drain(): void {
    const client = this.#client;
    while (client?.connected && this.#inFlight < IN_FLIGHT) {
      const message = this.#outbox.shift();
      if (!message) return;
      this.#inFlight += 1;
      client.publish(message.topic, message.payload, { qos: 1, retain: message.retain }, (err) => {
        this.#inFlight -= 1;
        if (err) this.#error = err.message;
        else this.#published += 1;
        this.#drain();
      });
    }
  }
}
