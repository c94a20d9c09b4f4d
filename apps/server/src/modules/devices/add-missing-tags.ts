import { deviceTags, devices, type Executor } from '@roastery/db';
import type { PlantDefinition, PlantTag } from '@roastery/contract';
import { tagRowOf } from './device-tag-map.ts';

/**
 * Adds the plant's tags its devices lack in a database: only for a device of the plant's code and
 * type, a command `isPlantCommand` accepts, and an address nobody's tag occupies. Returns the
 * tags it added.
 */
export async function addMissingTags(
  tx: Executor,
  plant: Pick<PlantDefinition, 'devices' | 'tags'>,
  isPlantCommand: (kind: PlantTag['command_kind'], id: number) => boolean,
): Promise<PlantTag[]> {
  const rows = await tx
    .select({ id: devices.id, code: devices.deviceId, typeId: devices.typeId })
    .from(devices);
  const tags = await tx.select().from(deviceTags);
  const taken = new Set(tags.flatMap((t) => wordsOf(t.area, t.address, t.dataType)));
  const has = new Set(tags.map((t) => `${t.deviceId}:${t.kind}:${t.commandId}`));
  const added: PlantTag[] = [];
  for (const tag of plant.tags) {
    const planned = plant.devices.find((d) => d.device_id === tag.device_id);
    const device = rows.find((d) => d.code === tag.device_id);
    if (!planned || !device || device.typeId !== planned.device_type) continue;
    if (!isPlantCommand(tag.command_kind, tag.command_id)) continue;
    if (has.has(`${device.id}:${tag.command_kind}:${tag.command_id}`)) continue;
    const words = wordsOf(tag.area, tag.address, tag.data_type);
    if (words.some((word) => taken.has(word))) continue;
    await tx.insert(deviceTags).values({ deviceId: device.id, ...tagRowOf(tag) });
    for (const word of words) taken.add(word);
    added.push(tag);
  }
  return added;
}

/** The addresses a tag occupies: 32-bit values take two registers. */
function wordsOf(area: string, address: number, dataType: string): string[] {
  const width = dataType === 'uint32' || dataType === 'int32' ? 2 : 1;
  return Array.from({ length: width }, (_, i) => `${area}:${address + i}`);
}
