import type {
  BinaryCommandDto,
  CommandList,
  DeviceTypeCommands,
  InputCommandDto,
} from '@roastery/contract';
import { notFound, unprocessable } from '../../lib/http-errors.ts';
import type { DeviceDirectory } from '../devices/device-directory.ts';
import type { PlantRuntime } from '../../plant/runtime/plant-runtime.ts';
import type { BinaryCommandRow, CommandRepository, InputCommandRow } from './command-repository.ts';
import type { ConfigChanged } from '../../plant/hub/config-changes.ts';

type Kind = 'binary' | 'input';

const presentBinary = (c: BinaryCommandRow): BinaryCommandDto => ({
  command_id: c.id,
  command_label: c.label,
  command_owner: c.owner,
});
const presentInput = (c: InputCommandRow): InputCommandDto => ({
  command_input_id: c.id,
  command_input_label: c.label,
  command_owner: c.owner,
  is_speed: c.isSpeed,
  unit: c.unit,
});

export class CommandService {
  readonly #repo: CommandRepository;
  readonly #devices: DeviceDirectory;
  /** The plant catalog holds each type's commands: a change must reach it at once. */
  readonly #catalog: Pick<PlantRuntime, 'refreshCatalog'>;
  readonly #changed: ConfigChanged;

  constructor(
    repo: CommandRepository,
    devices: DeviceDirectory,
    catalog: Pick<PlantRuntime, 'refreshCatalog'>,
    changed: ConfigChanged,
  ) {
    this.#repo = repo;
    this.#devices = devices;
    this.#catalog = catalog;
    this.#changed = changed;
  }

  async list(): Promise<CommandList> {
    const [binary, input] = await Promise.all([this.#repo.binary(), this.#repo.input()]);
    return { binary: binary.map(presentBinary), inputs: input.map(presentInput) };
  }

  async types(): Promise<DeviceTypeCommands[]> {
    const [types, links, binary, input] = await Promise.all([
      this.#devices.types(),
      this.#repo.typeCommands(),
      this.#repo.binary(),
      this.#repo.input(),
    ]);
    const owner = (kind: Kind, id: number) =>
      (kind === 'binary' ? binary : input).find((c) => c.id === id)?.owner;
    return types.map((t) => {
      const of = (kind: Kind, who: 'app' | 'plc') =>
        links
          .filter((l) => l.typeId === t.id && l.kind === kind && owner(kind, l.commandId) === who)
          .map((l) => l.commandId)
          .sort((a, b) => a - b);
      return {
        id: t.id,
        name: t.name,
        image: t.image,
        binary: { app: of('binary', 'app'), plc: of('binary', 'plc') },
        input: { app: of('input', 'app'), plc: of('input', 'plc') },
      };
    });
  }

  async typeCommands(typeId: number, kind: Kind): Promise<{ app: number[]; plc: number[] }> {
    const found = (await this.types()).find((t) => t.id === typeId);
    if (!found) throw notFound('Device type not found.');
    return found[kind];
  }

  /** The ids of a device type's commands of one kind. */
  idsOfType(typeId: number, kind: Kind): Promise<number[]> {
    return this.#repo.idsOfType(typeId, kind);
  }

  /** The owner of each of these commands that exists; ids of no command are missing. */
  owners(kind: Kind, ids: number[]): Promise<Map<number, 'app' | 'plc'>> {
    return this.#repo.owners(kind, ids);
  }

  /** Saves a type's app and plc commands of one kind; each id must exist and have that owner. */
  async saveTypeCommands(
    typeId: number,
    kind: Kind,
    commands: { app: number[]; plc: number[] },
    by: string,
  ): Promise<void> {
    const { app, plc } = commands;
    const type = (await this.#devices.types()).find((t) => t.id === typeId);
    if (!type) throw notFound('Device type not found.');
    const owners = await this.#repo.owners(kind, [...app, ...plc]);
    const wrong = [
      ...app.filter((id) => owners.get(id) !== 'app').map((id) => `${id} is not an app command`),
      ...plc.filter((id) => owners.get(id) !== 'plc').map((id) => `${id} is not a plc command`),
    ];
    if (wrong.length) throw unprocessable(`Invalid ${kind} command ids: ${wrong.join('; ')}.`);
    await this.#repo.setTypeCommands(typeId, kind, [...new Set([...app, ...plc])]);
    this.#changed({
      area: 'device-type',
      action: `${kind} commands set (app ${app.join(', ') || 'none'}; plc ${plc.join(', ') || 'none'})`,
      target: type.name,
      by,
    });
    await this.#catalog.refreshCatalog();
  }

  /** The commands a device offers (through its type), for the workflow step form. */
  async ofDevice(code: string): Promise<{ binary: BinaryCommandDto[]; input: InputCommandDto[] }> {
    const device = await this.#devices.require(code);
    const [binaryIds, inputIds, binary, input] = await Promise.all([
      this.#repo.idsOfType(device.typeId, 'binary'),
      this.#repo.idsOfType(device.typeId, 'input'),
      this.#repo.binary(),
      this.#repo.input(),
    ]);
    return {
      binary: binary.filter((c) => binaryIds.includes(c.id)).map(presentBinary),
      input: input.filter((c) => inputIds.includes(c.id)).map(presentInput),
    };
  }
}
