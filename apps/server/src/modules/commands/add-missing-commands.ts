import { binaryCommands, deviceTypeCommands, inputCommands, type Executor } from '@roastery/db';
import type { CommandKind, PlantDefinition } from '@roastery/contract';

/** Whether the database's command of this kind and id is the plant's own (the same label). */
export type IsPlantCommand = (kind: CommandKind, id: number) => boolean;

/**
 * Adds the plant's commands a database lacks, and the device types' offers of them. A command id
 * a person has used for another label keeps that label; the plant's command is then left out,
 * which the returned check tells.
 */
export async function addMissingCommands(
  tx: Executor,
  plant: Pick<PlantDefinition, 'commands' | 'typeCommands'>,
): Promise<IsPlantCommand> {
  const labels = {
    binary: new Map((await tx.select().from(binaryCommands)).map((c) => [c.id, c.label] as const)),
    input: new Map((await tx.select().from(inputCommands)).map((c) => [c.id, c.label] as const)),
  };
  for (const command of plant.commands) {
    if (labels[command.kind].has(command.id)) continue;
    const row = { id: command.id, label: command.label, owner: command.owner };
    if (command.kind === 'binary') await tx.insert(binaryCommands).values(row);
    else {
      await tx
        .insert(inputCommands)
        .values({ ...row, isSpeed: command.isSpeed ?? false, unit: command.unit ?? '' });
    }
    labels[command.kind].set(command.id, command.label);
  }
  const isPlantCommand: IsPlantCommand = (kind, id) =>
    plant.commands.some((c) => c.kind === kind && c.id === id && labels[kind].get(id) === c.label);
  const offers = plant.typeCommands.flatMap((t) =>
    t.command_ids
      .filter((id) => isPlantCommand(t.kind, id))
      .map((commandId) => ({ typeId: t.device_type, kind: t.kind, commandId })),
  );
  if (offers.length) await tx.insert(deviceTypeCommands).values(offers).onConflictDoNothing();
  return isPlantCommand;
}
