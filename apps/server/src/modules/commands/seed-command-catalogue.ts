import {
  binaryCommands,
  deviceTypeCommands,
  deviceTypes,
  inputCommands,
  type Executor,
} from '@roastery/db';
import type { PlantDefinition } from '@roastery/contract';

/** Writes a plant's device types and their binary and input commands into an empty database. */
export async function seedCommandCatalogue(
  tx: Executor,
  plant: Pick<PlantDefinition, 'deviceTypes' | 'commands' | 'typeCommands'>,
): Promise<void> {
  await tx.insert(deviceTypes).values(plant.deviceTypes);
  const binary = plant.commands.filter((c) => c.kind === 'binary');
  const input = plant.commands.filter((c) => c.kind === 'input');
  await tx
    .insert(binaryCommands)
    .values(binary.map((c) => ({ id: c.id, label: c.label, owner: c.owner })));
  await tx.insert(inputCommands).values(
    input.map((c) => ({
      id: c.id,
      label: c.label,
      owner: c.owner,
      isSpeed: c.isSpeed ?? false,
      unit: c.unit ?? '',
    })),
  );
  await tx
    .insert(deviceTypeCommands)
    .values(
      plant.typeCommands.flatMap((t) =>
        t.command_ids.map((commandId) => ({ typeId: t.device_type, kind: t.kind, commandId })),
      ),
    );
}
