import type { CommandOwner, PlantDefinition } from '@roastery/contract';
import {
  ConnectionSupervisor,
  type BackoffOptions,
  type ConnectionState,
  type SetTimer,
  type StateTransition,
} from './connection-supervisor.ts';
import {
  DeviceStateCache,
  type DeviceQuality,
  type Quality,
  type TagValue,
} from './device-state-cache.ts';
import type { DriverError, PlcDriver } from './driver.ts';
import { createDriverRegistry, type DriverRegistry } from './driver-registry.ts';
import { planReads, type ReadPlanOptions, type ReadRequest } from './read-planner.ts';
import { Scanner, type ScanCycle, type ScannerHealth } from './scanner.ts';
import { TagMap, tagKey, type TagRef } from './tag-map.ts';
import { TypedEmitter } from './typed-emitter.ts';
import { Writer, type WriteRecord, type WriteRequest } from './writer.ts';

export interface PlcGatewayConfig {
  /** A protocol name known to the driver registry, e.g. 'modbus-tcp'. */
  protocol: string;
  host: string;
  port: number;
  unitId: number;
  /** Time from the start of one scan to the start of the next. */
  scanIntervalMs?: number;
  /** How long one request may take before the link counts as broken. */
  requestTimeoutMs?: number;
  connectTimeoutMs?: number;
  /** How long the feedback may take to show a written value. */
  confirmTimeoutMs?: number;
  /** Read requests in flight at once on the connection (see DriverOptions.maxInFlight). */
  maxInFlight?: number;
  /** A value not read for this many scan intervals is stale. */
  staleAfterScans?: number;
  /** A value not read for this many scan intervals is offline, even while the link is up. */
  offlineAfterScans?: number;
  backoff?: BackoffOptions;
  readPlan?: Pick<ReadPlanOptions, 'maxGapRegisters' | 'maxGapCoils'>;
}

export const GATEWAY_DEFAULTS = {
  scanIntervalMs: 250,
  requestTimeoutMs: 1_000,
  connectTimeoutMs: 3_000,
  confirmTimeoutMs: 3_000,
  staleAfterScans: 2,
  offlineAfterScans: 5,
  // A window of 4 turns the demo plant's 7 reads into 2 round trips and a large plant's cycle
  // into a quarter, while a PLC that queues requests instead of serving them side by side holds
  // at most 3 waiting, far inside the request timeout.
  maxInFlight: 4,
} as const;

/** More than this gains nothing: a plan rarely has more reads, and PLCs have few slots. */
export const MAX_IN_FLIGHT_LIMIT = 32;

/** The alarm pair: raised once per outage, cleared once when the link is back. */
export type ConnectionEvent =
  | { type: 'connection-lost'; at: number; error: string }
  | { type: 'connection-restored'; at: number; downtimeMs: number };

export interface PlcGatewayEvents {
  /** A value changed (always a good reading). */
  value: TagValue;
  /** A device's quality (the worst of its values) changed. */
  quality: DeviceQuality;
  connection: ConnectionEvent;
  /** Every state-machine transition, for diagnostics. */
  state: StateTransition;
  write: WriteRecord;
  unconfirmed: WriteRecord;
  cycle: ScanCycle;
}

export interface CommandState extends TagValue {
  owner: CommandOwner;
  /** For app commands: the PLC feedback equals what the console last wrote. */
  isSame?: boolean;
}

export interface GatewaySnapshot {
  at: number;
  state: ConnectionState;
  devices: { device_id: string; quality: Quality; commands: CommandState[] }[];
}

export interface GatewayHealth {
  protocol: string;
  endpoint: string;
  unitId: number;
  state: ConnectionState;
  /** Epoch ms of the last state change. */
  stateSince: number;
  /** True while the connection-lost alarm is raised. */
  alarm: boolean;
  /** Consecutive failed connection attempts. */
  attempt: number;
  lastGoodReadAt: number | null;
  lastError: string | null;
  lastErrorAt: number | null;
  requests: number;
  failedRequests: number;
  pendingConfirmations: number;
  /** Writes queued or sent that the PLC has not acknowledged yet. */
  unacknowledgedWrites: number;
  scan: ScannerHealth;
}

export interface PlcGatewayOptions {
  config: PlcGatewayConfig;
  plant: Pick<PlantDefinition, 'tags' | 'commands'>;
  registry?: DriverRegistry;
  /** Jitter source for the backoff; tests pass a fixed one. */
  random?: () => number;
  /** Schedules reconnect attempts; tests drive it by hand. */
  setTimer?: SetTimer;
}

function integerIn(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max}, got ${value}`);
  }
  return value;
}

function positive(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0) {
    throw new RangeError(`${name} must be a positive number, got ${value}`);
  }
  return value;
}

/**
 * One PLC: driver + connection supervisor + read plan + scanner + writer, behind one object
 * the server wires to its event bus. Nothing in here throws at run time on a PLC fault:
 * faults become events ('connection', 'quality', 'write' with result 'failed').
 */
export class PlcGateway extends TypedEmitter<PlcGatewayEvents> {
  readonly #config: PlcGatewayConfig;
  readonly #driver: PlcDriver;
  readonly #tagMap: TagMap;
  readonly #cache: DeviceStateCache;
  readonly #supervisor: ConnectionSupervisor;
  readonly #scanner: Scanner;
  readonly #writer: Writer;
  #stateSince = Date.now();
  #lostAt: number | undefined;

  constructor(options: PlcGatewayOptions) {
    super();
    const { config, plant } = options;
    const settings = { ...GATEWAY_DEFAULTS, ...config };
    this.#config = config;
    this.#tagMap = new TagMap(plant.tags, plant.commands);
    const registry = options.registry ?? createDriverRegistry();
    this.#driver = registry.create(config.protocol, {
      host: config.host,
      port: integerIn('port', config.port, 1, 0xffff),
      unitId: integerIn('unitId', config.unitId, 0, 255),
      requestTimeoutMs: positive('requestTimeoutMs', settings.requestTimeoutMs),
      connectTimeoutMs: positive('connectTimeoutMs', settings.connectTimeoutMs),
      maxInFlight: integerIn('maxInFlight', settings.maxInFlight, 1, MAX_IN_FLIGHT_LIMIT),
    });
    const tags = this.#tagMap.all();
    this.#cache = new DeviceStateCache(tags);
    const plan: ReadRequest[] = planReads(tags, {
      ...config.readPlan,
      maxRegisters: this.#driver.limits.maxRegistersPerRead,
      maxCoils: this.#driver.limits.maxCoilsPerRead,
    });
    this.#scanner = new Scanner({
      driver: this.#driver,
      tagMap: this.#tagMap,
      cache: this.#cache,
      plan,
      intervalMs: positive('scanIntervalMs', settings.scanIntervalMs),
      staleAfterScans: positive('staleAfterScans', settings.staleAfterScans),
      offlineAfterScans: positive('offlineAfterScans', settings.offlineAfterScans),
      maxInFlight: settings.maxInFlight,
    });
    this.#writer = new Writer({
      driver: this.#driver,
      tagMap: this.#tagMap,
      cache: this.#cache,
      confirmTimeoutMs: positive('confirmTimeoutMs', settings.confirmTimeoutMs),
      isConnected: () => this.#supervisor.state === 'connected',
      startedCycles: () => this.#scanner.startedCycles,
    });
    this.#supervisor = new ConnectionSupervisor({
      connect: () => this.#driver.connect(),
      ...(config.backoff ? { backoff: config.backoff } : {}),
      ...(options.random ? { random: options.random } : {}),
      ...(options.setTimer ? { setTimer: options.setTimer } : {}),
    });
    this.#wire();
  }

  /** Starts connecting and, once connected, scanning. Returns at once. */
  start(): void {
    this.#supervisor.start();
  }

  /** Stops scanning, abandons pending confirmations and closes the connection. */
  async stop(): Promise<void> {
    this.#supervisor.stop();
    await this.#scanner.stop();
    this.#writer.abandonPending('the gateway stopped before the PLC confirmed');
    await this.#driver.close();
  }

  /** Writes a console-owned command; never rejects (see WriteRecord.result). */
  write(request: WriteRequest): Promise<WriteRecord> {
    return this.#writer.write(request);
  }

  isSame(ref: TagRef): boolean {
    return this.#writer.isSame(ref);
  }

  getValue(ref: TagRef): TagValue | undefined {
    return this.#cache.get(tagKey(ref));
  }

  /** The read plan in force (it may split when the PLC refuses a bridged read). */
  readPlan(): readonly ReadRequest[] {
    return this.#scanner.plan;
  }

  getSnapshot(): GatewaySnapshot {
    return {
      at: Date.now(),
      state: this.#supervisor.state,
      devices: this.#cache.devices().map(({ device_id, quality, values }) => ({
        device_id,
        quality,
        commands: values.map((value) => {
          const owner = this.#tagMap.get(value)?.owner ?? 'plc';
          return owner === 'app'
            ? { ...value, owner, isSame: this.#writer.isSame(value) }
            : { ...value, owner };
        }),
      })),
    };
  }

  health(): GatewayHealth {
    const driver = this.#driver.health();
    return {
      protocol: this.#driver.protocol,
      endpoint: `${this.#config.host}:${this.#config.port}`,
      unitId: this.#config.unitId,
      state: this.#supervisor.state,
      stateSince: this.#stateSince,
      alarm: this.#lostAt !== undefined,
      attempt: this.#supervisor.attempt,
      lastGoodReadAt: driver.lastGoodReadAt,
      lastError: driver.lastError,
      lastErrorAt: driver.lastErrorAt,
      requests: driver.requests,
      failedRequests: driver.failedRequests,
      pendingConfirmations: this.#writer.pendingConfirmations,
      unacknowledgedWrites: this.#writer.unacknowledged,
      scan: this.#scanner.health(),
    };
  }

  #wire(): void {
    this.#scanner.on('value', (value) => {
      this.emit('value', value);
      // A command's isSame follows its feedback: a new feedback reading can confirm the command
      // while the command's own value stays as it was, so its listeners hear of it again.
      for (const command of this.#tagMap.commandsFedBy(tagKey(value))) {
        const own = this.#cache.get(command.key);
        if (own) this.emit('value', own);
      }
    });
    this.#scanner.on('quality', (quality) => this.emit('quality', quality));
    this.#scanner.on('cycle', (cycle) => {
      // The driver reports a lost link itself; this also covers a link that died between the
      // driver connecting and the supervisor hearing of it (linkLost is ignored unless connected).
      if (cycle.linkError !== undefined) this.#supervisor.linkLost(cycle.linkError);
      this.#writer.checkConfirmations();
      this.emit('cycle', cycle);
    });
    this.#writer.on('write', (record) => this.emit('write', record));
    this.#writer.on('unconfirmed', (record) => this.emit('unconfirmed', record));
    this.#driver.on('link-lost', ({ error }) => this.#onLinkLost(error));
    this.#supervisor.on('transition', (transition) => this.#onTransition(transition));
  }

  #onLinkLost(error: DriverError): void {
    this.#supervisor.linkLost(error.message);
  }

  #onTransition(transition: StateTransition): void {
    this.#stateSince = transition.at;
    if (transition.from === 'connected') {
      // Values go offline the moment the link does: a stale value must never look live.
      void this.#scanner.stop();
      this.#scanner.markOffline(transition.at);
    }
    this.emit('state', transition);
    if (transition.to === 'connected') {
      if (this.#lostAt !== undefined) {
        const downtimeMs = transition.at - this.#lostAt;
        this.#lostAt = undefined;
        this.emit('connection', { type: 'connection-restored', at: transition.at, downtimeMs });
      }
      this.#scanner.start();
    } else if (transition.to === 'backoff' && this.#lostAt === undefined) {
      this.#lostAt = transition.at;
      const error = transition.error ?? 'connection failed';
      this.emit('connection', { type: 'connection-lost', at: transition.at, error });
    } else if (transition.to === 'closed') {
      this.#lostAt = undefined;
    }
  }
}
