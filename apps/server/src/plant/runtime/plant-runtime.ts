import type { FastifyBaseLogger } from 'fastify';
import {
  PlcGateway,
  type GatewayHealth,
  type TagRef,
  type TagValue,
  type WriteRecord,
} from '@roastery/plc';
import type { PlantCommand, PlantDefinition } from '@roastery/contract';
import type { PlcConfig } from '../../config.ts';
import { PlantCatalog, type CommandRole } from '../catalog/plant-catalog.ts';
import type { EventHub } from '../hub/event-hub.ts';
import { bookLevels } from './book-levels.ts';
import { gatewayConfig } from './gateway-config.ts';
import { wireGateway } from './gateway-wiring.ts';
import { mirroredIsSame } from './mirrored-feedback.ts';
import { notLiveSinceOf } from './not-live-since.ts';
import { PlcReports, type DeviceRef } from './plc-reports.ts';
import type { PlantRepository } from './plant-repository.ts';
import { PlantSimulatorHost } from './plant-simulator-host.ts';
import { ValueMirror, type MirroredLink, type MirroredValue } from './value-mirror.ts';

export {
  PLC_GATEWAY_STOPPED_SOURCE,
  PLC_LINK_SOURCE,
  deviceAlarmSource,
} from './plc-alarm-sources.ts';

export interface PlantRuntimeDeps {
  config: PlcConfig;
  plant: PlantRepository;
  hub: EventHub;
  logger: FastifyBaseLogger;
  /**
   * Resolves once the areas have acted on what this runtime published so far: stopping or
   * starting the gateway returns only when its alarm is raised or cleared.
   */
  reported: () => Promise<void>;
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
 * simulator it talks to over loopback TCP), wired to the event hub. It publishes what happens in
 * the plant and calls no area: the areas that own alarms and the events log subscribe. It holds
 * the plant catalog of the address map it runs. Faults in the plant become alarms; none of them
 * reach the caller as exceptions.
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
  /** The leading instance's values, read by an instance that does not drive the plant. */
  readonly #mirror: ValueMirror;
  readonly #reports: PlcReports;

  constructor(deps: PlantRuntimeDeps) {
    this.#d = deps;
    this.#mirror = new ValueMirror(deps.hub);
    this.#reports = new PlcReports({
      hub: deps.hub,
      confirmTimeoutMs: deps.config.confirmTimeoutMs,
      names: {
        device: (code) => this.#devices.get(code),
        label: (ref) =>
          this.#catalog?.labelOf(ref.command_kind, ref.command_id) ??
          `${ref.command_kind} ${ref.command_id}`,
        endpoint: () => this.#endpoint,
      },
    });
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
      bookLevels(
        this.#catalog,
        () => this.#d.bookWeights(),
        () => this.#devices,
      ),
    );
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
      config: gatewayConfig(config, target),
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

  /** Since when those of `values` that are not live stopped being live, as an ISO time. */
  notLiveSince(values: readonly (TagValue | undefined)[]): string | null {
    return notLiveSinceOf(values, this.link());
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
    this.#d.hub.publish({
      type: 'connection',
      state: 'closed',
      error: `stopped by ${who}`,
      since: this.#notLiveSince,
    });
    this.#reports.gatewayStopped(who);
    await this.#d.reported();
  }

  /** Starts the gateway again on the PLC it last talked to, and clears the stop alarm. */
  async startGateway(): Promise<void> {
    if (this.#gateway) return;
    await this.start(this.#target);
    this.#heldStopped = false;
    this.#reports.gatewayStarted();
    await this.#d.reported();
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
    if (this.#following()) return mirroredIsSame(ref, this.#catalog, this.#mirror);
    return this.#gateway?.isSame(ref) ?? false;
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
    routine?: boolean,
  ): Promise<WriteRecord> | undefined {
    if (this.#d.drives && !this.#d.drives()) return undefined;
    return this.#gateway?.write({ ...ref, value, who, context, ...(routine ? { routine } : {}) });
  }

  #safely(what: string, task: () => Promise<void>): void {
    task().catch((err: unknown) => this.#d.logger.error({ err }, `plant runtime: ${what} failed`));
  }

  #wire(gateway: PlcGateway): void {
    wireGateway(gateway, {
      hub: this.#d.hub,
      reports: this.#reports,
      isCurrent: () => this.#gateway === gateway,
      catalog: () => this.#catalog,
      isSame: (ref) => this.isSame(ref),
      linkMoved: (t) => {
        if (t.to === 'connected') this.#notLiveSince = null;
        else if (t.from === 'connected') this.#notLiveSince = t.at;
        return this.#notLiveSince;
      },
    });
  }
}
