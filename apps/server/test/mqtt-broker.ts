import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { connect, type MqttClient } from 'mqtt';
import { sparkplugB } from '../src/modules/plant-data/sparkplug-node.ts';

/** Where Debian and Ubuntu put the broker (outside a normal user's PATH), then the PATH's. */
const MOSQUITTO_PATHS = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto', '/usr/local/sbin/mosquitto'];

/** The Mosquitto binary, or undefined on a machine without one (the MQTT tests then skip). */
export const mosquittoBinary: string | undefined = MOSQUITTO_PATHS.find((path) => existsSync(path));

/** Is something listening on 127.0.0.1 at this port? */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A Mosquitto of the test's own on its own port, keeping its sessions on disk: stopped and
 * started again, a subscriber's persistent session and what was queued for it survive.
 */
export class TestBroker {
  readonly port: number;
  readonly #dir: string;
  #process: ChildProcess | undefined;

  private constructor(port: number) {
    this.port = port;
    this.#dir = mkdtempSync(join(tmpdir(), 'roastery-mqtt-'));
    writeFileSync(
      join(this.#dir, 'mosquitto.conf'),
      [
        `listener ${port} 127.0.0.1`,
        'allow_anonymous true',
        'persistence true',
        `persistence_location ${this.#dir}/`,
        'queue_qos0_messages true',
        'log_type none',
        // Started as root, the broker would switch to its own user, which cannot write here.
        `user ${userInfo().username}`,
      ].join('\n'),
    );
  }

  static async start(binary: string): Promise<TestBroker> {
    const broker = new TestBroker(await freePort());
    await broker.resume(binary);
    return broker;
  }

  async resume(binary: string): Promise<void> {
    this.#process = spawn(binary, ['-c', join(this.#dir, 'mosquitto.conf')], { stdio: 'ignore' });
    await until(() => listening(this.port), `a broker on port ${this.port}`);
  }

  /** Stops the broker (it writes its sessions to disk first) and waits until it is gone. */
  async halt(): Promise<void> {
    const child = this.#process;
    this.#process = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  async remove(): Promise<void> {
    await this.halt();
    await rm(this.#dir, { recursive: true, force: true });
  }
}

/**
 * A TCP relay between the console and the broker: cutting it drops the console's connection
 * without an MQTT DISCONNECT, as a failed network does, so the broker publishes its will.
 */
export class CuttableLink {
  readonly #sockets = new Set<Socket>();
  readonly #server = createServer((client) => {
    const upstream = createConnection({ host: '127.0.0.1', port: this.brokerPort });
    for (const socket of [client, upstream]) {
      this.#sockets.add(socket);
      socket.once('close', () => this.#sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  readonly brokerPort: number;

  private constructor(brokerPort: number) {
    this.brokerPort = brokerPort;
  }

  static async open(brokerPort: number): Promise<{ link: CuttableLink; port: number }> {
    const link = new CuttableLink(brokerPort);
    await new Promise<void>((resolve) => link.#server.listen(0, '127.0.0.1', resolve));
    return { link, port: (link.#server.address() as AddressInfo).port };
  }

  cut(): void {
    for (const socket of this.#sockets) socket.destroy();
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise((resolve) => this.#server.close(resolve));
  }
}

/** A message as the subscriber decoded it: JSON, or a Sparkplug B payload. */
export interface Received {
  topic: string;
  retain: boolean;
  json?: unknown;
  sparkplug?: ReturnType<typeof sparkplugB.decodePayload>;
}

/**
 * A subscriber that decodes every message it gets: Sparkplug topics as protobuf (a payload
 * that does not decode fails the test), everything else as JSON.
 */
export class Subscriber {
  readonly received: Received[] = [];
  readonly errors: string[] = [];
  readonly client: MqttClient;

  private constructor(client: MqttClient) {
    this.client = client;
    client.on('message', (topic, payload, packet) => {
      try {
        this.received.push(
          topic.startsWith('spBv1.0/')
            ? { topic, retain: packet.retain, sparkplug: sparkplugB.decodePayload(payload) }
            : { topic, retain: packet.retain, json: JSON.parse(payload.toString('utf8')) },
        );
      } catch (err) {
        this.errors.push(`${topic}: ${(err as Error).message}`);
      }
    });
  }

  /**
   * Connects and subscribes (QoS 1). A named subscriber keeps its session at the broker, so what
   * is published while it is away waits for it.
   */
  static async open(
    port: number,
    topics: string[],
    session?: { clientId: string },
  ): Promise<Subscriber> {
    const client = connect(`mqtt://127.0.0.1:${port}`, {
      reconnectPeriod: 100,
      ...(session ? { clientId: session.clientId, clean: false } : {}),
    });
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    await client.subscribeAsync(topics, { qos: 1 });
    return new Subscriber(client);
  }

  on(topic: string): Received[] {
    return this.received.filter((message) => message.topic === topic);
  }

  async close(): Promise<void> {
    await this.client.endAsync(true);
  }
}
