import { deviceBlocks, deviceTags, devices, type Executor } from '@roastery/db';
import type { PlantDefinition } from '@roastery/contract';
import { tagRowOf } from './device-tag-map.ts';

/** What a device's maker states and OEE measures it against, as Device Admin edits it. */
export interface Nameplate {
  batchCapacity?: number;
  idealCycleMinutes?: number | null;
  ratedLbsPerHour?: number;
}

/**
 * Writes a plant's devices with their PLC tags, blocks and nameplates into an empty database.
 * Returns each device's id by its code, for the areas that seed what refers to devices.
 */
export async function seedDevices(
  tx: Executor,
  plant: Pick<PlantDefinition, 'devices' | 'tags'>,
  extras: {
    blocksByType: Record<number, string[]>;
    nameplates: Record<string, Nameplate>;
  },
): Promise<Map<string, number>> {
  const inserted = await tx
    .insert(devices)
    .values(
      plant.devices.map((d) => ({
        deviceId: d.device_id,
        name: d.device_name,
        description: d.device_description,
        typeId: d.device_type,
        stage: d.device_stage,
        unit: d.device_unit,
        capacity: d.capacity ?? null,
        virtual: d.virtual ?? false,
        ...extras.nameplates[d.device_id],
      })),
    )
    .returning({ id: devices.id, code: devices.deviceId, typeId: devices.typeId });
  const idOf = new Map(inserted.map((r) => [r.code, r.id]));
  if (plant.tags.length) {
    await tx.insert(deviceTags).values(
      plant.tags.map((t) => {
        const deviceId = idOf.get(t.device_id);
        if (deviceId === undefined) throw new Error(`tag for unknown device ${t.device_id}`);
        return { deviceId, ...tagRowOf(t) };
      }),
    );
  }
  const blocks = inserted.flatMap((d) =>
    (extras.blocksByType[d.typeId] ?? []).map((label) => ({ deviceId: d.id, label })),
  );
  if (blocks.length) await tx.insert(deviceBlocks).values(blocks);
  return idOf;
}
