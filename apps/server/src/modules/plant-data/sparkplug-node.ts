import { get } from 'sparkplug-payload';
import type { FastifyBaseLogger } from 'fastify';
import type { CommandKind, CommandRef, PlantDataConfig, Quality } from '@roastery/contract';
import type { PlantCatalog } from '../../plant/catalog/plant-catalog.ts';
import type { MirroredValue } from '../../plant/runtime/value-mirror.ts';
import type { MqttLink } from './mqtt-link.ts';

const spB = get('spBv1.0');
if (!spB) throw new Error('the Sparkplug payload library has no spBv1.0 encoder');
/** Tahu's encoder and decoder of Sparkplug B payloads (protobuf). */
export const sparkplugB = spB;
type Payload = Parameters<typeof sparkplugB.encodePayload>[0];
type Metric = NonNullable<Payload['metrics']>[number];

export const SPARKPLUG_NAMESPACE = 'spBv1.0';
export const REBIRTH_METRIC = 'Node Control/Rebirth';

/**
 * The OPC quality codes Sparkplug hosts read from a metric's "Quality" property: good,
 * uncertain (the value has not been read again for a while), bad (the PLC is unreachable).
 */
const QUALITY_CODES: Record<Quality, number> = { good: 192, stale: 64, offline: 0 };

/** A Sparkplug id: one topic level, without the characters the specification reserves. */
const sparkplugId = (text: string) => text.replace(/[/+#]/g, '_');

interface MetricInfo {
  ref: CommandRef;
  device: string;
  name: string;
  alias: number;
  type: 'Boolean' | 'Double';
}

const key = (device: string, kind: CommandKind, id: number) => `${device}\u0000${kind}\u0000${id}`;

export interface SparkplugNodeDeps {
  config: Pick<PlantDataConfig, 'group_id' | 'edge_node_id'>;
  link: Pick<MqttLink, 'sendNow' | 'subscribe' | 'setWill'>;
  catalog: () => PlantCatalog | undefined;
  /** Every value read so far, for the birth certificates. */
  values: () => readonly MirroredValue[];
  clock: () => number;
  logger: FastifyBaseLogger;
  /**
   * Writes one tag a DCMD asks for, as a console write: true when written, false when refused
   * (the reason logged by the writer). Absent: every DCMD is refused.
   */
  command?: ((ref: CommandRef, value: number) => Promise<boolean>) | undefined;
}

/**
 * The console as a Sparkplug B edge node: each plant device a Sparkplug device. NBIRTH and
 * DBIRTH carry every metric with its alias, DDATA only what changed (by alias), NDEATH is the
 * connection's will with the bdSeq of its NBIRTH, and seq counts every message 0..255 from the
 * NBIRTH on. A device command (DCMD) is handed to `command` metric by metric, by alias or name.
 */
export class SparkplugNode {
  readonly #deps: SparkplugNodeDeps;
  readonly #topic: (type: string, device?: string) => string;
  #bdSeq = 0;
  #seq = 0;
  #born = false;
  #metrics = new Map<string, MetricInfo>();
  /** The address map the births announced. */
  #bornOf: PlantCatalog | undefined;
  #pending = new Map<string, Metric[]>();
  #flushing = false;
  #refused = 0;
  #written = 0;

  constructor(deps: SparkplugNodeDeps) {
    this.#deps = deps;
    const group = sparkplugId(deps.config.group_id);
    const node = sparkplugId(deps.config.edge_node_id);
    this.#topic = (type, device) =>
      `${SPARKPLUG_NAMESPACE}/${group}/${type}/${node}${device === undefined ? '' : `/${device}`}`;
  }

  get bdSeq(): number {
    return this.#bdSeq;
  }

  get refusedCommands(): number {
    return this.#refused;
  }

  get writtenCommands(): number {
    return this.#written;
  }

  /** The NDEATH the broker publishes for this node if the connection dies: the will. */
  death(): { topic: string; payload: Buffer } {
    const payload = sparkplugB.encodePayload({
      timestamp: this.#deps.clock(),
      metrics: [{ name: 'bdSeq', type: 'UInt64', value: this.#bdSeq }],
    });
    return { topic: this.#topic('NDEATH'), payload: Buffer.from(payload) };
  }

  /** A new connection: commands first, then the births (the specification's order). */
  connected(): void {
    this.#deps.link.subscribe([this.#topic('NCMD'), this.#topic('DCMD', '+')]);
    this.birth();
  }

  /** The connection is gone: the next one is a new session, with the next bdSeq as its will. */
  closed(): void {
    if (!this.#born) return;
    this.#born = false;
    this.#pending.clear();
    this.#bdSeq = (this.#bdSeq + 1) % 256;
    this.#deps.link.setWill(this.death());
  }

  /** NBIRTH with seq 0, then one DBIRTH per device with every metric and its alias. */
  birth(): void {
    const catalog = this.#deps.catalog();
    this.#pending.clear();
    this.#metrics = catalog ? metricsOf(catalog) : new Map();
    this.#bornOf = catalog;
    this.#seq = 0;
    const now = this.#deps.clock();
    const sent = this.#send(this.#topic('NBIRTH'), now, [
      { name: 'bdSeq', type: 'UInt64', value: this.#bdSeq, timestamp: now },
      { name: REBIRTH_METRIC, type: 'Boolean', value: false, timestamp: now },
    ]);
    this.#born = sent;
    if (!sent) return;
    const byDevice = new Map<string, Metric[]>();
    const values = new Map(
      this.#deps.values().map((v) => [key(v.device_id, v.command_kind, v.command_id), v]),
    );
    for (const [k, info] of this.#metrics) {
      const value = values.get(k);
      const metric: Metric = {
        ...this.#metric(info, value?.value ?? null, value?.quality ?? 'offline', now),
        name: info.name,
      };
      byDevice.set(info.device, [...(byDevice.get(info.device) ?? []), metric]);
    }
    for (const [device, metrics] of byDevice) {
      this.#send(this.#topic('DBIRTH', device), now, metrics);
    }
  }

  /** A changed value: sent as DDATA by alias, with the other changes of the same moment. */
  value(event: MirroredValue): void {
    if (!this.#born) return;
    const info = this.#metrics.get(key(event.device_id, event.command_kind, event.command_id));
    if (!info) {
      // A tag the births did not announce: the address map changed, so the node is born again.
      if (this.#deps.catalog() !== this.#bornOf) this.birth();
      return;
    }
    const metric = this.#metric(info, event.value, event.quality, this.#deps.clock());
    this.#pending.set(info.device, [...(this.#pending.get(info.device) ?? []), metric]);
    if (this.#flushing) return;
    this.#flushing = true;
    setImmediate(() => this.#flush());
  }

  /** NCMD Node Control/Rebirth asks for the births again; a DCMD goes to the writer. */
  message(topic: string, payload: Buffer): void {
    let decoded: Payload;
    try {
      decoded = sparkplugB.decodePayload(payload);
    } catch (err) {
      this.#deps.logger.warn({ err, topic }, 'plant data: Sparkplug command not decoded');
      return;
    }
    if (topic === this.#topic('NCMD')) {
      const rebirth = decoded.metrics?.some((m) => m.name === REBIRTH_METRIC && m.value === true);
      if (rebirth) this.birth();
      return;
    }
    const device = topic.split('/')[4];
    for (const metric of decoded.metrics ?? []) {
      const info = [...this.#metrics.values()].find(
        (m) =>
          m.device === device &&
          (metric.alias == null ? m.name === metric.name : m.alias === Number(metric.alias)),
      );
      void this.#command(topic, info, metric.value);
    }
  }

  async #command(topic: string, info: MetricInfo | undefined, value: unknown): Promise<void> {
    const { command, logger } = this.#deps;
    const number = typeof value === 'boolean' ? Number(value) : value;
    let written = false;
    if (!info || !command || typeof number !== 'number' || !Number.isFinite(number)) {
      logger.warn({ topic, metric: info?.name }, 'plant data: Sparkplug device command refused');
    } else {
      written = await command(info.ref, number).catch((err: unknown) => {
        logger.error({ err, topic }, 'plant data: Sparkplug device command failed');
        return false;
      });
    }
    if (written) this.#written += 1;
    else this.#refused += 1;
  }

  #flush(): void {
    this.#flushing = false;
    if (!this.#born) return;
    const now = this.#deps.clock();
    for (const [device, metrics] of this.#pending) {
      this.#send(this.#topic('DDATA', device), now, metrics);
    }
    this.#pending.clear();
  }

  #metric(info: MetricInfo, value: number | null, quality: Quality, timestamp: number): Metric {
    return {
      alias: info.alias,
      type: info.type,
      value: value === null ? null : info.type === 'Boolean' ? value !== 0 : value,
      timestamp,
      properties: { Quality: { type: 'Int32', value: QUALITY_CODES[quality] } },
    };
  }

  /** Sends with the next seq; false when the broker is away (the next birth resends state). */
  #send(topic: string, timestamp: number, metrics: Metric[]): boolean {
    const seq = this.#seq;
    const payload = sparkplugB.encodePayload({ timestamp, seq, metrics });
    const sent = this.#deps.link.sendNow(topic, Buffer.from(payload));
    if (sent) this.#seq = (seq + 1) % 256;
    return sent;
  }
}

/** Every tag of the real devices as a metric, with aliases numbered from 1 across the node. */
function metricsOf(catalog: PlantCatalog): Map<string, MetricInfo> {
  const metrics = new Map<string, MetricInfo>();
  for (const tag of catalog.definition.tags) {
    const device = catalog.device(tag.device_id);
    if (!device || device.virtual) continue;
    metrics.set(key(tag.device_id, tag.command_kind, tag.command_id), {
      ref: { device_id: tag.device_id, command_kind: tag.command_kind, command_id: tag.command_id },
      device: sparkplugId(tag.device_id),
      name: catalog.labelOf(tag.command_kind, tag.command_id),
      alias: metrics.size + 1,
      type: tag.command_kind === 'binary' ? 'Boolean' : 'Double',
    });
  }
  return metrics;
}
