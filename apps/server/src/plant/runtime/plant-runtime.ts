import type { FastifyBaseLogger } from 'fastify';
import {
  BACKOFF_DEFAULTS,
  PlcGateway,
  sameTagValue,
  type GatewayHealth,
  type TagRef,
  type TagValue,
  type WriteRecord,
} from '@roastery/plc';
import type { PlantCommand, PlantDefinition } from '@roastery/contract';
import type { InitialValue } from '@roastery/simulator';
import type { PlcConfig } from '../../config.ts';
import type { NotificationService } from '../../modules/notifications/notification-service.ts';
import type { EventLogService } from '../../modules/events/event-log-service.ts';
import type { AlarmTextService } from '../../modules/alarm-texts/alarm-text-service.ts';
import { PlantCatalog, type CommandRole } from '../catalog/plant-catalog.ts';
import type { EventHub } from '../hub/event-hub.ts';
import type { PlantRepository } from './plant-repository.ts';
import { PlantSimulatorHost } from './plant-simulator-host.ts';
import { ValueMirror, type MirroredLink, type MirroredValue } from './value-mirror.ts';

function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}

export const PLC_LINK_SOURCE = 'plc-link';
/** The alarm of a PLC gateway a person stopped from the System Monitor. */
export const PLC_GATEWAY_STOPPED_SOURCE = 'plc-gateway-stopped';
/** The source of a device's PLC alarm codes. */
export const deviceAlarmSource = (deviceCode: string) => `alarm:${deviceCode}`;

interface DeviceRef {
  ref: number;
  name: string;
}

export interface PlantRuntimeDeps {
  config: PlcConfig;
  plant: PlantRepository;
  alarmTexts: AlarmTextService;
  notifications: NotificationService;
  eventLog: EventLogService;
  hub: EventHub;
  logger: FastifyBaseLogger;
  /** Looks devices up by plant code, for names in notifications and the log. */
  deviceRefs: () => Promise<Map<string, DeviceRef>>;
  /** What the books say each device holds, in hundredths of a lb, by device ref. */
  bookWeights: () => Promise<Map<number, number>>;
  /**
   * Whether this instance drives the plant, asked before every write: one that has lost the
   * lead to another instance must not write, whatever of it is still running.
   */
  drives?: () => boolean;
}

/**
 * The console's side of the plant: one PLC gateway (and, with no PLC configured, the plant
 * simulator it talks to over loopback TCP), wired to notifications, the events log and the event
 * hub. It holds the plant catalog of the address map it runs. Faults in the plant become alarms; none of them reach the caller as exceptions.
 */
export class PlantRuntime {
  readonly #d: PlantRuntimeDeps;
  readonly #simulator: PlantSimulatorHost;
  #gateway: PlcGateway | undefined;
  #devices = new Map<string, DeviceRef>();
  #endpoint = '';
  #target: { host: string; port: number } | undefined;
  /** A person stopped the gateway from the System Monitor; only they start it again. */
  #heldStopped = false;
  /** While the link is not connected: since when device values are not live (epoch ms). */
  #notLiveSince: number | null = null;
  #catalog: PlantCatalog | undefined;
  /** Between start and stop: a change of the address map then restarts the gateway. */
  #running = false;
  /**
   * Each device's alarm codes, handled one after another: the next code's comparison with the
   * active one must see what the previous code raised, or a quick change would be lost.
   */
  #alarmCodes = new Map<string, Promise<void>>();
  /** The leading instance's values, read by an instance that does not drive the plant. */
  readonly #mirror: ValueMirror;

  constructor(deps: PlantRuntimeDeps) {
    this.#d = deps;
    this.#mirror = new ValueMirror(deps.hub);
    // The leader applies an address map changed anywhere; a follower reads its catalog again.
    deps.hub.subscribe(
      'cache-changed',
      (e) => {
        if (e.cache === 'device-records' && this.#following()) {
          this.#safely('catalog', () => this.follow());
        }
      },
      { from: 'other-instances' },
    );
    this.#simulator = new PlantSimulatorHost(deps.plant, deps.config, deps.logger, () =>
      this.#bookLevels(),
    );
  }

  /**
   * The book weight of every device with a level command, as that command's value: what the
   * simulated level sensors read when the simulator powers up.
   */
  async #bookLevels(): Promise<InitialValue[]> {
    const catalog = this.#catalog;
    const level = catalog?.commandFor('occupancy');
    if (!catalog || !level) return [];
    const held = await this.#d.bookWeights();
    return [...this.#devices].flatMap(([code, { ref }]) => {
      const centi = held.get(ref);
      return centi && catalog.refOf(code, 'occupancy')
        ? [{ device_id: code, label: level.label, value: centi / 100 }]
        : [];
    });
  }

  get simulator(): PlantSimulatorHost {
    return this.#simulator;
  }

  /**
   * Loads the plant and starts the gateway. With no PLC configured the simulator starts first;
   * `endpoint` reconnects to the one the gateway last talked to, leaving the simulator alone.
   */
  async start(endpoint?: { host: string; port: number }): Promise<void> {
    this.#running = true;
    const { config, plant, logger } = this.#d;
    const [tags, commands, devices, definition] = await Promise.all([
      plant.tags(),
      plant.commands(),
      this.#d.deviceRefs(),
      plant.definition(config.unitId),
    ]);
    this.#catalog = new PlantCatalog(definition);
    this.#devices = devices;

    const target =
      endpoint ??
      (config.host
        ? { host: config.host, port: config.port }
        : { host: '127.0.0.1', port: await this.#simulator.start() });
    this.#target = target;
    this.#endpoint = `${target.host}:${target.port}`;
    const gateway = new PlcGateway({
      config: {
        protocol: 'modbus-tcp',
        ...target,
        unitId: config.unitId,
        scanIntervalMs: config.scanIntervalMs,
        requestTimeoutMs: config.requestTimeoutMs,
        maxInFlight: config.maxInFlight,
        staleAfterScans: config.staleAfterScans,
        offlineAfterScans: config.offlineAfterScans,
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

  /**
   * For an instance that does not drive the plant: loads the catalog, and serves the values
   * the leading instance reads (its hub events, on top of `mirror`'s snapshot).
   */
  async follow(): Promise<void> {
    const [devices, definition] = await Promise.all([
      this.#d.deviceRefs(),
      this.#d.plant.definition(this.#d.config.unitId),
    ]);
    this.#devices = devices;
    this.#catalog = new PlantCatalog(definition);
  }

  /** Takes in what the leading instance read so far (`snapshot` there). */
  mirror(snapshot: { values: MirroredValue[]; link: MirroredLink }): void {
    this.#mirror.load(snapshot.values, snapshot.link);
  }

  /** Every value read so far and the PLC link, for an instance that follows this one. */
  snapshot(): { values: MirroredValue[]; link: MirroredLink } {
    const gateway = this.#gateway;
    if (!gateway) return { values: [], link: this.link() };
    const snap = gateway.getSnapshot();
    return {
      values: snap.devices.flatMap((d) =>
        d.commands.map((c) => ({
          device_id: d.device_id,
          command_kind: c.command_kind,
          command_id: c.command_id,
          value: c.value,
          quality: c.quality,
          isSame: this.isSame(c),
        })),
      ),
      link: this.link(),
    };
  }

  /** The PLC link as the screens show it: this gateway's, or on a follower the leader's. */
  link(): MirroredLink {
    if (this.#following()) return this.#mirror.link();
    const health = this.#gateway?.health();
    if (!health) return { state: 'closed', error: null, since: this.#notLiveSince };
    return {
      state: health.state,
      error: health.lastError,
      since: health.state === 'connected' ? null : this.#notLiveSince,
    };
  }

  /**
   * Since when those of `values` that are not live stopped being live, as an ISO time: when the
   * link was lost while it is down (values were live until then, however long ago they last
   * changed), else the oldest last good read among them. Null while all are live, or when none
   * ever was.
   */
  notLiveSince(values: readonly (TagValue | undefined)[]): string | null {
    const notLive = values.filter((v) => v?.quality !== 'good');
    if (notLive.length === 0) return null;
    const link = this.link();
    const reads = notLive.flatMap((v) => (v?.updatedAt == null ? [] : [v.updatedAt]));
    const since =
      link.state !== 'connected' && link.since !== null
        ? link.since
        : reads.length > 0
          ? Math.min(...reads)
          : null;
    return since === null ? null : new Date(since).toISOString();
  }

  #following(): boolean {
    return this.#d.drives !== undefined && !this.#d.drives() && !this.#gateway;
  }

  async stop(): Promise<void> {
    this.#running = false;
    const gateway = this.#gateway;
    this.#gateway = undefined;
    await gateway?.stop();
    await this.#simulator.stop();
  }

  gatewayRunning(): boolean {
    return this.#gateway !== undefined;
  }

  /**
   * Stops the PLC gateway alone, as a person asks from the System Monitor: the plant keeps
   * running on its own, the console reads and writes nothing until the gateway starts again,
   * and an alarm says so until then.
   */
  async stopGateway(who: string): Promise<void> {
    const gateway = this.#gateway;
    if (!gateway) return;
    this.#gateway = undefined;
    this.#heldStopped = true;
    if (gateway.health().state === 'connected') this.#notLiveSince = Date.now();
    await gateway.stop();
    const { hub, notifications } = this.#d;
    hub.publish({
      type: 'connection',
      state: 'closed',
      error: `stopped by ${who}`,
      since: this.#notLiveSince,
    });
    await notifications.raise({
      type: 'alarm',
      text: `PLC gateway (${this.#endpoint}) stopped by ${who} from the System Monitor. Device values are offline and no command reaches the plant until it is started again.`,
      by: 'console',
      source: PLC_GATEWAY_STOPPED_SOURCE,
    });
  }

  /** Starts the gateway again on the PLC it last talked to, and clears the stop alarm. */
  async startGateway(): Promise<void> {
    if (this.#gateway) return;
    await this.start(this.#target);
    this.#heldStopped = false;
    await this.#d.notifications.clear(PLC_GATEWAY_STOPPED_SOURCE);
  }

  /**
   * Applies a changed address map: the gateway restarts on the new tags, with a new catalog. A
   * runtime that is not running stays stopped: it reads the plant when it starts.
   */
  async reload(): Promise<void> {
    if (!this.#running) return;
    const gateway = this.#gateway;
    this.#gateway = undefined;
    await gateway?.stop();
    await this.#simulator.reload();
    // Stopped meanwhile (the server shutting down) it stays stopped; so does a gateway a person
    // stopped: it reads the new map when they start it.
    if (this.#running && !this.#heldStopped) await this.start();
  }

  /**
   * Rebuilds the catalog from the database without touching the gateway, for a change that
   * moves no tag (a device type's commands). A runtime that is not running is left as it is:
   * it reads the plant again when it starts.
   */
  async refreshCatalog(): Promise<void> {
    if (!this.#running) return;
    const definition = await this.#d.plant.definition(this.#d.config.unitId);
    this.#catalog = new PlantCatalog(definition);
  }

  /** The catalog of the address map loaded at the last start or reload. */
  catalog(): PlantCatalog | undefined {
    return this.#catalog;
  }

  /** The plant as loaded at the last start or reload (devices, commands, tags). */
  definition(): PlantDefinition | undefined {
    return this.#catalog?.definition;
  }

  /**
   * A device's value of a standard command, as last read from the PLC; null when the device has
   * no such command or the PLC has not reported it while connected.
   */
  reading(deviceCode: string, role: CommandRole): number | null {
    const ref = this.#catalog?.refOf(deviceCode, role);
    const reading = ref && this.value(ref);
    if (!reading || reading.quality === 'offline') return null;
    return reading.value;
  }

  value(ref: TagRef): TagValue | undefined {
    return this.#following() ? this.#mirror.value(ref) : this.#gateway?.getValue(ref);
  }

  /**
   * Whether the PLC's feedback equals what the console last wrote. The console never writes a
   * command the PLC owns, so that one always is.
   */
  isSame(ref: TagRef): boolean {
    if ((this.command(ref.command_kind, ref.command_id)?.owner ?? 'plc') === 'plc') return true;
    if (this.#following()) return this.#mirroredIsSame(ref);
    return this.#gateway?.isSame(ref) ?? false;
  }

  /**
   * On a follower, the gateway's rule from the leader's values: the feedback command equals the
   * command's own reading (what the PLC holds of the last write).
   */
  #mirroredIsSame(ref: TagRef): boolean {
    const tags = this.#catalog?.definition.tags ?? [];
    const same = (kind: string, id: number) => (t: (typeof tags)[number]) =>
      t.device_id === ref.device_id && t.command_kind === kind && t.command_id === id;
    const feedbackId = tags.find(same(ref.command_kind, ref.command_id))?.feedback_command_id;
    const kinds = ref.command_kind === 'binary' ? ['binary', 'input'] : ['input', 'binary'];
    const feedbackTag =
      feedbackId === undefined
        ? undefined
        : kinds
            .map((kind) => tags.find(same(kind, feedbackId)))
            .find((t) => t && this.command(t.command_kind, t.command_id)?.owner === 'plc');
    if (!feedbackTag) return this.#mirror.isSame(ref);
    const own = this.#mirror.value(ref);
    const feedback = this.#mirror.value(feedbackTag);
    if (own?.quality !== 'good' || feedback?.quality !== 'good') return false;
    if (own.value === null || feedback.value === null) return false;
    return sameTagValue(feedbackTag, feedback.value, own.value);
  }

  /** host:port of the PLC the gateway talks to, to name it when it is lost. */
  endpoint(): string {
    return this.#endpoint;
  }

  connected(): boolean {
    if (this.#following()) return this.#mirror.link().state === 'connected';
    return this.#gateway?.health().state === 'connected';
  }

  health(): GatewayHealth | undefined {
    return this.#gateway?.health();
  }

  command(kind: 'binary' | 'input', id: number): PlantCommand | undefined {
    return this.#catalog?.command(kind, id);
  }

  /** Starts a write; the result arrives later through the log, live stream and notifications. */
  write(
    ref: TagRef,
    value: number,
    who: string,
    context?: string,
  ): Promise<WriteRecord> | undefined {
    if (this.#d.drives && !this.#d.drives()) return undefined;
    return this.#gateway?.write({ ...ref, value, who, context });
  }

  #safely(what: string, task: () => Promise<void>): void {
    task().catch((err: unknown) => this.#d.logger.error({ err }, `plant runtime: ${what} failed`));
  }

  #describe(ref: TagRef): { device: DeviceRef | undefined; label: string } {
    return {
      device: this.#devices.get(ref.device_id),
      label:
        this.#catalog?.labelOf(ref.command_kind, ref.command_id) ??
        `${ref.command_kind} ${ref.command_id}`,
    };
  }

  #wire(gateway: PlcGateway): void {
    const { hub, notifications, eventLog } = this.#d;
    gateway.on('value', (v) => {
      if (this.#gateway !== gateway) return;
      const role = this.#catalog?.roleOf(v.command_kind, v.command_id) ?? null;
      hub.publish({
        type: 'value',
        device_id: v.device_id,
        command_kind: v.command_kind,
        command_id: v.command_id,
        role,
        value: v.value,
        quality: v.quality,
        isSame: this.isSame(v),
      });
      if (role === 'alarm-code') {
        const code = v.value ?? 0;
        const previous = this.#alarmCodes.get(v.device_id) ?? Promise.resolve();
        const next = previous.then(() => this.#onAlarmCode(v.device_id, code));
        this.#alarmCodes.set(
          v.device_id,
          next.catch(() => undefined),
        );
        this.#safely('alarm', () => next);
      }
    });
    gateway.on('quality', (q) => {
      if (this.#gateway !== gateway) return;
      hub.publish({ type: 'device-quality', device_id: q.device_id, quality: q.quality });
    });
    gateway.on('state', (t) => {
      if (this.#gateway !== gateway) return;
      if (t.to === 'connected') this.#notLiveSince = null;
      else if (t.from === 'connected') this.#notLiveSince = t.at;
      hub.publish({
        type: 'connection',
        state: t.to,
        error: t.error ?? null,
        since: this.#notLiveSince,
      });
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
      // The one entry of a write: a run's own timeline entry of it is left out of the log.
      description: `${label} set to ${r.value}: ${r.result}${r.error ? ` (${r.error})` : ''}${r.context ? ` — ${r.context}` : ''}`,
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
    const source = deviceAlarmSource(deviceCode);
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
