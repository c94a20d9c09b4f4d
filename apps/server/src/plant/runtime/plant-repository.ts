import { asc, eq } from 'drizzle-orm';
import {
  binaryCommands,
  deviceTags,
  deviceTypeCommands,
  deviceTypes,
  devices,
  inputCommands,
  type Database,
  type Executor,
} from '@roastery/db';
import type { PlantCommand, PlantDefinition, PlantTag, StageId } from '@roastery/contract';

/** Reads the plant's configuration as a whole: the address map the gateway runs on. */
export class PlantRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async isEmpty(): Promise<boolean> {
    return (await this.#db.$count(deviceTypes)) === 0;
  }

  async commands(tx?: Executor): Promise<PlantCommand[]> {
    const db = tx ?? this.#db;
    const [binary, input] = await Promise.all([
      db.select().from(binaryCommands).orderBy(asc(binaryCommands.id)),
      db.select().from(inputCommands).orderBy(asc(inputCommands.id)),
    ]);
    return [
      ...binary.map((c) => ({ id: c.id, kind: 'binary' as const, label: c.label, owner: c.owner })),
      ...input.map((c) => ({
        id: c.id,
        kind: 'input' as const,
        label: c.label,
        owner: c.owner,
        isSpeed: c.isSpeed,
        unit: c.unit,
      })),
    ];
  }

  /** Every tag of every real device, keyed by the device's plant code. */
  async tags(): Promise<PlantTag[]> {
    const rows = await this.#db
      .select({ tag: deviceTags, code: devices.deviceId })
      .from(deviceTags)
      .innerJoin(devices, eq(devices.id, deviceTags.deviceId))
      .where(eq(devices.virtual, false))
      .orderBy(asc(deviceTags.area), asc(deviceTags.address));
    return rows.map(({ tag, code }) => ({
      device_id: code,
      command_kind: tag.kind,
      command_id: tag.commandId,
      area: tag.area,
      address: tag.address,
      data_type: tag.dataType,
      scale: tag.scale,
      ...(tag.feedbackCommandId != null ? { feedback_command_id: tag.feedbackCommandId } : {}),
    }));
  }

  /** The plant as the database holds it, in the shape the simulator and the seed share. */
  async definition(unitId: number): Promise<PlantDefinition> {
    const [types, rows, commands, typeRows, tags] = await Promise.all([
      this.#db.select().from(deviceTypes).orderBy(asc(deviceTypes.id)),
      this.#db.select().from(devices).orderBy(asc(devices.id)),
      this.commands(),
      this.#db.select().from(deviceTypeCommands),
      this.tags(),
    ]);
    const typeCommands = new Map<
      string,
      { device_type: number; kind: 'binary' | 'input'; command_ids: number[] }
    >();
    for (const r of typeRows) {
      const key = `${r.typeId}/${r.kind}`;
      const entry = typeCommands.get(key) ?? {
        device_type: r.typeId,
        kind: r.kind,
        command_ids: [],
      };
      entry.command_ids.push(r.commandId);
      typeCommands.set(key, entry);
    }
    return {
      unitId,
      deviceTypes: types,
      devices: rows.map((d) => ({
        device_id: d.deviceId,
        device_name: d.name,
        device_description: d.description,
        device_type: d.typeId,
        device_stage: d.stage as StageId,
        device_unit: d.unit,
        ...(d.capacity != null ? { capacity: d.capacity } : {}),
        ...(d.virtual ? { virtual: true } : {}),
      })),
      commands,
      typeCommands: [...typeCommands.values()],
      tags,
    };
  }
}
