import type { DeviceStatusBody, DeviceStatusDto } from '@roastery/contract';
import { conflict, notFound, unprocessable } from '../../lib/http-errors.ts';
import { CachedValue } from '../../lib/cached-value.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { CommandService } from '../commands/command-service.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type {
  DeviceStatusRepository,
  DeviceStatusRow,
  NewDeviceStatusRow,
} from './device-status-repository.ts';
import type { ConfigChanged } from '../../plant/hub/config-changes.ts';

/** A status light as the device screens match it against live values. */
export type StatusLight = DeviceStatusRow;

/** Status lights: a device shows a status when one of its commands has the status's value. */
export class DeviceStatusService {
  readonly #repo: DeviceStatusRepository;
  readonly #commands: CommandService;
  /** Every light, read once: the device screens match them on every request. */
  readonly #lights: CachedValue<readonly StatusLight[]>;
  /** The commands some status light watches, as `kind:id`, for the live stream's sake. */
  #watched = new Set<string>();
  readonly #changed: ConfigChanged;

  readonly #hub: Pick<EventHub, 'publish'> | undefined;

  constructor(
    repo: DeviceStatusRepository,
    commands: CommandService,
    changed: ConfigChanged,
    /** Other server instances keep the lights too: a change here tells them, and theirs us. */
    hub?: Pick<EventHub, 'publish' | 'subscribe'>,
  ) {
    this.#repo = repo;
    this.#commands = commands;
    this.#changed = changed;
    this.#lights = new CachedValue(async () => Object.freeze(await repo.list()));
    this.#hub = hub;
    hub?.subscribe('cache-changed', (e) => e.cache === 'device-statuses' && void this.load(), {
      from: 'other-instances',
    });
  }

  /** After a committed change: reads the lights again here and on the other instances. */
  async #reload(): Promise<void> {
    await this.load();
    this.#hub?.publish({ type: 'cache-changed', cache: 'device-statuses' });
  }

  /** Reads the lights and which commands light a status; every change of the lights reads them again. */
  async load(): Promise<void> {
    this.#lights.invalidate();
    const lights = await this.#lights.get();
    this.#watched = new Set(lights.map((r) => `${r.kind}:${r.commandId}`));
  }

  /** Whether a change of this command can turn a status light on or off. */
  lightsStatus(kind: 'binary' | 'input', commandId: number): boolean {
    return this.#watched.has(`${kind}:${commandId}`);
  }

  async list(): Promise<DeviceStatusDto[]> {
    const [rows, commands] = await Promise.all([this.#repo.list(), this.#commands.list()]);
    const label = (r: DeviceStatusRow) =>
      (r.kind === 'binary'
        ? commands.binary.find((c) => c.command_id === r.commandId)?.command_label
        : commands.inputs.find((c) => c.command_input_id === r.commandId)?.command_input_label) ??
      `#${r.commandId}`;
    return rows.map((r) => ({
      id: r.id,
      led_id: r.ledId,
      name: r.name,
      color: r.color,
      priority: r.priority,
      type: r.kind,
      command_id: r.commandId,
      command: label(r),
      command_value: r.commandValue,
    }));
  }

  /** Every status light, without the labels of its commands, from memory once read. */
  lights(): readonly StatusLight[] | Promise<readonly StatusLight[]> {
    return this.#lights.get();
  }

  async create(body: DeviceStatusBody, by: string): Promise<DeviceStatusDto> {
    const row = await this.#save(body, (r) => this.#repo.insert(r));
    await this.#reload();
    this.#changed({ area: 'device-status', action: 'created', target: body.name, by });
    return this.#present(row.id);
  }

  async update(id: number, body: DeviceStatusBody, by: string): Promise<DeviceStatusDto> {
    const row = await this.#save(body, (r) => this.#repo.update(id, r));
    if (!row) throw notFound('Device status not found.');
    await this.#reload();
    this.#changed({ area: 'device-status', action: 'changed', target: body.name, by });
    return this.#present(row.id);
  }

  async delete(id: number, by: string): Promise<void> {
    const light = (await this.#lights.get()).find((l) => l.id === id);
    if (!(await this.#repo.delete(id))) throw notFound('Device status not found.');
    await this.#reload();
    this.#changed({ area: 'device-status', action: 'deleted', target: light?.name ?? `${id}`, by });
  }

  async #save<T>(
    body: DeviceStatusBody,
    write: (row: NewDeviceStatusRow) => Promise<T>,
  ): Promise<T> {
    const owners = await this.#commands.owners(body.type, [body.command_id]);
    if (!owners.has(body.command_id))
      throw unprocessable(`There is no ${body.type} command ${body.command_id}.`);
    try {
      return await write({
        ledId: body.led_id,
        name: body.name,
        color: body.color,
        priority: body.priority,
        kind: body.type,
        commandId: body.command_id,
        commandValue: body.command_value,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`Status ID ${body.led_id} is already used.`);
      throw error;
    }
  }

  async #present(id: number): Promise<DeviceStatusDto> {
    const found = (await this.list()).find((s) => s.id === id);
    if (!found) throw notFound('Device status not found.');
    return found;
  }
}
