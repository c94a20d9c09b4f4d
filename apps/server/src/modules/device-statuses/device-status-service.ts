import type { DeviceStatusBody, DeviceStatusDto } from '@roastery/contract';
import { conflict, notFound, unprocessable } from '../../lib/http-errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { CommandRepository } from '../commands/command-repository.ts';
import type {
  DeviceStatusRepository,
  DeviceStatusRow,
  NewDeviceStatusRow,
} from './device-status-repository.ts';

/** Status lights: a device shows a status when one of its commands has the status's value. */
export class DeviceStatusService {
  readonly #repo: DeviceStatusRepository;
  readonly #commands: CommandRepository;
  /** The commands some status light watches, as `kind:id`, for the live stream's sake. */
  #watched = new Set<string>();

  constructor(repo: DeviceStatusRepository, commands: CommandRepository) {
    this.#repo = repo;
    this.#commands = commands;
  }

  /** Reads which commands light a status; every change of the lights reads it again. */
  async load(): Promise<void> {
    this.#watched = new Set((await this.#repo.list()).map((r) => `${r.kind}:${r.commandId}`));
  }

  /** Whether a change of this command can turn a status light on or off. */
  lightsStatus(kind: 'binary' | 'input', commandId: number): boolean {
    return this.#watched.has(`${kind}:${commandId}`);
  }

  async list(): Promise<DeviceStatusDto[]> {
    const [rows, binary, input] = await Promise.all([
      this.#repo.list(),
      this.#commands.binary(),
      this.#commands.input(),
    ]);
    const label = (r: DeviceStatusRow) =>
      (r.kind === 'binary'
        ? binary.find((c) => c.id === r.commandId)
        : input.find((c) => c.id === r.commandId)
      )?.label ?? `#${r.commandId}`;
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

  async create(body: DeviceStatusBody): Promise<DeviceStatusDto> {
    const row = await this.#save(body, (r) => this.#repo.insert(r));
    await this.load();
    return this.#present(row.id);
  }

  async update(id: number, body: DeviceStatusBody): Promise<DeviceStatusDto> {
    const row = await this.#save(body, (r) => this.#repo.update(id, r));
    if (!row) throw notFound('Device status not found.');
    await this.load();
    return this.#present(row.id);
  }

  async delete(id: number): Promise<void> {
    if (!(await this.#repo.delete(id))) throw notFound('Device status not found.');
    await this.load();
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
