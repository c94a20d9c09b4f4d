import type { FastifyBaseLogger } from 'fastify';
import {
  BACKOFF_DEFAULTS,
  PlcGateway,
  type GatewayHealth,
  type TagRef,
  type TagValue,
  type WriteRecord,
} from '@roastery/plc';
import { StandardCommand, type PlantCommand, type PlantDefinition } from '@roastery/contract';
import type { PlcConfig } from '../../config.ts';
import type { LiveBus } from '../live/live-bus.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { EventLogService } from '../events/event-log-service.ts';
import type { AlarmTextRepository } from '../alarm-texts/alarm-text-repository.ts';
import type { PlantRepository } from './plant-repository.ts';
import { PlantSimulatorHost } from './plant-simulator-host.ts';

function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}

export const PLC_LINK_SOURCE = 'plc-link';
const alarmSource = (deviceCode: string) => `alarm:${deviceCode}`;

interface DeviceRef {
  ref: number;
  name: string;
}

export interface PlantRuntimeDeps {
  config: PlcConfig;
  plant: PlantRepository;
  alarmTexts: AlarmTextRepository;
  notifications: NotificationService;
  eventLog: EventLogService;
  live: LiveBus;
  logger: FastifyBaseLogger;
  /** Looks devices up by plant code, for names in notifications and the log. */
  deviceRefs: () => Promise<Map<string, DeviceRef>>;
}

/**
 * The console's side of the plant: one PLC gateway (and, with no PLC configured, the plant
 * simulator it talks to over loopback TCP), wired to notifications, the events log and the live
 * stream. Faults in the plant become alarms; none of them reach the caller as exceptions.
 */
export class PlantRuntime {
  readonly #d: PlantRuntimeDeps;
  readonly #simulator: PlantSimulatorHost;
  #gateway: PlcGateway | undefined;
  #commands = new Map<string, PlantCommand>();
  #devices = new Map<string, DeviceRef>();
  #alarmCommandId: number | undefined;
  #modeFeedbackId: number | undefined;
  #endpoint = '';
  #definition: PlantDefinition | undefined;
  readonly #valueListeners = new Set<(value: TagValue) => void>();

  constructor(deps: PlantRuntimeDeps) {
    this.#d = deps;
    this.#simulator = new PlantSimulatorHost(deps.plant, deps.config, deps.logger);
  }

  get simulator(): PlantSimulatorHost {
    return this.#simulator;
  }

  async start(): Promise<void> {
    const { config, plant, logger } = this.#d;
    const [tags, commands, devices, definition] = await Promise.all([
      plant.tags(),
      plant.commands(),
      this.#d.deviceRefs(),
      plant.definition(config.unitId),
    ]);
    this.#definition = definition;
    this.#commands = new Map(commands.map((c) => [`${c.kind}/${c.id}`, c]));
    this.#devices = devices;
    this.#alarmCommandId = commands.find(
      (c) => c.kind === 'input' && c.label === StandardCommand.AlarmCode,
    )?.id;
    this.#modeFeedbackId = commands.find(
      (c) => c.kind === 'binary' && c.label === StandardCommand.ManualModeActive,
    )?.id;

    const endpoint = config.host
      ? { host: config.host, port: config.port }
      : { host: '127.0.0.1', port: await this.#simulator.start() };
    this.#endpoint = `${endpoint.host}:${endpoint.port}`;
    const gateway = new PlcGateway({
      config: {
        protocol: 'modbus-tcp',
        ...endpoint,
        unitId: config.unitId,
        scanIntervalMs: config.scanIntervalMs,
        requestTimeoutMs: config.requestTimeoutMs,
        confirmTimeoutMs: config.confirmTimeoutMs,
        backoff: {
          minMs: Math.min(BACKOFF_DEFAULTS.minMs, config.reconnectMaxMs),
          maxMs: config.reconnectMaxMs,
        },
      },
      plant: { tags, commands },
    });
    this.#wire(gateway);
    this.#gateway = gateway;
    gateway.start();
    logger.info(
      { plc: this.#endpoint, simulated: !config.host, tags: tags.length },
      'PLC gateway started',
    );
  }

  async stop(): Promise<void> {
    const gateway = this.#gateway;
    this.#gateway = undefined;
    await gateway?.stop();
    await this.#simulator.stop();
  }

  /** Applies a changed address map: the gateway restarts on the new tags. */
  async reload(): Promise<void> {
    const gateway = this.#gateway;
    this.#gateway = undefined;
    await gateway?.stop();
    await this.#simulator.reload();
    await this.start();
  }

  /** The plant as loaded at the last start or reload (devices, commands, tags). */
  definition(): PlantDefinition | undefined {
    return this.#definition;
  }

  /** Every scanned change, whichever gateway is current; survives reloads. */
  onValue(listener: (value: TagValue) => void): () => void {
    this.#valueListeners.add(listener);
    return () => this.#valueListeners.delete(listener);
  }

  value(ref: TagRef): TagValue | undefined {
    return this.#gateway?.getValue(ref);
  }

  isSame(ref: TagRef): boolean {
    return this.#gateway?.isSame(ref) ?? false;
  }

  /** host:port of the PLC the gateway talks to, to name it when it is lost. */
  endpoint(): string {
    return this.#endpoint;
  }

  connected(): boolean {
    return this.#gateway?.health().state === 'connected';
  }

  health(): GatewayHealth | undefined {
    return this.#gateway?.health();
  }

  command(kind: 'binary' | 'input', id: number): PlantCommand | undefined {
    return this.#commands.get(`${kind}/${id}`);
  }

  /** Starts a write; the result arrives later through the log, live stream and notifications. */
  write(ref: TagRef, value: number, who: string): Promise<WriteRecord> | undefined {
    return this.#gateway?.write({ ...ref, value, who });
  }

  #safely(what: string, task: () => Promise<void>): void {
    task().catch((err: unknown) => this.#d.logger.error({ err }, `plant runtime: ${what} failed`));
  }

  #describe(ref: TagRef): { device: DeviceRef | undefined; label: string } {
    return {
      device: this.#devices.get(ref.device_id),
      label:
        this.command(ref.command_kind, ref.command_id)?.label ??
        `${ref.command_kind} ${ref.command_id}`,
    };
  }

  #wire(gateway: PlcGateway): void {
    const { live, notifications, eventLog } = this.#d;
    gateway.on('value', (v) => {
      if (this.#gateway !== gateway) return;
      const isMode = v.command_kind === 'binary' && v.command_id === this.#modeFeedbackId;
      live.publish({
        type: 'device',
        device_id: v.device_id,
        change: isMode ? 'mode' : 'value',
        command_kind: v.command_kind,
        command_id: v.command_id,
        value: v.value,
        quality: v.quality,
      });
      for (const listener of this.#valueListeners) listener(v);
      if (v.command_kind === 'input' && v.command_id === this.#alarmCommandId) {
        this.#safely('alarm', () => this.#onAlarmCode(v.device_id, v.value ?? 0));
      }
    });
    gateway.on('quality', (q) => {
      if (this.#gateway !== gateway) return;
      live.publish({
        type: 'device',
        device_id: q.device_id,
        change: 'quality',
        quality: q.quality,
      });
    });
    gateway.on('state', (t) => {
      if (this.#gateway !== gateway) return;
      live.publish({ type: 'plc', state: t.to, error: t.error ?? null });
    });
    gateway.on('connection', (e) => {
      if (this.#gateway !== gateway) return;
      this.#safely('connection alarm', async () => {
        if (e.type === 'connection-lost') {
          await notifications.raise({
            type: 'alarm',
            text: `PLC connection lost (${this.#endpoint}): ${e.error}. Device values are offline until it is back.`,
            by: 'console',
            source: PLC_LINK_SOURCE,
          });
          await eventLog.record({
            kind: 'plc-link',
            description: `PLC connection lost: ${e.error}`,
          });
        } else {
          await notifications.clear(PLC_LINK_SOURCE);
          await eventLog.record({
            kind: 'plc-link',
            description: `PLC connection restored after ${Math.round(e.downtimeMs / 1000)} s`,
          });
        }
      });
    });
    gateway.on('write', (r) => this.#safely('events log', () => this.#logWrite(r)));
    gateway.on('unconfirmed', (r) => {
      const { device, label } = this.#describe(r);
      this.#safely('unconfirmed warning', async () => {
        await notifications.raise({
          type: 'warning',
          text: `The PLC did not confirm ${label} = ${r.value} on ${device?.name ?? r.device_id} within ${formatDuration(this.#d.config.confirmTimeoutMs)}.`,
          by: r.who,
          deviceRef: device?.ref ?? null,
        });
      });
    });
  }

  async #logWrite(r: WriteRecord): Promise<void> {
    const { device, label } = this.#describe(r);
    await this.#d.eventLog.record({
      kind: 'plc-write',
      deviceId: device?.ref ?? null,
      deviceName: device?.name ?? r.device_id,
      description: `${label} set to ${r.value}: ${r.result}${r.error ? ` (${r.error})` : ''}`,
      userName: r.who,
      commandKind: r.command_kind,
      commandId: r.command_id,
      value: r.value,
      result: r.result,
      latencyMs: Math.round(r.latencyMs),
    });
  }

  async #onAlarmCode(deviceCode: string, code: number): Promise<void> {
    const device = this.#devices.get(deviceCode);
    const source = alarmSource(deviceCode);
    const active = await this.#d.notifications.activeCode(source);
    if (active === code) return;
    if (active !== undefined) {
      await this.#d.notifications.clear(source);
      await this.#d.eventLog.record({
        kind: 'alarm',
        deviceId: device?.ref ?? null,
        deviceName: device?.name ?? deviceCode,
        description: `Alarm ${active} cleared in the PLC`,
        value: 0,
      });
    }
    if (code <= 0) return;
    const text = device ? await this.#d.alarmTexts.textFor(device.ref, code) : undefined;
    await this.#d.notifications.raise({
      type: 'alarm',
      text: `${device?.name ?? deviceCode}: ${text ?? `Alarm code ${code}`}`,
      by: 'PLC',
      deviceRef: device?.ref ?? null,
      source,
      code,
    });
    await this.#d.eventLog.record({
      kind: 'alarm',
      deviceId: device?.ref ?? null,
      deviceName: device?.name ?? deviceCode,
      description: `Alarm ${code}: ${text ?? 'no alarm text configured'}`,
      value: code,
    });
  }
}
