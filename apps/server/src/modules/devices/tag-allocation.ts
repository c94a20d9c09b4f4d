import { tagWidth } from '@roastery/plc';
import type { deviceTags } from '@roastery/db';
import type { TypeCommands } from './device-ports.ts';
import type { DeviceRepository } from './device-repository.ts';

type NewTag = Omit<typeof deviceTags.$inferInsert, 'deviceId'>;
type Encoding = Pick<NewTag, 'dataType' | 'scale' | 'feedbackCommandId'>;

/**
 * PLC tags for a new device: one per command of its type, in a fresh block after every address
 * in use. Each command keeps the encoding (data type, scale, feedback) that the plant already
 * uses for it, so a new silo reads like the other silos; the administrator can change any of it.
 */
export async function allocateTags(
  devices: DeviceRepository,
  commands: TypeCommands,
  typeId: number,
): Promise<NewTag[]> {
  const [binaryIds, inputIds, next, existing] = await Promise.all([
    commands.idsOfType(typeId, 'binary'),
    commands.idsOfType(typeId, 'input'),
    devices.nextFreeBlock(),
    devices.allTags(),
  ]);
  const encodingOf = (kind: 'binary' | 'input', commandId: number): Encoding => {
    const seen = existing.find((t) => t.kind === kind && t.commandId === commandId);
    if (seen)
      return {
        dataType: seen.dataType,
        scale: seen.scale,
        feedbackCommandId: seen.feedbackCommandId,
      };
    return kind === 'binary'
      ? { dataType: 'bool', scale: 1, feedbackCommandId: null }
      : { dataType: 'uint16', scale: 1, feedbackCommandId: null };
  };
  let coil = next.coil;
  let holding = next.holding;
  const tags: NewTag[] = [];
  for (const commandId of [...binaryIds].sort((a, b) => a - b)) {
    tags.push({
      kind: 'binary',
      commandId,
      area: 'coil',
      address: coil++,
      ...encodingOf('binary', commandId),
    });
  }
  for (const commandId of [...inputIds].sort((a, b) => a - b)) {
    const encoding = encodingOf('input', commandId);
    tags.push({ kind: 'input', commandId, area: 'holding', address: holding, ...encoding });
    holding += tagWidth({ data_type: encoding.dataType });
  }
  return tags;
}
