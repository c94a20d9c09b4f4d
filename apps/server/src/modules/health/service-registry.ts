import type { HealthDetail, HealthEntry, ServiceLogLine, ServiceStatus } from '@roastery/contract';
import { conflict, notFound } from '../../lib/http-errors.ts';

/** What a service of the console tells the registry about itself when it joins. */
export interface ServiceDefinition {
  /** Stable id, used in the System Monitor's paths: lowercase letters, digits and dashes. */
  id: string;
  name: string;
  type: string;
  running(): boolean;
  /** What it reports beyond running or not (a PLC link's state); its status when omitted. */
  health?(): string;
  /** Checks itself before it is shown (the database answers a query). */
  probe?(): Promise<void>;
  /** Both present: a person may stop and start it from the System Monitor. */
  start?(by: string): Promise<void>;
  stop?(by: string): Promise<void>;
  /** Why it cannot be stopped from the console, shown on its card. */
  locked?: string;
}

/** The handle a registered service keeps: its log, shown on its System Monitor page. */
export interface ServiceHandle {
  log(message: string): void;
  /** The service started or stopped by itself (or through another screen). */
  changed(): void;
}

export interface ServiceRegistryOptions {
  now?: () => number;
  /** Told when a person starts or stops a service: the hub, the events log, the live stream. */
  onChange?: (service: HealthEntry, by: string) => void;
  /** Log lines kept per service, newest last. */
  logLines?: number;
}

interface Registered {
  definition: ServiceDefinition;
  logs: ServiceLogLine[];
  since: number;
  lastStatus: ServiceStatus;
}

const DEFAULT_LOG_LINES = 200;

/**
 * The console's own services as the System Monitor shows and controls them. A service joins
 * with one call (register) and logs through its handle; the registry keeps its recent lines
 * and when its status last changed.
 */
export class ServiceRegistry {
  readonly #services = new Map<string, Registered>();
  readonly #now: () => number;
  readonly #onChange: (service: HealthEntry, by: string) => void;
  readonly #logLines: number;
  /** One start or stop at a time per service: a double click must not stop it twice. */
  readonly #busy = new Set<string>();

  constructor(options: ServiceRegistryOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#onChange = options.onChange ?? (() => undefined);
    this.#logLines = options.logLines ?? DEFAULT_LOG_LINES;
  }

  register(definition: ServiceDefinition): ServiceHandle {
    if (this.#services.has(definition.id)) {
      throw new Error(`The service '${definition.id}' is already registered`);
    }
    const entry: Registered = {
      definition,
      logs: [],
      since: this.#now(),
      lastStatus: definition.running() ? 'running' : 'stopped',
    };
    this.#services.set(definition.id, entry);
    return {
      log: (message) => this.#log(entry, message),
      changed: () => this.#observe(entry),
    };
  }

  /** Removes a service that no longer exists (the simulator when a PLC is configured). */
  unregister(id: string): void {
    this.#services.delete(id);
  }

  async list(): Promise<HealthEntry[]> {
    const entries = [...this.#services.values()];
    await Promise.all(entries.map((e) => this.#probe(e)));
    return entries.map((e) => this.#present(e));
  }

  /** One service with its log, newest line first. */
  async get(id: string): Promise<HealthDetail> {
    const entry = this.#find(id);
    await this.#probe(entry);
    return { ...this.#present(entry), logs: [...entry.logs].reverse() };
  }

  async execute(id: string, action: 'start' | 'stop', by: string): Promise<HealthDetail> {
    const entry = this.#find(id);
    const { definition } = entry;
    if (definition.locked || !definition.start || !definition.stop) {
      throw conflict(definition.locked ?? `${definition.name} cannot be started or stopped.`);
    }
    const running = definition.running();
    if (action === 'stop' && !running) throw conflict(`${definition.name} is not running.`);
    if (action === 'start' && running) throw conflict(`${definition.name} is already running.`);
    if (this.#busy.has(id)) {
      throw conflict(`${definition.name} is already being started or stopped.`);
    }
    this.#busy.add(id);
    try {
      this.#log(entry, `${action === 'stop' ? 'Stop' : 'Start'} requested by ${by}`);
      await (action === 'stop' ? definition.stop(by) : definition.start(by));
    } catch (err) {
      this.#log(entry, `${action === 'stop' ? 'Stop' : 'Start'} failed: ${String(err)}`);
      throw err;
    } finally {
      this.#busy.delete(id);
    }
    this.#observe(entry, by);
    return this.get(id);
  }

  async #probe(entry: Registered): Promise<void> {
    await entry.definition.probe?.();
    this.#observe(entry);
  }

  #find(id: string): Registered {
    const entry = this.#services.get(id);
    if (!entry) throw notFound(`There is no service '${id}'.`);
    return entry;
  }

  #observe(entry: Registered, by = 'console'): void {
    const status: ServiceStatus = entry.definition.running() ? 'running' : 'stopped';
    if (status === entry.lastStatus) return;
    entry.lastStatus = status;
    entry.since = this.#now();
    this.#log(entry, status === 'running' ? 'Running' : 'Stopped');
    this.#onChange(this.#present(entry), by);
  }

  #log(entry: Registered, message: string): void {
    entry.logs.push({ message, timestamp: new Date(this.#now()).toISOString() });
    if (entry.logs.length > this.#logLines)
      entry.logs.splice(0, entry.logs.length - this.#logLines);
  }

  #present(entry: Registered): HealthEntry {
    const { definition } = entry;
    const status: ServiceStatus = definition.running() ? 'running' : 'stopped';
    const controllable = !definition.locked && definition.start && definition.stop;
    return {
      id: definition.id,
      name: definition.name,
      type: definition.type,
      status,
      health: definition.health?.() ?? (status === 'running' ? 'Running' : 'Not Running'),
      since: new Date(entry.since).toISOString(),
      uptime: status === 'running' ? Math.floor((this.#now() - entry.since) / 1000) : null,
      locked: controllable ? null : (definition.locked ?? 'Started and stopped with the server.'),
    };
  }
}
